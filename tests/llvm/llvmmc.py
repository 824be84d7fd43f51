"""Shared helpers of the LLVM corpus scripts: the ISA table's rows, llvm-mc-19 runs, and the
corpus file format (see gen_corpus.py)."""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TABLE_DIR = os.path.join(ROOT, "isa", "src", "table")
MC = os.environ.get("LLVM_MC", "llvm-mc-19")
ARGS = ["-arch=amdgcn", "-mcpu=gfx1100"]


def rows():
    for name in sorted(os.listdir(TABLE_DIR)):
        if not name.endswith(".isa") or name == "formats.isa":
            continue
        for line in open(os.path.join(TABLE_DIR, name)):
            t = line.split("#")[0].split()
            if not t or t[0] in ("format", "counter"):
                continue
            yield t


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


