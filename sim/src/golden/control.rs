//! Program control (branches, calls, PC moves), the wait family, sequencing and MODE access:
//! the SOPP rows and the SOPK/SOP1 rows that touch the PC or a hardware register.

use rdna3_isa::syntax::Waitcnt;

use super::operands::{Exec, ones};
use super::state::{Fault, MODE_WRITABLE, Outcome};

/// Hardware register id of MODE in `s_getreg`/`s_setreg` (guide 3.4).
const HW_REG_MODE: u32 = 1;

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
pub fn nop(_: &mut Exec) {}

pub fn endpgm(x: &mut Exec) {
    // The hardware first waits for every counter to reach zero.
    if x.wave.counters != Default::default() {
        x.wait();
    } else {
        x.outcome = Outcome::Ended;
    }
}

pub fn barrier(x: &mut Exec) {
    x.outcome = Outcome::Barrier;
}

// --- waits ---------------------------------------------------------------------------------

/// `s_waitcnt`: vmcnt <= SIMM16[15:10], lgkmcnt <= SIMM16[9:4], expcnt <= SIMM16[2:0].
pub fn waitcnt(x: &mut Exec) {
    let w = Waitcnt::decode(x.imm());
    let c = x.wave.counters;
    if c.vm > w.vm || c.lgkm > w.lgkm || c.exp > w.exp {
        x.wait();
    }
}

/// Threshold of the SOPK waits: S0 + SIMM16 in `bits` bits, without clamping.
fn threshold(x: &Exec, bits: u32) -> u32 {
    (x.src(0).wrapping_add(u64::from(x.imm())) & ones(bits)) as u32
}

fn wait_until(x: &mut Exec, count: u32, bits: u32) {
    if count > threshold(x, bits) {
        x.wait();
    }
}

pub fn waitcnt_vscnt(x: &mut Exec) {
    wait_until(x, x.wave.counters.vs, 6);
}

pub fn waitcnt_vmcnt(x: &mut Exec) {
    wait_until(x, x.wave.counters.vm, 6);
}

pub fn waitcnt_expcnt(x: &mut Exec) {
    wait_until(x, x.wave.counters.exp, 3);
}

pub fn waitcnt_lgkmcnt(x: &mut Exec) {
    wait_until(x, x.wave.counters.lgkm, 6);
}

pub fn wait_idle(x: &mut Exec) {
    if x.wave.counters != Default::default() {
        x.wait();
    }
}

// --- branches ------------------------------------------------------------------------------

fn branch_if(x: &mut Exec, taken: bool) {
    if taken {
        x.jump(branch_target(x));
    }
}

pub fn branch(x: &mut Exec) {
    branch_if(x, true);
}

pub fn cbranch_scc0(x: &mut Exec) {
    branch_if(x, !x.wave.scc);
}

pub fn cbranch_scc1(x: &mut Exec) {
    branch_if(x, x.wave.scc);
}

/// Wave32: VCC[31:0] decides.
pub fn cbranch_vccz(x: &mut Exec) {
    branch_if(x, x.wave.vcc() as u32 == 0);
}

pub fn cbranch_vccnz(x: &mut Exec) {
    branch_if(x, x.wave.vcc() as u32 != 0);
}

/// Wave32: EXEC[31:0] decides.
pub fn cbranch_execz(x: &mut Exec) {
    branch_if(x, x.wave.exec() as u32 == 0);
}

pub fn cbranch_execnz(x: &mut Exec) {
    branch_if(x, x.wave.exec() as u32 != 0);
}

/// `s_cbranch_cdbg*`: the conditional-debug bits are zero in this model, so none branches.
pub fn cbranch_cdbg(x: &mut Exec) {
    branch_if(x, false);
}

// --- PC moves ------------------------------------------------------------------------------

/// D = PC + 4; PC = PC + 4 + 4 * SIMM16.
pub fn call(x: &mut Exec) {
    x.dst(pc_to_sgpr(x.pc.wrapping_add(4)));
    x.jump(branch_target(x));
}

/// D = PC + 4.
pub fn getpc(x: &mut Exec) {
    x.dst(pc_to_sgpr(x.pc.wrapping_add(4)));
}

/// PC = S0.
pub fn setpc(x: &mut Exec) {
    x.jump(x.src(0));
}

/// D = PC + 4; PC = S0 (read before D is written).
pub fn swappc(x: &mut Exec) {
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
pub fn getreg(x: &mut Exec) {
    let (id, offset, size) = hwreg(x);
    if id != HW_REG_MODE {
        return not_modelled(x, id);
    }
    let v = u64::from(x.wave.mode >> offset) & ones(size);
    x.dst(v);
}

/// HW_REG[offset + size - 1 : offset] = S0[size - 1 : 0], for the writable bits only.
/// (`s_setreg_b32` reads S0 from SDST, `s_setreg_imm32_b32` from the literal: the row says.)
pub fn setreg(x: &mut Exec) {
    let (id, offset, size) = hwreg(x);
    if id != HW_REG_MODE {
        return not_modelled(x, id);
    }
    let mask = (ones(size) << offset) as u32 & MODE_WRITABLE;
    let value = (x.src(0) << offset) as u32 & mask;
    x.write_mode(value | x.wave.mode & !mask);
}

/// MODE[3:0] (FP_ROUND) = SIMM16[3:0].
pub fn round_mode(x: &mut Exec) {
    x.write_mode(x.wave.mode & !0xf | x.imm() & 0xf);
}

/// MODE[7:4] (FP_DENORM) = SIMM16[3:0].
pub fn denorm_mode(x: &mut Exec) {
    x.write_mode(x.wave.mode & !0xf0 | (x.imm() & 0xf) << 4);
}
