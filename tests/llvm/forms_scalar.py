"""Corpus forms of the scalar formats (SOP1, SOP2, SOPK, SOPC, SOPP), and sweeps of their
symbolic 16-bit immediates through LLVM's disassembler."""

NAME = "scalar"
FORMATS = {"SOP1", "SOP2", "SOPK", "SOPC", "SOPP"}

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
    "depctr": ["0xfff", "depctr_va_vdst(0)", "depctr_sa_sdst(0) & depctr_va_vdst(0)", "0",
               "depctr_hold_cnt(0) depctr_va_sdst(2) depctr_vm_vsrc(4)", "0xffff", "depctr_va_vcc(0)"],
    "endpgm": ["", "5"],
    "none": [""],
}
FORMS = 6
TYPES64 = {"b64", "u64", "i64", "f64"}


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




def sweeps():
    """(corpus name, hex words) swept through the disassembler: every 16-bit value of the
    symbolic immediates at a stride, and all of the first 1024."""
    values = sorted(set(range(0, 1024)) | set(range(0, 65536, 61)) | {0xffff, 0xfffe, 0x8000, 0x7fff})
    words = [("89", "bf"), ("87", "bf"), ("b6", "bf"), ("80", "b8"), ("80", "b0"), ("88", "bf")]
    return [("simm16", [f"{v & 255:02x} {v >> 8:02x} {b2} {b3}" for b2, b3 in words for v in values])]
