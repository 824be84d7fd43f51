//! What a wave touches outside itself while it executes: global memory, its workgroup's LDS,
//! facts about the dispatch, and the counts the run keeps.

use super::memory::Memory;
use super::state::Writes;

/// What the wave touches outside itself: global memory, its workgroup's LDS, and facts about
/// the dispatch.
pub struct Env<'m> {
    pub mem: &'m mut Memory,
    /// The workgroup's LDS allocation (`group_segment_size` bytes).
    pub lds: &'m mut [u8],
    /// The dispatch id (`s_sendmsg_rtn` GET_DDID).
    pub dispatch_id: u64,
    /// Instructions the run has retired so far (the REALTIME clock of this model).
    pub retired: u64,
    /// MSG_INTERRUPT messages sent.
    pub interrupts: u64,
    /// Scratch space for the writes of an instruction on the fast path (boxed, so that taking
    /// it moves a pointer, not the array).
    pub(super) scratch: Option<Box<Writes>>,
}

impl<'m> Env<'m> {
    pub fn new(mem: &'m mut Memory, lds: &'m mut [u8]) -> Env<'m> {
        Env { mem, lds, dispatch_id: 0, retired: 0, interrupts: 0, scratch: None }
    }
}
