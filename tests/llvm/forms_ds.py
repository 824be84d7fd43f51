"""Corpus forms of the LDS and GDS format (DS): every opcode with VGPRs across the register
file, tuples of every width, single and 2addr offsets at their edges, gds, and ds_swizzle_b32's
symbolic patterns; and a sweep of swizzle patterns and offsets through LLVM's disassembler."""
from forms_smem import decodable, hexw

NAME = "ds"
FORMATS = {"DS"}

WIDTH = {"b32": 1, "u32": 1, "i32": 1, "f32": 1, "b16": 1, "u16": 1, "i16": 1,
         "b64": 2, "u64": 2, "i64": 2, "f64": 2, "b96": 3, "b128": 4}
# VGPR numbers cycled through, per operand position (tuples stay within v255).
REGS = [0, 1, 255, 17, 128, 99, 200, 7, 64, 250]
OFFSET = ["", "offset:0", "offset:1", "offset:65535", "offset:4096", "offset:0xff", "offset:256",
          "offset:1+2", "offset:32768"]
OFFSET01 = [("", ""), ("offset0:1", ""), ("", "offset1:255"), ("offset0:255", "offset1:255"),
            ("offset0:0", "offset1:0"), ("offset0:3", "offset1:9"), ("offset0:16", "")]
SWIZZLE = ["", "offset:swizzle(QUAD_PERM,0,1,2,3)", "offset:swizzle(QUAD_PERM,3,2,1,0)",
           "offset:swizzle(BITMASK_PERM,\"01pip\")", "offset:swizzle(BITMASK_PERM,\"00000\")",
           "offset:swizzle(BROADCAST,2,1)", "offset:swizzle(BROADCAST,32,31)", "offset:swizzle(SWAP,16)",
           "offset:swizzle(SWAP,1)", "offset:swizzle(REVERSE,32)", "offset:swizzle(REVERSE,2)",
           "offset:0x8000", "offset:100", "offset:65535", "offset:0xe01f", "offset:swizzle(BITMASK_PERM, \"ii10p\")"]
FORMS = 8
# gfx10 names that LLVM still accepts for the instructions gfx11 renamed.
OLD_NAMES = {
    "ds_store_b32": "ds_write_b32",
    "ds_store_2addr_b32": "ds_write2_b32",
    "ds_store_2addr_stride64_b32": "ds_write2st64_b32",
    "ds_store_b8": "ds_write_b8",
    "ds_store_b16": "ds_write_b16",
    "ds_storexchg_rtn_b32": "ds_wrxchg_rtn_b32",
    "ds_storexchg_2addr_rtn_b32": "ds_wrxchg2_rtn_b32",
    "ds_storexchg_2addr_stride64_rtn_b32": "ds_wrxchg2st64_rtn_b32",
    "ds_load_b32": "ds_read_b32",
    "ds_load_2addr_b32": "ds_read2_b32",
    "ds_load_2addr_stride64_b32": "ds_read2st64_b32",
    "ds_load_i8": "ds_read_i8",
    "ds_load_u8": "ds_read_u8",
    "ds_load_i16": "ds_read_i16",
    "ds_load_u16": "ds_read_u16",
    "ds_store_b64": "ds_write_b64",
    "ds_store_2addr_b64": "ds_write2_b64",
    "ds_store_2addr_stride64_b64": "ds_write2st64_b64",
    "ds_storexchg_rtn_b64": "ds_wrxchg_rtn_b64",
    "ds_storexchg_2addr_rtn_b64": "ds_wrxchg2_rtn_b64",
    "ds_storexchg_2addr_stride64_rtn_b64": "ds_wrxchg2st64_rtn_b64",
    "ds_load_b64": "ds_read_b64",
    "ds_load_2addr_b64": "ds_read2_b64",
    "ds_load_2addr_stride64_b64": "ds_read2st64_b64",
    "ds_store_b8_d16_hi": "ds_write_b8_d16_hi",
    "ds_store_b16_d16_hi": "ds_write_b16_d16_hi",
    "ds_load_u8_d16": "ds_read_u8_d16",
    "ds_load_u8_d16_hi": "ds_read_u8_d16_hi",
    "ds_load_i8_d16": "ds_read_i8_d16",
    "ds_load_i8_d16_hi": "ds_read_i8_d16_hi",
    "ds_load_u16_d16": "ds_read_u16_d16",
    "ds_load_u16_d16_hi": "ds_read_u16_d16_hi",
    "ds_store_addtid_b32": "ds_write_addtid_b32",
    "ds_load_addtid_b32": "ds_read_addtid_b32",
    "ds_store_b96": "ds_write_b96",
    "ds_store_b128": "ds_write_b128",
    "ds_load_b96": "ds_read_b96",
    "ds_load_b128": "ds_read_b128",
}


def vgpr(n, width):
    n = min(n, 256 - width)
    return f"v{n}" if width == 1 else f"v[{n}:{n + width - 1}]"


def forms(row):
    name = row[2]
    if "nollvm" in row:
        return []
    ops = [t for t in row[4:] if "." in t and ":" in t]
    out = []
    for k in range(FORMS):
        regs, mods = [], []
        offset_done = False
        for j, op in enumerate(ops):
            role, rest = op.split(".", 1)
            field, kind = rest.split(":")
            if role != "I":
                regs.append(vgpr(REGS[(k * 3 + j * 7) % len(REGS)], WIDTH[kind]))
            elif kind == "offset" and not offset_done:
                mods.append(OFFSET[(k + j) % len(OFFSET)])
                offset_done = True
            elif kind == "swizzle" and not offset_done:
                mods.append(SWIZZLE[(k * 2) % len(SWIZZLE)])
                offset_done = True
            elif kind == "offset0":
                mods.append(OFFSET01[k % len(OFFSET01)][0])
            elif kind == "offset1":
                mods.append(OFFSET01[k % len(OFFSET01)][1])
            elif kind == "gds":
                mods.append("gds" if k % 3 == 1 else "")
            elif kind == "gds_only":
                mods.append("gds")
        text = name + (" " + ", ".join(regs) if regs else "")
        mods = [m for m in mods if m]
        out.append(text + (" " + " ".join(mods) if mods else ""))
    if name in OLD_NAMES:
        out += [OLD_NAMES[name] + t[len(name):] for t in out[:2]]
    if any(":swizzle" in t for t in ops):
        out += [f"{name} v1, v2 {s}".rstrip() for s in SWIZZLE]
    return list(dict.fromkeys(out))


def sweeps():
    """ds_swizzle_b32 with every pattern LLVM names and a stride through the rest; offsets of
    ds_load_b32 and ds_load_2addr_b32."""
    enc = 0b110110 << 26
    words = []
    patterns = sorted(set(range(0, 0x8000, 7)) | set(range(0x8000, 0x8100)) | set(range(0x7f00, 0x8000))
                      | {1 << b for b in range(16)} | set(range(0x8100, 0x10000, 251)) | {0xffff})
    for v in patterns:
        words.append(hexw(enc | 53 << 18 | v, 0x04000001))
    for v in [0, 1, 255, 256, 0x1234, 0xffff]:
        words.append(hexw(enc | 54 << 18 | v, 0x04000001))
        words.append(hexw(enc | 55 << 18 | v, 0x04000001))
        words.append(hexw(enc | 56 << 18 | v | 1 << 17, 0x04000001))
    return [("ds_sweep", decodable(words))]
