//! Progress of the long tests on a terminal: one line per running test (cases done out of all,
//! instructions retired, the rate), drawn with `indicatif` on stderr, which libtest does not
//! capture. When stderr is not a terminal (CI, a pipe) nothing is drawn and nothing is printed.

use std::io::IsTerminal;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};

/// The lines of all the tests running in this process (libtest runs them on several threads).
static LINES: LazyLock<Option<MultiProgress>> =
    LazyLock::new(|| std::io::stderr().is_terminal().then(MultiProgress::new));

/// One test's progress line. Counting costs two atomic adds when nothing is drawn.
pub struct TestProgress {
    bar: Option<ProgressBar>,
    start: Instant,
    retired: AtomicU64,
}

impl TestProgress {
    /// A line for the test `name`, which runs `cases` cases (programs, configurations).
    pub fn new(name: &str, cases: u64) -> Self {
        let bar = LINES.as_ref().map(|m| {
            let b = m.add(ProgressBar::new(cases));
            if let Ok(st) = ProgressStyle::with_template("{prefix} {elapsed} {pos}/{len} cases, {msg}") {
                b.set_style(st);
            }
            b.set_prefix(name.to_string());
            b
        });
        TestProgress { bar, start: Instant::now(), retired: AtomicU64::new(0) }
    }

    /// One case finished, having retired `retired` instructions.
    pub fn case_done(&self, retired: u64) {
        let total = self.retired.fetch_add(retired, Ordering::Relaxed) + retired;
        if let Some(b) = &self.bar {
            b.inc(1);
            let rate = total as f64 / self.start.elapsed().as_secs_f64().max(1e-3);
            b.set_message(format!("{total} instructions retired, {rate:.0}/s"));
            if b.position() >= b.length().unwrap_or(u64::MAX) {
                b.finish();
            }
        }
    }
}
