"""Corpus forms of the interpolation, LDS parameter load and export formats (VINTERP, LDSDIR,
EXP), and sweeps of their small fields (every export target and enable mask, every attribute,
channel and wait count, every VINTERP modifier combination) through LLVM's disassembler."""
from forms_smem import decodable, hexw

NAME = "misc"
FORMATS = {"VINTERP", "LDSDIR", "EXP"}

REGS = ["v0", "v1", "v255", "v17", "v128", "v99", "v200", "v7"]
SRC_MODS = ["{}", "-{}", "|{}|", "-|{}|", "neg({})", "abs({})", "{}", "{}"]
ATTRS = ["attr0.x", "attr32.w", "attr1.y", "attr17.z", "attr05.x", "attr31.w"]
TARGETS = ["mrt0", "mrt7", "mrtz", "pos0", "pos3", "pos4", "prim", "dual_src_blend0", "dual_src_blend1",
           "mrt3", "mrt4", "pos1"]
FORMS = 8


def forms(row):
    fmt, name = row[0], row[2]
    if "nollvm" in row:
        return []
    kinds = {t.split(".")[1].split(":")[0]: t.split(":")[1] for t in row[4:] if "." in t and ":" in t}
    out = []
    for k in range(FORMS):
        if fmt == "LDSDIR":
            parts = [REGS[k % len(REGS)]]
            if "attr" in kinds:
                parts.append(ATTRS[k % len(ATTRS)])
            text = f"{name} " + ", ".join(parts)
            text += ["", " wait_vdst:0", " wait_vdst:15", " wait_vdst:7", " wait_vdst:1+1"][k % 5]
        elif fmt == "VINTERP":
            srcs = [SRC_MODS[(k + j) % len(SRC_MODS)].format(REGS[(k * 3 + j + 1) % len(REGS)]) for j in range(3)]
            text = f"{name}{['', '_e64'][k % 2]} {REGS[k % len(REGS)]}, " + ", ".join(srcs)
            if k % 3 == 1:
                text += " clamp"
            if "opsel" in kinds and k % 4 != 0:
                text += " op_sel:" + ["[1,0,1,0]", "[0,0,0,1]", "[1,1,1,1]", "[0,1]", "[1]", "[0,0,1]"][k % 6]
            text += ["", " wait_exp:0", " wait_exp:7", " wait_exp:3"][k % 4]
        else:
            srcs = [REGS[(k + j) % len(REGS)] if (k >> j) & 1 or k % 4 == 0 else "off" for j in range(4)]
            text = f"exp {TARGETS[k % len(TARGETS)]} " + ", ".join(srcs)
            text += ["", " done", " row_en", " done row_en"][k % 4]
        out.append(text)
    if fmt == "EXP":
        out += [f"exp {t} v0, v1, v2, v3 done" for t in TARGETS]
        out += ["exp mrt0 off, off, off, off", "exp mrt0, v1, v2, v3, v4", "exp mrt0 v1 v2 v3 v4"]
    if fmt == "VINTERP" and "opsel" in kinds:
        out += [f"{name} v0, v1, v2, v3 op_sel:[{a},{b},{c},{d}]" for a in (0, 1) for b in (0, 1) for c in (0, 1)
                for d in (0, 1)]
    return list(dict.fromkeys(out))


def sweeps():
    """Every export target with each enable mask, done and row bits; LDSDIR attributes,
    channels and waits; VINTERP opcodes with every neg, clamp, op_sel and wait_exp."""
    words = []
    for target in range(64):
        for en in [0, 0x5, 0xF]:
            words.append(hexw(0b111110 << 26 | target << 4 | en | (target & 1) << 11 | (target & 2) << 12, 0x04030201))
    for op in [0, 1]:
        for attr in range(64):
            for chan in range(4):
                words.append(hexw(0b11001110 << 24 | op << 20 | (attr % 16) << 16 | attr << 10 | chan << 8 | attr))
    for op in range(6):
        for neg in range(8):
            for opsel in range(16 if op >= 2 else 1):
                for clamp in [0, 1]:
                    wait = (neg + opsel) % 8
                    words.append(hexw(0b11001101 << 24 | op << 16 | clamp << 15 | opsel << 11 | wait << 8 | 5,
                                      neg << 29 | (256 + 7) << 18 | (256 + 255) << 9 | (256 + 1)))
    return [("misc_sweep", decodable(words))]
