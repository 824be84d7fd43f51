"""Corpus forms of the packed and mixed-precision vector ALU (VOP3P: v_pk_*, v_dot*, v_fma_mix*,
v_wmma_*), and a sweep of their source codes, literals and modifier bits through LLVM's
disassembler.

Every row gets forms with VGPRs at the edges of the register file, every scalar register
kind and constant (inline integers and floats, hex patterns of f16/bf16/f32 constants,
literals, apertures) in each source, every `op_sel`, `op_sel_hi`, `neg_lo` and `neg_hi`
combination, `clamp`, the v_fma_mix source modifiers (`-x`, `|x|`, `neg()`, `abs()`), and the
DPP16/DPP8 forms where LLVM has them (v_dot2_f32_f16, v_fma_mix*)."""
import itertools
import re

from forms_flat import hexw
from forms_vop import DPP16, DPP16_TAIL, DPP8, parse, src_index
from llvmmc import run

NAME = "vop3p"
FORMATS = {"VOP3P"}

WIDTH = {"b64": 2, "b128": 4, "b256": 8}
SGPRS = ["s0", "s105", "vcc_lo", "vcc_hi", "m0", "exec_lo", "exec_hi", "ttmp0", "ttmp15", "null"]
SPECIAL = ["src_scc", "src_shared_base", "src_shared_limit", "src_private_base", "src_private_limit",
           "src_pops_exiting_wave_id", "src_vccz", "src_execz", "src_lds_direct"]
INTS = ["0", "1", "64", "-1", "-16", "65", "-17", "0x1234", "0xffff", "0x10000", "0x12345678",
        "0xffffffff", "-100", "0x7fff", "0x8000", "-0x8000", "0xfffffff0"]
FLOATS = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494", "0.15915494309189532",
          "1.5", "-1.5", "3.14159", "65504.0", "0.1", "-0.0"]
PATTERNS = ["0x3800", "0xb800", "0x3c00", "0xbc00", "0x4000", "0xc400", "0x3118", "0x3f00", "0x3f80",
            "0xbf80", "0x3e22", "0x3f000000", "0x3f800000", "0xc0800000", "0x3e22f983",
            "0x3c003c00", "0x38003800", "0x3ff00000", "0x3fe00000", "0x12343800"]
CONSTS = INTS + FLOATS + PATTERNS + SPECIAL
VREGS = {1: ["v0", "v1", "v255", "v128", "v127", "v17"],
         2: ["v[0:1]", "v[254:255]", "v[3:4]", "v[128:129]"],
         4: ["v[0:3]", "v[252:255]", "v[5:8]", "v[100:103]"],
         8: ["v[0:7]", "v[248:255]", "v[1:8]", "v[100:107]", "v[9:16]"]}


def width(kind):
    return WIDTH.get(kind, 1)


def vreg(kind, k):
    pool = VREGS[width(kind)]
    return pool[k % len(pool)]


class Row:
    def __init__(self, row):
        _, self.name, self.ops, self.imms, _, _ = parse(row)
        self.dst = [o for o in self.ops if o[1] == "vdst"][0]
        self.srcs = [o for o in self.ops if src_index(o[1]) is not None]
        self.n = len(self.srcs)
        self.mix = self.imms.get("neg_hi") == "abs_aaa"
        self.wmma = self.name.startswith("v_wmma")
        self.opsel = self.imms.get("opsel", "").startswith("opsel_")
        self.opsel_hi = self.imms.get("opsel_hi") in ("opsel_hi", "opsel_hi_mix")
        self.neg_lohi = self.imms.get("neg") == "neg_lo"
        self.clamp = self.imms.get("clmp") == "clamp"
        self.dpp = self.imms.get("dpp_ctrl") == "dpp"

    def regs(self, k, shift=0):
        """Destination and sources as VGPRs, varied with k."""
        return [vreg(self.dst[2], k)] + [vreg(s[2], k + 3 * (i + 1) + shift) for i, s in enumerate(self.srcs)]

    def line(self, ops, tail=""):
        return self.name + " " + ", ".join(ops) + tail


def lists(n):
    return ["[" + ",".join(map(str, bits)) + "]" for bits in itertools.product([0, 1], repeat=n)]


def vop3p_forms(r):
    out = []
    # Registers.
    for k in range(6):
        out.append(r.line(r.regs(k)))
    # Each source: scalar registers and constants (WMMA: only src2 takes constants).
    for i in range(r.n):
        if r.wmma and i < 2:
            continue
        pool = CONSTS + ([] if r.wmma else SGPRS)
        for k, c in enumerate(pool):
            ops = r.regs(k)
            ops[1 + i] = c
            out.append(r.line(ops))
    # Two sources sharing one literal, two different literals, two SGPRs, SGPR and literal.
    if not r.wmma:
        for a, b in [("0x12345678", "0x12345678"), ("0x12345678", "0x1234"), ("s1", "s2"), ("s1", "s1"),
                     ("s1", "0x1234"), ("1.5", "1.5"), ("0x3e00", "1.5"), ("vcc_lo", "0.5")]:
            ops = r.regs(1)
            ops[1], ops[2] = a, b
            out.append(r.line(ops))
        if r.n == 3:
            ops = r.regs(2)
            ops[1], ops[2], ops[3] = "s1", "s2", "s3"
            out.append(r.line(ops))
            ops[1], ops[2], ops[3] = "s1", "0x1234", "s1"
            out.append(r.line(ops))
    # Modifiers, each on its own, then mixed.
    mods = []
    if r.opsel:
        mods += [" op_sel:" + l for l in lists(r.n)]
    if r.opsel_hi:
        mods += [" op_sel_hi:" + l for l in lists(r.n)]
    if r.neg_lohi:
        mods += [" neg_lo:" + l for l in lists(r.n)] + [" neg_hi:" + l for l in lists(r.n)]
    if r.clamp:
        mods += [" clamp"]
    for k, m in enumerate(mods):
        out.append(r.line(r.regs(k), m))
    combos = []
    for k in range(12):
        t = ""
        if r.opsel:
            t += " op_sel:" + lists(r.n)[(k * 3) % (1 << r.n)]
        if r.opsel_hi:
            t += " op_sel_hi:" + lists(r.n)[(k * 5 + 1) % (1 << r.n)]
        if r.neg_lohi:
            t += " neg_lo:" + lists(r.n)[(k * 7 + 2) % (1 << r.n)]
            t += " neg_hi:" + lists(r.n)[(k * 3 + 5) % (1 << r.n)]
        if r.clamp and k % 2:
            t += " clamp"
        combos.append(t)
        ops = r.regs(k)
        if not r.wmma and k % 3 == 1:
            ops[1 + k % r.n] = ["s5", "0.5", "0x1234", "-1"][k % 4]
        out.append(r.line(ops, t))
    # v_fma_mix: source modifiers on registers and constants.
    if r.mix:
        wraps = ["-{}", "|{}|", "-|{}|", "neg({})", "abs({})", "neg(abs({}))", "neg(|{}|)"]
        for i in range(3):
            for k, w in enumerate(wraps):
                ops = r.regs(k)
                val = [ops[1 + i], "s3", "1.0", "0.5", "0x3e00", "-2.0", "0"][k % 7]
                ops[1 + i] = w.format(val)
                out.append(r.line(ops, combos[k % len(combos)]))
    # DPP16 and DPP8.
    if r.dpp:
        for k, ctrl in enumerate(DPP16):
            ops = r.regs(k)
            if r.mix and k % 2:
                ops[1] = "-" + ops[1]
                ops[3] = "|" + ops[3] + "|"
            out.append(r.line(ops, combos[k % len(combos)] + " " + ctrl + DPP16_TAIL[k % len(DPP16_TAIL)]))
        # LLVM 19 cannot disassemble the DPP8 words it assembles with fi:1 (SRC0 = 234).
        for k, sel in enumerate(d for d in DPP8 if "fi:1" not in d):
            out.append(r.line(r.regs(k), combos[(k + 1) % len(combos)] + " " + sel))
        # The DPP forms' sources: src1 and src2 may be SGPRs or (src2) constants.
        # (LLVM 19 accepts a literal in the DPP forms without the _e64_dpp suffix and drops it.)
        for k, (b, c) in enumerate([("s1", "v3"), ("v2", "s3"), ("v2", "1.0"), ("v2", "-16"), ("1.0", "v3"),
                                    ("v2", "src_scc"), ("v2", "null"), ("v2", "exec_hi")]):
            out.append(r.line(["v0", "v1", b, c], " quad_perm:[1,0,3,2]"))
            out.append(r.line(["v0", "v1", b, c], " dpp8:[1,0,3,2,5,4,7,6]"))
        out.append(r.line(["v0", "s1", "v2", "v3"], " row_shl:3"))
        out.append(r.name + "_e64_dpp v255, v255, v255, v255 row_xmask:15 row_mask:0x3 bank_mask:0xc fi:1")
    return out


def forms(row):
    if "nollvm" in row:
        return []
    return list(dict.fromkeys(vop3p_forms(Row(row))))


SCODES = [0, 1, 2, 5, 104, 105, 106, 107, 108, 115, 123, 124, 125, 126, 127]
LITERALS = [0x3f800000, 0x3c00, 0x12343800, 0xffff_fff0, 0xfff0, 0x3e22f983, 0x3f000000, 0x3ff00000,
            0x1234_5678, 0x40, 0x41, 0x0, 0x3118, 0x3e22, 0x3f80, 0x8000_0000]


MARK = "s_nop 0xfed"
MARK4 = hexw(*[0xbf800fed] * 4)


def decodable_isolated(hexes):
    """The words of `hexes` (byte strings "aa bb ...") that llvm-mc-19 disassembles as exactly
    one instruction of exactly their length. Each word is followed by four `s_nop 0xfed`
    markers, so that LLVM, resuming inside a word it could not decode, never runs into the
    next word; a word is kept when no warning names its line and its output is one
    instruction followed by all four markers (a word that LLVM reads longer eats a marker).
    Unlike a check of -show-encoding lengths, this keeps words LLVM would encode otherwise
    (a literal that holds an inline value)."""
    keep = []
    for k in range(0, len(hexes), 3000):
        chunk = hexes[k:k + 3000]
        lines = []
        for h in chunk:
            lines += [h, MARK4]
        text = "\n".join(",".join("0x" + b for b in h.split()) for h in lines) + "\n"
        out, err = run(["-disassemble"], text)
        warned = {int(m.group(1)) - 1 for m in re.finditer(r":(\d+):\d+: warning", err)}
        outl = [l.strip() for l in out.splitlines() if l.strip() and not l.strip().startswith(".text")]
        pos = 0
        for i, h in enumerate(chunk):
            insts = 0
            while pos < len(outl) and outl[pos] != MARK:
                insts += 1
                pos += 1
            marks = 0
            while pos < len(outl) and outl[pos] == MARK and marks < 4:
                marks += 1
                pos += 1
            if insts == 1 and marks == 4 and 2 * i not in warned:
                keep.append(h)
    return keep


def sweeps():
    """Every source code (scalar registers, constants, the literal with values of every printing
    class) in each source of every row, and modifier bits on their own and together. Only the
    words LLVM decodes are kept."""
    from llvmmc import rows
    words = []
    for row in rows():
        if row[0] != "VOP3P" or "nollvm" in row:
            continue
        r = Row(row)
        op = int(row[1])
        base0 = 0xcc << 24 | op << 16 | 1 << 14

        def word(vdst=0, s=(257, 258, 259), opsel=0, ohi=3, ohi2=1, neg=0, neg_hi=0, clmp=0, lit=None):
            w0 = base0 & ~(1 << 14) | ohi2 << 14 | clmp << 15 | opsel << 11 | neg_hi << 8 | vdst
            w1 = s[0] | s[1] << 9 | s[2] << 18 | ohi << 27 | neg << 29
            return hexw(w0, w1) if lit is None else hexw(w0, w1, lit)

        regs = [257 + 8 * i if r.wmma else 257 + i for i in range(3)]
        if r.n < 3:
            regs[2] = 0
        for i in range(r.n):
            for code in SCODES + list(range(128, 256)) + [256, 511, 383, 384]:
                if i == 0 and code in (233, 234, 250):
                    continue  # DPP selectors: another length
                s = list(regs)
                s[i] = code
                if code == 255:
                    for lit in LITERALS:
                        words.append(word(s=s, lit=lit))
                else:
                    words.append(word(s=s))
        for bits in range(0, 64, 2):
            words.append(word(opsel=bits & 7, neg=bits >> 3, s=regs))
            words.append(word(neg_hi=bits & 7, ohi=bits >> 4, ohi2=bits >> 3 & 1, s=regs))
            words.append(word(opsel=bits & 7, ohi=bits >> 3 & 3, ohi2=bits >> 5, clmp=1, s=regs))
            words.append(word(neg=bits & 7, neg_hi=bits >> 3, s=[128, 242, 255], lit=0x3c00))
        if r.dpp:
            # The DPP forms: every code in src1 and src2 (the literal too, which LLVM reads
            # although the guide allows none with DPP).
            for i in (1, 2):
                for code in SCODES + list(range(128, 256)):
                    s = list(regs)
                    s[0] = 250
                    s[i] = code
                    w = word(s=s).split() + hexw(0xff00b101).split()
                    if code == 255:
                        w += hexw(0x3c00).split()
                    words.append(" ".join(w))
    return [("vop3p_sweep", decodable_isolated(words))]
