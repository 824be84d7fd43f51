"""Corpus forms of the dual-issue vector ALU (VOPD: `v_dual_X ... :: v_dual_Y ...`), and a sweep
of its source, destination and opcode fields through LLVM's disassembler.

Every X operation is paired with every Y operation LLVM knows, with VGPRs that satisfy the
bank rules; then each pair's sources take scalar registers, inline constants, literals (one
shared literal, v_dual_fmaak/fmamk's K), and registers at the edges of the file. Forms that
break a rule LLVM enforces (different banks for the two SRC0s and the two VSRC1s, one even
and one odd destination, at most two scalar values with v_dual_cndmask's VCC among them)
are included too: LLVM rejects them, so they only check that the generator keeps none."""
from forms_flat import hexw
from forms_vop import parse
from forms_vop3p import decodable_isolated
from llvmmc import rows

NAME = "vopd"
FORMATS = {"VOPD_X"}

SCALARS = ["s1", "s105", "vcc_lo", "vcc_hi", "m0", "exec_lo", "exec_hi", "ttmp1", "null", "src_scc",
           "0", "64", "-16", "0.5", "-4.0", "0.15915494", "0x12345678", "1.5", "0x3c00", "0x3f800000",
           "src_shared_base", "-1", "0x3800", "0x40490fdb"]


def ys():
    return [r for r in rows() if r[0] == "VOPD_Y" and "nollvm" not in r]


class Op:
    """One half of a pair: name, destination, sources in order (K is `lit`)."""

    def __init__(self, row):
        _, self.name, ops, self.imms, self.reads, _ = parse(row)
        self.ops = ops
        self.srcs = [o for o in ops if o[1] not in ("vdstx", "vdsty")]

    def text(self, dst, src0, src1, k="0x1234"):
        out = [dst]
        for _, field, _ in self.srcs:
            out.append({"srcx0": src0, "srcy0": src0, "vsrcx1": src1, "vsrcy1": src1, "lit": k}[field])
        return self.name + " " + ", ".join(out)


def pair(x, y, xd="v0", x0="v1", x1="v2", yd="v3", y0="v4", y1="v7", xk="0x1234", yk="0x1234"):
    return x.text(xd, x0, x1, xk) + " :: " + y.text(yd, y0, y1, yk)


def forms(row):
    if "nollvm" in row:
        return []
    x = Op(row)
    out = []
    for yrow in ys():
        y = Op(yrow)
        out.append(pair(x, y))
        out.append(pair(x, y, "v255", "v253", "v254", "v254", "v252", "v255"))
        out.append(pair(x, y, "v17", "v128", "v129", "v42", "v131", "v128", "0x3f800000", "0x3f800000"))
        for k, c in enumerate(SCALARS):
            # A scalar in X's SRC0, in Y's SRC0, or in both.
            where = k % 3
            out.append(pair(x, y, x0=c if where != 1 else "v1", y0=c if where != 0 else "v4"))
        # Two SGPRs, SGPR and literal, two literals (equal, different), K and a source literal.
        for a, b in [("s1", "s2"), ("s1", "0x1234"), ("0x1234", "0x1234"), ("0x1234", "0x5678"),
                     ("vcc_lo", "s2"), ("vcc_lo", "vcc_lo"), ("1.0", "0x1234")]:
            out.append(pair(x, y, x0=a, y0=b))
        out.append(pair(x, y, x0="0x1234", y0="v4", xk="0x1234", yk="0x1234"))
        out.append(pair(x, y, x0="0x5678", y0="v4", xk="0x1234", yk="0x1234"))
        # Rule breakers: banks and parity.
        out.append(pair(x, y, x0="v1", y0="v5"))
        out.append(pair(x, y, x1="v2", y1="v6"))
        out.append(pair(x, y, xd="v0", yd="v2"))
    # The alternative spelling LLVM accepts: the X mnemonic with _e32.
    out.append(pair(Op(row), Op(ys()[3])).replace(x.name, x.name + "_e32", 1))
    return list(dict.fromkeys(out))


LITERALS = [0x3f800000, 0x12345678, 0xfffffff0, 0x40, 0x3800, 0x3c003c00, 0]


def sweeps():
    """Every source code in SRCX0 and SRCY0 (with literals), VSRC1 and destination fields at
    their edges, and every X/Y opcode pair with odd VDSTX. Only the words LLVM decodes are
    kept."""
    xs = [int(r[1]) for r in rows() if r[0] == "VOPD_X" and "nollvm" not in r]
    yops = [int(r[1]) for r in ys()]
    enc = 0b110010 << 26

    def word(opx, opy, sx0=257, vx1=2, sy0=260, vy1=7, vdy=1, vdx=0, lit=None):
        # v_dual_mov_b32 has no VSRC1: LLVM decodes no instruction unless the field is 0.
        vx1, vy1 = (0 if opx == 8 else vx1), (0 if opy == 8 else vy1)
        w0 = enc | opx << 22 | opy << 17 | vx1 << 9 | sx0
        w1 = vdx << 24 | vdy << 17 | vy1 << 9 | sy0
        if lit is None and (opx in (1, 2) or opy in (1, 2)):
            lit = 0x1234  # fmaak/fmamk's K
        return hexw(w0, w1) if lit is None else hexw(w0, w1, lit)

    words = []
    for opx in xs:
        for opy in yops:
            words.append(word(opx, opy))
            words.append(word(opx, opy, vdx=255, vdy=127, vx1=255, vy1=254, sx0=511, sy0=508))
            words.append(word(opx, opy, sx0=255, lit=0x3f800000))
            words.append(word(opx, opy, sy0=255, sx0=1, lit=0x3c00))
    for opx, opy in [(3, 8), (9, 9), (12, 12), (8, 16), (1, 2)]:
        for code in list(range(0, 128, 3)) + list(range(128, 256)):
            for lit in LITERALS if code == 255 else [None]:
                words.append(word(opx, opy, sx0=code, lit=lit))
                words.append(word(opx, opy, sy0=code, lit=lit))
        for v in (0, 1, 2, 3, 128, 253, 254, 255):
            words.append(word(opx, opy, vx1=v, vy1=v))
            words.append(word(opx, opy, vdx=v, vdy=v >> 1))
    return [("vopd_sweep", decodable_isolated(words))]
