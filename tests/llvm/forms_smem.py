"""Corpus forms of the scalar memory format (SMEM), and sweeps of its register and offset
fields through LLVM's disassembler (every SDATA, SBASE and SOFFSET code of every opcode,
offsets at the edges), keeping the words LLVM decodes.

Also holds `decodable`, which the other memory families' sweeps use too."""
import re

from llvmmc import run

NAME = "smem"
FORMATS = {"SMEM"}

SDATA = {
    1: ["s0", "s105", "vcc_lo", "vcc_hi", "ttmp15", "null", "s17", "ttmp0"],
    2: ["s[0:1]", "s[104:105]", "vcc", "ttmp[14:15]", "null", "s[18:19]"],
    4: ["s[0:3]", "s[100:103]", "ttmp[12:15]", "s[20:23]"],
    8: ["s[0:7]", "s[96:103]", "ttmp[8:15]", "s[24:31]"],
    16: ["s[0:15]", "s[88:103]", "ttmp[0:15]", "s[32:47]"],
}
SBASE = {
    "u64": ["s[2:3]", "s[104:105]", "vcc", "exec", "ttmp[4:5]", "null", "s[0:1]"],
    "b128": ["s[4:7]", "s[100:103]", "ttmp[12:15]", "s[0:3]", "ttmp[0:3]"],
}
# SOFFSET and offset, as LLVM writes them together; s_buffer_load offsets are unsigned.
OFFSETS = ["0x10", "s5", "s5 offset:0x20", "null", "m0 offset:-0x100000", "0xfffff", "-0x1",
           "exec_hi offset:0xfffff", "vcc_lo", "ttmp11 offset:0x7", "null offset:0x4", "0", "s105 offset:1",
           "exec_lo", "vcc_hi offset:-16", "1048575", "-1048576", "s0 offset:0x0", ""]
CPOL = ["", " glc", " dlc", " glc dlc", " dlc glc", " noglc", " glc nodlc"]
FORMS = 10
# gfx10 names that LLVM still accepts for the instructions gfx11 renamed.
OLD_NAMES = {
    "s_load_b32": "s_load_dword",
    "s_load_b64": "s_load_dwordx2",
    "s_load_b128": "s_load_dwordx4",
    "s_load_b256": "s_load_dwordx8",
    "s_load_b512": "s_load_dwordx16",
    "s_buffer_load_b32": "s_buffer_load_dword",
    "s_buffer_load_b64": "s_buffer_load_dwordx2",
    "s_buffer_load_b128": "s_buffer_load_dwordx4",
    "s_buffer_load_b256": "s_buffer_load_dwordx8",
    "s_buffer_load_b512": "s_buffer_load_dwordx16",
}
WIDTH = {"b32": 1, "b64": 2, "b128": 4, "b256": 8, "b512": 16}


def forms(row):
    name = row[2]
    if "nollvm" in row:
        return []
    ops = {t.split(".")[1].split(":")[0]: t.split(":")[1] for t in row[4:] if "." in t and ":" in t}
    if "sdata" not in ops:
        return [name]
    if ops["sdata"] == "imm16":
        # s_atc_probe: a 7-bit immediate (LLVM keeps the low bits of any value).
        probes = ["0", "7", "64", "65", "0x7f", "128", "-1", "3+4"]
        sbases = SBASE[ops["sbase"]]
        out = [f"{name} {p}, {sbases[k % len(sbases)]}" + (f", {off}" if off else "")
               for k, p in enumerate(probes) for off in OFFSETS[k::4]]
        return list(dict.fromkeys(out + [f"{name} 1, {sbases[0]}, s2 glc"]))
    out = []
    width = WIDTH[ops["sdata"]]
    for k in range(FORMS):
        sdata = SDATA[width][k % len(SDATA[width])]
        sbase = SBASE[ops["sbase"]][(k * 3) % len(SBASE[ops["sbase"]])]
        off = OFFSETS[(k * 7 + len(name)) % len(OFFSETS)]
        cpol = CPOL[(k * 5 + width) % len(CPOL)]
        out.append(f"{name} {sdata}, {sbase}" + (f", {off}" if off else "") + cpol)
    # Every offset form once per row, glc and dlc.
    for off in OFFSETS:
        out.append(f"{name} {SDATA[width][0]}, {SBASE[ops['sbase']][0]}" + (f", {off}" if off else "") + " glc dlc")
    if name in OLD_NAMES:
        out += [OLD_NAMES[name] + t[len(name):] for t in out[:3]]
    return list(dict.fromkeys(out))


def decodable(hexes):
    """The words of `hexes` (byte strings "aa bb ...") that llvm-mc-19 disassembles without a
    warning. An invalid word desynchronises the rest of the stream, so the stream is restarted
    after each one."""
    keep = []
    start = 0
    while start < len(hexes):
        chunk = hexes[start:]
        text = "\n".join(",".join("0x" + b for b in h.split()) for h in chunk) + "\n"
        _, err = run(["-disassemble"], text)
        bad = [int(m.group(1)) for m in re.finditer(r":(\d+):\d+: warning", err)]
        first_bad = min(bad) - 1 if bad else len(chunk)
        keep += chunk[:first_bad]
        start += first_bad + 1
    return keep


def hexw(*dwords):
    return " ".join(f"{b:02x}" for d in dwords for b in d.to_bytes(4, "little"))


def sweeps():
    """Every SDATA (0-127) and SBASE (0-63) code of every load, every SOFFSET code, offsets
    and the bits LLVM ignores; only the words LLVM decodes are kept."""
    enc = 0b111101 << 26
    loads = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12]
    words = []
    for op in loads:
        for sdata in range(128):
            words.append(hexw(enc | op << 18 | sdata << 6 | 1, 0xF8000000))
        for sbase in range(64):
            words.append(hexw(enc | op << 18 | 4 << 6 | sbase, 0x0A000010))
    for soffset in range(128):
        for off in [0, 0x4, 0xFFFFF, 0x100000, 0x1FFFFF]:
            words.append(hexw(enc | 1 << 18 | 2 << 6 | 1, soffset << 25 | off))
    for op in [32, 33]:
        words.append(hexw(enc | op << 18, 0))
    # s_atc_probe(_buffer): every immediate, the cache-policy bits (which it has not).
    for op in [34, 35]:
        for sdata in range(128):
            words.append(hexw(enc | op << 18 | sdata << 6 | 2, 0xF8000000 | sdata))
        for cpol in [1, 2, 3]:
            words.append(hexw(enc | op << 18 | cpol << 13 | 1 << 6 | 2, 0xF8000000))
    return [("smem_sweep", decodable(words))]
