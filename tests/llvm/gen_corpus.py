#!/usr/bin/env python3
"""Builds the LLVM reference corpus that the assembler and disassembler are tested against.

For every row of the ISA table that LLVM knows, it writes several operand forms, assembles them
with llvm-mc-19 (-mcpu=gfx1100), and disassembles LLVM's bytes again with llvm-mc-19 to get
LLVM's canonical text. Each corpus line is

    HEX BYTES <TAB> LLVM's canonical text <TAB> the source form that produced it <TAB> RT

where RT is 1 when llvm-mc assembles the canonical text back to the same bytes (LLVM prints
some words, such as out-of-range s_delay_alu fields, in a form it cannot read back).

Rows whose forms LLVM rejects are left out; the script reports how many forms each row kept.
It also sweeps every 16-bit value of the symbolic SOPP/SOPK immediates (waitcnt, delay_alu,
hwreg, sendmsg) at a fixed stride, through LLVM's disassembler.

Usage: tests/llvm/gen_corpus.py   (needs llvm-mc-19; writes tests/llvm/*.corpus)
"""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TABLE_DIR = os.path.join(ROOT, "hdl-gen", "src", "isa", "table")
MC = os.environ.get("LLVM_MC", "llvm-mc-19")
ARGS = ["-arch=amdgcn", "-mcpu=gfx1100"]

# Operand pools, cycled through so that every row sees every kind of operand.
POOL = {
    ("dst", 1): ["s0", "s105", "vcc_lo", "vcc_hi", "m0", "exec_lo", "exec_hi", "null", "ttmp5", "s17"],
    ("dst", 2): ["s[0:1]", "s[104:105]", "vcc", "exec", "ttmp[4:5]", "null", "s[18:19]"],
    ("src", 1): ["s1", "0", "64", "-16", "0.5", "-4.0", "0.15915494", "0x12345678", "src_scc",
                 "src_shared_base", "m0", "exec_hi", "vcc_lo", "ttmp15", "null", "-1", "1.0", "0xffff8000",
                 "src_private_limit", "s104", "-2.0", "17"],
    ("src", 2): ["s[2:3]", "vcc", "exec", "1.0", "-1", "0xfffffff0", "src_private_base", "ttmp[14:15]",
                 "null", "64", "s[104:105]", "-0.5", "0x7fffffff", "src_scc", "0.15915494309189532", "3"],
}
IMM = {
    "hex16": ["0x0", "0x1234", "0xffff", "0x7fff"],
    "imm16": ["0", "5", "65535", "300", "64", "65"],
    "version": ["0x0", "UC_VERSION_GFX11", "5", "0x8006", "0x100", "UC_VERSION_GFX12 | UC_VERSION_W32_BIT"],
    "label": ["0", "5", "65533", "32768"],
    "waitcnt": ["0", "vmcnt(0) lgkmcnt(0)", "expcnt(3)", "vmcnt(13) expcnt(2) lgkmcnt(1)", "0xffff"],
    "delay": ["0", "instid0(VALU_DEP_1)", "instid0(TRANS32_DEP_2) | instskip(NEXT) | instid1(SALU_CYCLE_1)"],
    "hwreg": ["hwreg(HW_REG_MODE)", "hwreg(HW_REG_MODE, 0, 4)", "hwreg(HW_REG_STATUS, 3, 7)", "hwreg(52, 8, 3)"],
    "sendmsg": ["sendmsg(MSG_INTERRUPT)", "sendmsg(MSG_DEALLOC_VGPRS)", "sendmsg(4, 0, 0)", "sendmsg(MSG_RTN_GET_REALTIME)"],
    "endpgm": ["", "5"],
    "none": [""],
}
FORMS = 6
TYPES64 = {"b64", "u64", "i64", "f64"}


def rows():
    for name in sorted(os.listdir(TABLE_DIR)):
        if not name.endswith(".isa") or name == "formats.isa":
            continue
        for line in open(os.path.join(TABLE_DIR, name)):
            t = line.split("#")[0].split()
            if not t or t[0] in ("format", "counter"):
                continue
            yield t


def forms(row):
    name, ops = row[2], [t for t in row[4:] if "." in t and ":" in t]
    if "nollvm" in row:
        return []
    out = []
    for k in range(FORMS):
        texts = []
        for j, op in enumerate(ops):
            role, rest = op.split(".", 1)
            field, kind = rest.split(":")
            if role == "I":
                vals = IMM[kind]
                v = vals[(k + j) % len(vals)]
                if v:
                    texts.append(v)
            elif field == "lit":
                texts.append(["0x3", "0x12345678", "-1", "0xffffffff"][k % 4])
            else:
                width = 2 if kind in TYPES64 else 1
                is_src = role == "S" and field.startswith("ssrc")
                pool = POOL[("src" if is_src else "dst", width)]
                if role == "S" and not is_src:
                    # SOPK sources in the sdst field (LLVM wants null for s_waitcnt_*cnt).
                    pool = ["null"] + pool
                texts.append(pool[(k * 3 + j * 5) % len(pool)])
        out.append(name + (" " + ", ".join(texts) if texts else ""))
    return list(dict.fromkeys(out))


def run(args, text):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        p = subprocess.run([MC] + ARGS + args + [path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    return p.stdout, p.stderr


def assemble(lines, strict=True):
    """Assembles lines; returns {index: bytes hex} for the ones LLVM accepts."""
    out, err = run(["-show-encoding"], "\n".join(lines) + "\n")
    bad = {int(m.group(1)) - 1 for m in re.finditer(r":(\d+):\d+: error", err)}
    encs = re.findall(r"encoding: \[([^\]]*)\]", out)
    good = [i for i in range(len(lines)) if i not in bad]
    if len(good) != len(encs):
        sys.exit(f"llvm-mc output does not line up ({len(good)} accepted, {len(encs)} encodings)")
    return {i: " ".join(b[2:] for b in e.split(",")) for i, e in zip(good, encs)}


def disassemble(hexes):
    text = "\n".join(" ".join("0x" + b for b in h.split()) for h in hexes) + "\n"
    out, err = run(["-disassemble"], text)
    if "warning" in err:
        sys.exit("llvm-mc could not disassemble its own bytes:\n" + err)
    lines = [l.strip() for l in out.splitlines() if l.strip() and not l.strip().startswith(".text")]
    if len(lines) != len(hexes):
        sys.exit("disassembly does not line up")
    return lines


def roundtrips(hexes, texts):
    """For each text, whether llvm-mc assembles it to the given bytes."""
    out = []
    for k in range(0, len(texts), 4000):
        chunk = texts[k:k + 4000]
        enc = assemble(chunk, strict=False)
        out += [enc.get(i) == hexes[k + i] for i in range(len(chunk))]
    return out


def main():
    srcs, owners = [], []
    for row in rows():
        for f in forms(row):
            srcs.append(f)
            owners.append(row[2])
    enc = assemble(srcs)
    idx = sorted(enc)
    canon = disassemble([enc[i] for i in idx])
    rts = roundtrips([enc[i] for i in idx], canon)
    kept = {}
    with open(os.path.join(HERE, "scalar.corpus"), "w") as out:
        out.write("# Generated by tests/llvm/gen_corpus.py from llvm-mc-19 -mcpu=gfx1100. Do not edit.\n")
        for i, c, rt in zip(idx, canon, rts):
            out.write(f"{enc[i]}\t{c}\t{srcs[i]}\t{int(rt)}\n")
            kept[owners[i]] = kept.get(owners[i], 0) + 1
    missing = [r[2] for r in rows() if "nollvm" not in r and r[2] not in kept]
    print(f"scalar.corpus: {len(idx)} forms of {len(kept)} instructions; {len(srcs) - len(idx)} forms rejected by LLVM")
    if missing:
        sys.exit("no form accepted for: " + ", ".join(missing))

    # Symbolic immediates, swept through LLVM's disassembler.
    sweeps = {"s_waitcnt": "0x89", "s_delay_alu": "0x87", "s_sendmsg": "0xb6"}
    # s_version and s_getreg_b32 (SOPK) are swept below.
    with open(os.path.join(HERE, "simm16.corpus"), "w") as out:
        out.write("# Generated by tests/llvm/gen_corpus.py from llvm-mc-19 -mcpu=gfx1100. Do not edit.\n")
        values = sorted(set(range(0, 1024)) | set(range(0, 65536, 61)) | {0xffff, 0xfffe, 0x8000, 0x7fff})
        words = [(op[2:], "bf") for op in sweeps.values()] + [("80", "b8"), ("80", "b0")]
        for b2, b3 in words:
            hexes = [f"{v & 255:02x} {v >> 8:02x} {b2} {b3}" for v in values]
            canon = disassemble(hexes)
            for h, c, rt in zip(hexes, canon, roundtrips(hexes, canon)):
                out.write(f"{h}\t{c}\t-\t{int(rt)}\n")
    print(f"simm16.corpus: {len(words) * len(values)} words")


if __name__ == "__main__":
    main()
