//! Counters of a long run (co-simulation, a kernel launch), updated as it goes so that the
//! command line can show its progress; reading them never slows the run down.

use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Debug, Default)]
pub struct Progress {
    /// Instructions retired so far (wave instructions, for a launch).
    pub retired: AtomicU64,
    /// Waves that have ended (or faulted).
    pub waves_done: AtomicU64,
}

impl Progress {
    pub fn update(&self, retired: u64, waves_done: u64) {
        self.retired.store(retired, Ordering::Relaxed);
        self.waves_done.store(waves_done, Ordering::Relaxed);
    }

    /// (retired, waves done).
    pub fn get(&self) -> (u64, u64) {
        (self.retired.load(Ordering::Relaxed), self.waves_done.load(Ordering::Relaxed))
    }
}
