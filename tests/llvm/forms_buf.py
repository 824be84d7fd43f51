"""Corpus forms of the buffer formats (MUBUF, MTBUF), and a sweep of their address, resource,
SOFFSET, offset, flag and format fields through LLVM's disassembler."""
from forms_flat import WIDTH, decodable, hexw, operands, table_opcodes, vreg

NAME = "buf"
FORMATS = {"MUBUF", "MTBUF"}

SRSRC = ["s[4:7]", "s[100:103]", "ttmp[4:7]", "s[0:3]", "ttmp[12:15]", "s[8:11]"]
SOFFSET = ["s1", "0", "m0", "null", "-1", "64", "-16", "0.5", "-4.0", "vcc_lo", "exec_hi", "ttmp3", "s105",
           "src_scc", "vcc_hi", "exec_lo", "1.0", "17"]
# (modifiers, number of address VGPRs)
ADDRESSING = [("", 0), (" offen", 1), (" idxen", 1), (" idxen offen", 2)]
OFFSETS = ["", " offset:4095", " offset:1", " offset:0x800", " offset:0", " offset:64", " offset:4097",
           " offset:65535"]
CPOL = ["", " glc", " slc", " dlc", " glc slc dlc", " slc dlc", " glc dlc", " noglc", " dlc slc glc"]
FORMATS_TEXT = ["", " format:[BUF_FMT_32_FLOAT]", " format:[BUF_FMT_INVALID]", " format:127", " format:1",
                " format:[BUF_DATA_FORMAT_16_16, BUF_NUM_FORMAT_SNORM]", " format:[BUF_FMT_8_8_8_8_UINT]",
                " format:[BUF_NUM_FORMAT_UINT, BUF_DATA_FORMAT_32_32]", " format:63", " format:[BUF_FMT_10_11_11_FLOAT]",
                " format:[BUF_NUM_FORMAT_SINT]", " format:[BUF_DATA_FORMAT_8_8]", " format:64"]
FORMS = 8


def forms(row):
    fmt, name = row[0], row[2]
    if "nollvm" in row:
        return []
    ops = operands(row)
    has = {field: kind for _, field, kind in ops}
    if not ops:
        return [name]
    out = []
    for k in range(FORMS):
        mods, naddr = ADDRESSING[(k + len(name)) % len(ADDRESSING)]
        # TFE on loads only (LLVM rejects it on stores).
        tfe = "tfe" in has and "load" in name and k % 3 == 1
        regs = []
        for role, field, kind in ops:
            if role == "I":
                continue
            if field == "vdata":
                regs.append(vreg(WIDTH[kind] + tfe, k + 3))
            elif field == "vaddr":
                regs.append(vreg(naddr, k + 5) if naddr else "off")
            elif field == "srsrc":
                regs.append(SRSRC[k % len(SRSRC)])
            elif field == "soffset":
                regs.append(SOFFSET[(k * 5 + len(name)) % len(SOFFSET)])
        form = f"{name} {', '.join(regs)}"
        if "format" in has:
            form += FORMATS_TEXT[(k * 3 + len(name)) % len(FORMATS_TEXT)]
        form += mods
        form += OFFSETS[(k * 5 + len(name)) % len(OFFSETS)]
        form += CPOL[(k * 7 + len(name)) % len(CPOL)]
        form += " tfe" if tfe else ""
        out.append(form)
    if fmt == "MTBUF" and name == "tbuffer_load_format_x":
        # Every unified format by number, and the numeric format before SOFFSET.
        out += [f"{name} v4, off, s[4:7], s1 format:{v}" for v in range(128)]
        out += [f"{name} v4, off, s[4:7], format:{v}, s1" for v in (0, 22, 77)]
    return list(dict.fromkeys(out))


def sweeps():
    """Every SOFFSET and SRSRC code, every combination of IDXEN, OFFEN and TFE with every flag,
    offsets at the edges and VGPR fields at the edges for every opcode; every format of one
    MTBUF load. Only the words LLVM decodes are kept."""
    words = []
    for fmt, op, row in table_opcodes(FORMATS):
        if fmt == "MUBUF":
            base = 0b111000 << 26 | op << 18
        else:
            base = 0b111010 << 26 | op << 15 | 22 << 19
        hi = 0x01 << 24 | 0x01 << 16 | 0x04 << 8 | 0x02
        if op in (0, 20, 26, 53, 66):
            for soffset in range(256):
                words.append(hexw(base, soffset << 24 | 0x01 << 16 | 0x04 << 8 | 0x02))
            for srsrc in range(32):
                words.append(hexw(base, 0x01 << 24 | srsrc << 16 | 0x04 << 8 | 0x02))
        for bits in range(8):
            for cpol in range(8):
                words.append(hexw(base | cpol << 12 | 0x123, hi | bits << 21))
        for off in (1, 0x7ff, 0x800, 0xfff):
            words.append(hexw(base | off, hi | 1 << 22))
        for vdata, vaddr in ((255, 255), (0, 0), (252, 254), (254, 253)):
            words.append(hexw(base | 1 << 14, hi & ~0xffff | vdata << 8 | vaddr | 3 << 22))
    base = 0b111010 << 26
    for f in range(128):
        words.append(hexw(base | f << 19, 0x01 << 24 | 0x01 << 16 | 0x04 << 8 | 0x02))
    return [("buf_sweep", decodable(words))]
