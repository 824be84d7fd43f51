//! Program control (branches, calls, PC moves), the wait family, sequencing, MODE access,
//! messages and traps: the SOPP rows and the SOPK/SOP1 rows that touch the PC or a hardware
//! register.

use rdna3_isa::syntax::{HW_REG_MODE, Waitcnt};
use rdna3_isa::{InstDef, Mnemonic as M};

use crate::golden::scalar::{Exec, ExecFn, ones};
use crate::golden::state::{COUNTER_MAX, Counters, Fault, MODE_WRITABLE, Outcome};

/// The function of each program-control row, by mnemonic.
pub(super) fn bind(def: &InstDef) -> Option<ExecFn> {
    let f: ExecFn = match def.mnemonic {
        // SOPK
        M::s_version => nop,
        M::s_getreg_b32 => getreg,
        M::s_setreg_b32 | M::s_setreg_imm32_b32 => setreg,
        M::s_call_b64 => call,
        M::s_waitcnt_vscnt => waitcnt_vscnt,
        M::s_waitcnt_vmcnt => waitcnt_vmcnt,
        M::s_waitcnt_expcnt => waitcnt_expcnt,
        M::s_waitcnt_lgkmcnt => waitcnt_lgkmcnt,
        // SOP1
        M::s_getpc_b64 => getpc,
        M::s_setpc_b64 => setpc,
        M::s_swappc_b64 => swappc,
        // SOPP
        M::s_nop
        | M::s_sleep
        | M::s_set_inst_prefetch_distance
        | M::s_clause
        | M::s_delay_alu
        | M::s_wakeup
        | M::s_setprio
        | M::s_incperflevel
        | M::s_decperflevel
        | M::s_icache_inv => nop,
        M::s_waitcnt => waitcnt,
        // Waits for ALU results already in flight: nothing to wait for in this model.
        M::s_waitcnt_depctr => nop,
        M::s_wait_idle => wait_idle,
        M::s_round_mode => round_mode,
        M::s_denorm_mode => denorm_mode,
        M::s_branch => branch,
        M::s_cbranch_scc0 => cbranch_scc0,
        M::s_cbranch_scc1 => cbranch_scc1,
        M::s_cbranch_vccz => cbranch_vccz,
        M::s_cbranch_vccnz => cbranch_vccnz,
        M::s_cbranch_execz => cbranch_execz,
        M::s_cbranch_execnz => cbranch_execnz,
        M::s_cbranch_cdbgsys
        | M::s_cbranch_cdbguser
        | M::s_cbranch_cdbgsys_or_user
        | M::s_cbranch_cdbgsys_and_user => cbranch_cdbg,
        M::s_endpgm => endpgm,
        M::s_barrier => barrier,
        // Messages and traps
        M::s_sendmsg => sendmsg,
        M::s_sendmsghalt => sendmsghalt,
        M::s_sendmsg_rtn_b32 | M::s_sendmsg_rtn_b64 => sendmsg_rtn,
        M::s_trap => trap,
        M::s_sethalt => sethalt,
        M::s_rfe_b64 => rfe,
        _ => return None,
    };
    Some(f)
}

/// `value` sign-extended from bit 47: how a PC is written to SGPRs.
fn pc_to_sgpr(value: u64) -> u64 {
    ((value << 16) as i64 >> 16) as u64
}

/// PC + 4 + 4 * SIMM16 (the pseudocode's short-jump target).
fn branch_target(x: &Exec) -> u64 {
    x.pc.wrapping_add(4).wrapping_add(x.simm16().wrapping_mul(4))
}

// --- sequencing ----------------------------------------------------------------------------

/// Rows that change no architectural state: hints, priorities, sleeps, cache control.
fn nop(_: &mut Exec) {}

/// `s_endpgm`: completes every outstanding memory operation (the hardware waits for all
/// counters to reach zero) and ends the wave.
fn endpgm(x: &mut Exec) {
    x.counters = Counters::default();
    x.outcome = Outcome::Ended;
}

fn barrier(x: &mut Exec) {
    x.outcome = Outcome::Barrier;
}

// --- waits ---------------------------------------------------------------------------------
//
// Memory operations take effect when they issue and stay outstanding, counted, until a wait
// completes them: a wait retires at once, after completing the oldest operations of each
// counter until the counter is at its threshold (functionally, memory that answers as soon as
// it is asked). Nothing but a wait completes an operation, so the counters a program sees
// are exactly what it issued and has not waited for.

/// `s_waitcnt`: vmcnt <= SIMM16[15:10], lgkmcnt <= SIMM16[9:4], expcnt <= SIMM16[2:0].
fn waitcnt(x: &mut Exec) {
    let w = Waitcnt::decode(x.imm());
    let c = &mut x.counters;
    c.vm = c.vm.min(w.vm);
    c.lgkm = c.lgkm.min(w.lgkm);
    c.exp = c.exp.min(w.exp);
}

/// Threshold of the SOPK waits: S0 + SIMM16 in `bits` bits, without clamping.
fn threshold(x: &Exec, bits: u32) -> u32 {
    (x.src(0).wrapping_add(u64::from(x.imm())) & ones(bits)) as u32
}

fn waitcnt_vscnt(x: &mut Exec) {
    x.counters.vs = x.counters.vs.min(threshold(x, 6));
}

fn waitcnt_vmcnt(x: &mut Exec) {
    x.counters.vm = x.counters.vm.min(threshold(x, 6));
}

fn waitcnt_expcnt(x: &mut Exec) {
    x.counters.exp = x.counters.exp.min(threshold(x, 3));
}

fn waitcnt_lgkmcnt(x: &mut Exec) {
    x.counters.lgkm = x.counters.lgkm.min(threshold(x, 6));
}

/// `s_wait_idle`: every counter to zero.
fn wait_idle(x: &mut Exec) {
    x.counters = Counters::default();
}

// --- branches ------------------------------------------------------------------------------

fn branch_if(x: &mut Exec, taken: bool) {
    if taken {
        x.jump(branch_target(x));
    }
}

fn branch(x: &mut Exec) {
    branch_if(x, true);
}

fn cbranch_scc0(x: &mut Exec) {
    branch_if(x, !x.wave.scc);
}

fn cbranch_scc1(x: &mut Exec) {
    branch_if(x, x.wave.scc);
}

/// Wave32: VCC[31:0] decides.
fn cbranch_vccz(x: &mut Exec) {
    branch_if(x, x.wave.vcc() as u32 == 0);
}

fn cbranch_vccnz(x: &mut Exec) {
    branch_if(x, x.wave.vcc() as u32 != 0);
}

/// Wave32: EXEC[31:0] decides.
fn cbranch_execz(x: &mut Exec) {
    branch_if(x, x.wave.exec() as u32 == 0);
}

fn cbranch_execnz(x: &mut Exec) {
    branch_if(x, x.wave.exec() as u32 != 0);
}

/// `s_cbranch_cdbg*`: the conditional-debug bits are zero in this model, so none branches.
fn cbranch_cdbg(x: &mut Exec) {
    branch_if(x, false);
}

// --- PC moves ------------------------------------------------------------------------------

/// D = PC + 4; PC = PC + 4 + 4 * SIMM16.
fn call(x: &mut Exec) {
    x.dst(pc_to_sgpr(x.pc.wrapping_add(4)));
    x.jump(branch_target(x));
}

/// D = PC + 4.
fn getpc(x: &mut Exec) {
    x.dst(pc_to_sgpr(x.pc.wrapping_add(4)));
}

/// PC = S0.
fn setpc(x: &mut Exec) {
    x.jump(x.src(0));
}

/// D = PC + 4; PC = S0 (read before D is written).
fn swappc(x: &mut Exec) {
    let target = x.src(0);
    x.dst(pc_to_sgpr(x.pc.wrapping_add(4)));
    x.jump(target);
}

// --- MODE ----------------------------------------------------------------------------------

/// SIMM16 of `s_getreg`/`s_setreg`: (hardware register id, offset, size in 1..=32).
fn hwreg(x: &Exec) -> (u32, u32, u32) {
    let imm = x.imm();
    (imm & 0x3f, imm >> 6 & 0x1f, (imm >> 11 & 0x1f) + 1)
}

fn not_modelled(x: &mut Exec, id: u32) {
    x.outcome = Outcome::Fault(Fault::NotImplemented {
        pc: x.pc,
        what: format!("{} of hardware register {id} (only MODE, 1, is modelled)", x.def.name),
    });
}

/// D = HW_REG[offset + size - 1 : offset].
fn getreg(x: &mut Exec) {
    let (id, offset, size) = hwreg(x);
    if id != HW_REG_MODE {
        return not_modelled(x, id);
    }
    let v = u64::from(x.wave.mode >> offset) & ones(size);
    x.dst(v);
}

/// HW_REG[offset + size - 1 : offset] = S0[size - 1 : 0], for the writable bits only.
/// (`s_setreg_b32` reads S0 from SDST, `s_setreg_imm32_b32` from the literal: the row says.)
fn setreg(x: &mut Exec) {
    let (id, offset, size) = hwreg(x);
    if id != HW_REG_MODE {
        return not_modelled(x, id);
    }
    let mask = (ones(size) << offset) as u32 & MODE_WRITABLE;
    let value = (x.src(0) << offset) as u32 & mask;
    x.write_mode(value | x.wave.mode & !mask);
}

/// MODE[3:0] (FP_ROUND) = SIMM16[3:0].
fn round_mode(x: &mut Exec) {
    x.write_mode(x.wave.mode & !0xf | x.imm() & 0xf);
}

/// MODE[7:4] (FP_DENORM) = SIMM16[3:0].
fn denorm_mode(x: &mut Exec) {
    x.write_mode(x.wave.mode & !0xf0 | (x.imm() & 0xf) << 4);
}

// --- messages and traps --------------------------------------------------------------------

/// Message ids of `s_sendmsg` (SIMM16[7:0], guide Table 15).
const MSG_INTERRUPT: u32 = 0x01;
const MSG_HS_TESSFACTOR: u32 = 0x02;
const MSG_DEALLOC_VGPRS: u32 = 0x03;
const MSG_GS_ALLOC_REQ: u32 = 0x09;

/// `s_sendmsg`: MSG_DEALLOC_VGPRS releases the wave's VGPRs (a later VGPR access faults);
/// MSG_INTERRUPT raises a host interrupt, which this model records as an event and otherwise
/// ignores (no host is listening). The graphics messages fault as not implemented; reserved
/// ids are illegal. Messages do not count on LGKMcnt (no data returns).
fn sendmsg(x: &mut Exec) {
    match x.imm() & 0xff {
        MSG_DEALLOC_VGPRS => x.release_vgprs = true,
        MSG_INTERRUPT => x.env.interrupts += 1,
        id @ (MSG_HS_TESSFACTOR | MSG_GS_ALLOC_REQ) => {
            x.outcome = Outcome::Fault(Fault::NotImplemented {
                pc: x.pc,
                what: format!("{} of graphics message {id:#x}", x.def.name),
            })
        }
        id => {
            x.outcome = Outcome::Fault(Fault::Illegal {
                pc: x.pc,
                why: format!("{} of reserved message id {id:#x}", x.def.name),
            })
        }
    }
}

/// Message ids of `s_sendmsg_rtn_*` (SSRC0, guide Table 16).
const RTN_GET_DOORBELL: u32 = 0x80;
const RTN_GET_DDID: u32 = 0x81;
const RTN_GET_TMA: u32 = 0x82;
const RTN_GET_REALTIME: u32 = 0x83;
const RTN_GET_TBA: u32 = 0x85;

/// `s_sendmsg_rtn_b32/b64`: the answer is written to SDST and counts 2 on LGKMcnt until
/// waited for. Answers: no doorbell (0x0bad, as the guide specifies for a queue without one),
/// the dispatch id, no trap handler (TMA and TBA 0), and REALTIME as the number of
/// instructions the whole run has retired so far (deterministic, monotonic). Save-wave (0x84,
/// user shaders) and every other id are illegal.
fn sendmsg_rtn(x: &mut Exec) {
    let value = match x.imm() {
        RTN_GET_DOORBELL => 0x0bad,
        RTN_GET_DDID => x.env.dispatch_id,
        RTN_GET_TMA | RTN_GET_TBA => 0,
        RTN_GET_REALTIME => x.env.retired,
        id => {
            x.outcome = Outcome::Fault(Fault::Illegal {
                pc: x.pc,
                why: format!("{} of message id {id:#x} (not a message a user shader may send)", x.def.name),
            });
            return;
        }
    };
    x.dst(value);
    x.counters.lgkm = (x.counters.lgkm + 2).min(COUNTER_MAX);
}

/// `s_trap`: enters the trap handler, which this model does not have; the wave faults with
/// the trap id (SIMM16[7:0]; clang's `__builtin_trap` is `s_trap 2`).
fn trap(x: &mut Exec) {
    x.outcome = Outcome::Fault(Fault::Trap { pc: x.pc, what: format!("s_trap {}", x.imm() & 0xff) });
}

/// `s_sethalt 1` halts the wave until a debugger resumes it; without one the wave can never
/// continue, so the model stops it with a fault. `s_sethalt 0` changes nothing.
fn sethalt(x: &mut Exec) {
    if x.imm() & 1 == 1 {
        x.outcome =
            Outcome::Fault(Fault::Trap { pc: x.pc, what: "s_sethalt 1 (halted, no debugger)".into() });
    }
}

/// `s_sendmsghalt`: the message, then a halt.
fn sendmsghalt(x: &mut Exec) {
    sendmsg(x);
    if x.outcome == Outcome::Retired {
        x.outcome =
            Outcome::Fault(Fault::Trap { pc: x.pc, what: "s_sendmsghalt (halted, no debugger)".into() });
    }
}

/// `s_rfe_b64` returns from a trap handler; outside one (always, here) it is illegal.
fn rfe(x: &mut Exec) {
    x.outcome = Outcome::Fault(Fault::Illegal { pc: x.pc, why: "s_rfe_b64 outside a trap handler".into() });
}
