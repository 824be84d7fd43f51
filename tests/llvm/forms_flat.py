"""Corpus forms of the flat, global and scratch formats (FLAT, GLOBAL, SCRATCH), and a sweep of
their address, SADDR, SVE, offset and flag fields through LLVM's disassembler.

Also holds the helpers the buffer and image corpus scripts share (`decodable`, `hexw`,
`operands`)."""
import re

from llvmmc import run

NAME = "flat"
FORMATS = {"FLAT", "GLOBAL", "SCRATCH"}

# VGPR tuples by width, cycled through so that every row sees low, high and odd registers.
VREGS = {
    1: ["v1", "v255", "v0", "v128", "v17", "v[3]"],
    2: ["v[2:3]", "v[254:255]", "v[0:1]", "v[5:6]", "v[128:129]"],
    3: ["v[1:3]", "v[253:255]", "v[0:2]", "v[6:8]"],
    4: ["v[1:4]", "v[252:255]", "v[0:3]", "v[7:10]"],
}
WIDTH = {"b16": 1, "u16": 1, "i16": 1, "b32": 1, "u32": 1, "i32": 1, "f32": 1,
         "b64": 2, "u64": 2, "i64": 2, "f64": 2, "b96": 3, "b128": 4}
GLOBAL_SADDR = ["off", "s[4:5]", "s[104:105]", "vcc", "ttmp[2:3]", "exec", "s[0:1]", "off"]
SCRATCH_SADDR = ["off", "s5", "s105", "vcc_lo", "vcc_hi", "m0", "ttmp11", "exec_lo", "null", "off"]
FLAT_OFFSETS = ["", " offset:4095", " offset:1", " offset:0x800", " offset:0", " offset:64"]
SIGNED_OFFSETS = ["", " offset:-4096", " offset:4095", " offset:-1", " offset:8", " offset:0x7ff",
                  " offset:-0x800", " offset:0"]
CPOL = ["", " glc", " slc", " dlc", " glc slc dlc", " slc dlc", " glc dlc", " noglc", " dlc slc glc"]
FORMS = 8


def operands(row):
    """The row's operands as (role, field, kind)."""
    out = []
    for t in row[4:]:
        if "." in t and ":" in t:
            role, rest = t.split(".", 1)
            field, kind = rest.split(":", 1)
            out.append((role, field, kind))
    return out


def vreg(width, k):
    pool = VREGS.get(width) or [f"v[{b}:{b + width - 1}]" for b in (1, 256 - width, 0, 7)]
    return pool[k % len(pool)]


def forms(row):
    fmt, name = row[0], row[2]
    if "nollvm" in row:
        return []
    ops = operands(row)
    atomic = any(kind == "rtn" for _, _, kind in ops)
    out = []
    for k in range(FORMS):
        regs = []
        if fmt == "GLOBAL":
            saddr = GLOBAL_SADDR[(k + len(name)) % len(GLOBAL_SADDR)]
        else:
            saddr = SCRATCH_SADDR[(k * 3 + len(name)) % len(SCRATCH_SADDR)]
        sve = k % 3 != 1
        rtn = atomic and k % 2 == 0
        for role, field, kind in ops:
            if role == "I":
                continue
            if field == "vdst" and atomic and not rtn:
                continue
            if field == "saddr":
                regs.append(saddr)
            elif kind == "@gaddr":
                regs.append(vreg(2 if saddr == "off" else 1, k + 1))
            elif kind == "@sve":
                regs.append(vreg(1, k + 2) if sve else "off")
            else:
                regs.append(vreg(WIDTH[kind], k + len(field)))
        offsets = FLAT_OFFSETS if fmt == "FLAT" else SIGNED_OFFSETS
        off = offsets[(k * 5 + len(name)) % len(offsets)]
        cpol = CPOL[(k * 7 + len(name)) % len(CPOL)]
        if atomic:
            cpol = cpol.replace(" glc", "").replace(" noglc", "") + (" glc" if rtn else "")
        out.append(f"{name} {', '.join(regs)}{off}{cpol}")
    return list(dict.fromkeys(out))


def decodable(hexes):
    """The words of `hexes` (byte strings "aa bb ...") that llvm-mc-19 disassembles as one
    instruction of exactly their length, without a warning. One llvm-mc run per few thousand
    words: each warning names the line and column of a dword LLVM skipped, and the decoded
    instructions (with -show-encoding) fill the rest of the byte stream in order, so every
    instruction's position in the stream is known."""
    keep = []
    for k in range(0, len(hexes), 4000):
        chunk = hexes[k:k + 4000]
        text = "\n".join(",".join("0x" + b for b in h.split()) for h in chunk) + "\n"
        out, err = run(["-disassemble", "-show-encoding"], text)
        starts, pos = [], 0
        for h in chunk:
            starts.append(pos)
            pos += len(h.split())
        skipped = {starts[int(m.group(1)) - 1] + (int(m.group(2)) - 1) // 5
                   for m in re.finditer(r":(\d+):(\d+): warning", err)}
        decoded, pos = {}, 0
        for m in re.finditer(r"encoding: \[([^\]]*)\]", out):
            while pos in skipped:
                pos += 4
            n = len(m.group(1).split(","))
            decoded[pos] = n
            pos += n
        keep += [h for h, s in zip(chunk, starts) if decoded.get(s) == len(h.split())]
    return keep


def hexw(*dwords):
    return " ".join(f"{b:02x}" for d in dwords for b in d.to_bytes(4, "little"))


def table_opcodes(formats):
    """(format, opcode, row) of the table's rows LLVM knows, for the given formats."""
    from llvmmc import rows
    return [(r[0], int(r[1]), r) for r in rows() if r[0] in formats and "nollvm" not in r]


def sweeps():
    """Every SADDR code with and without SVE for one load, store and atomic per segment;
    offsets at the edges with every flag combination and VGPR fields at the edges for every
    opcode. Only the words LLVM decodes are kept."""
    seg_of = {"FLAT": 0, "SCRATCH": 1, "GLOBAL": 2}
    words = []
    for fmt, op, row in table_opcodes(FORMATS):
        base = 0b110111 << 26 | op << 18 | seg_of[fmt] << 16
        if row[2].split("_", 1)[1] in ("load_b32", "store_b64", "atomic_add_u32", "load_u8", "atomic_cmpswap_b64"):
            for saddr in range(128) if fmt != "FLAT" else (0x7c,):
                for sve in (0, 1) if fmt == "SCRATCH" else (0,):
                    for glc in (0, 1):
                        words.append(hexw(base | glc << 14, 0x05 << 24 | sve << 23 | saddr << 16 | 0x04 << 8 | 0x02))
        saddr = 0x7c if fmt != "GLOBAL" or op % 2 else 0x08
        for off in (1, 0x7ff, 0x800, 0xfff, 0x1000, 0x1fff):
            for cpol in range(8):
                words.append(hexw(base | cpol << 13 | off, 0x05 << 24 | 1 << 23 | saddr << 16 | 0x04 << 8 | 0x02))
        for vdst, data, addr in ((255, 255, 254), (0, 0, 0), (250, 252, 255)):
            words.append(hexw(base | 1 << 14, vdst << 24 | saddr << 16 | data << 8 | addr))
    return [("flat_sweep", decodable(words))]
