"""Corpus forms of the vector ALU formats (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD, with
their DPP16 and DPP8 forms), and sweeps of constants and modifiers through LLVM's
disassembler.

Every row gets its 32-bit form (`_e32`, or no suffix), its VOP3 form (`_e64`), and variants
that cycle through pools of operands per type (VGPRs, SGPRs, special registers, inline
integers and floats, literals), source modifiers (-x, |x|, neg(), abs(), sext()), clamp,
omod, op_sel / op_sel_hi / neg_lo / neg_hi, the DPP16 controls and masks, and dpp8 with and
without fi. VOPD pairs combine each X operation with several Y operations."""

NAME = "vop"
FORMATS = {"VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD"}

WIDTH = {"b64": 2, "u64": 2, "i64": 2, "f64": 2, "b128": 4, "b256": 8}
F16 = {"f16"}
I16 = {"i16", "u16", "b16"}

# Operand pools, cycled through so that every row sees every kind of operand.
VDST = {1: ["v0", "v255", "v5", "v128", "v17"], 2: ["v[0:1]", "v[254:255]", "v[6:7]", "v[100:101]"],
        4: ["v[0:3]", "v[252:255]", "v[8:11]"], 8: ["v[0:7]", "v[248:255]", "v[16:23]"]}
VDST16 = ["v0", "v127", "v5", "v64"]          # 32-bit encodings: fake16 operands below v128
VSRC = {1: ["v1", "v255", "v2", "v127", "v200"], 2: ["v[2:3]", "v[254:255]", "v[4:5]", "v[128:129]"],
        4: ["v[4:7]", "v[252:255]", "v[12:15]"], 8: ["v[8:15]", "v[248:255]", "v[24:31]"]}
VSRC16 = ["v1", "v127", "v2", "v100"]
SSRC = {1: ["s1", "s105", "vcc_lo", "vcc_hi", "m0", "exec_lo", "exec_hi", "ttmp11", "null"],
        2: ["s[2:3]", "s[104:105]", "vcc", "exec", "ttmp[4:5]", "null"]}
SMASK = ["s0", "vcc_lo", "s105", "ttmp2", "null", "s17"]      # lane-mask destinations
SMASK_SRC = ["s2", "vcc_lo", "s104", "ttmp3", "null"]          # lane-mask sources
CONST32 = ["0", "-16", "64", "0.5", "-4.0", "0.15915494", "0x12345678", "-100", "1.5", "src_scc",
           "src_shared_base", "0x3f800000", "1", "-1", "0xffff0000", "src_private_limit"]
CONST64F = ["0", "-1", "1.0", "-2.0", "0.15915494309189532", "0x3ff80000", "1.5", "0x12345678", "src_scc", "64"]
CONST64I = ["0", "-16", "64", "0.5", "-4.0", "0x12345678", "-100", "0x7fffffff", "src_shared_limit"]
CONST16F = ["0", "-16", "64", "0.5", "-1.0", "0.15915494", "0x3e00", "1.5", "-0x1234", "0xffff", "src_scc"]
CONST16I = ["0", "-16", "64", "0.5", "-1.0", "0x1234", "-100", "0xffff", "src_scc", "4.0"]
CONSTV2 = ["0", "-16", "64", "0.5", "-1.0", "0x3e00", "0x12345678", "1.5", "src_scc", "0x3c00"]
KLIT = {"f32": ["0x3f800000", "1.5", "0x12345678", "-1", "0x11"], "f16": ["0x3c00", "1.5", "0x1234", "-1", "0x11"]}
DPP16 = ["quad_perm:[3,2,1,0]", "row_shl:1", "row_shr:15", "row_ror:7", "row_mirror", "row_half_mirror",
         "row_share:5", "row_xmask:3", "quad_perm:[0,1,2,3]", "row_share:0"]
DPP16_TAIL = ["", " row_mask:0x5 bank_mask:0xa", " bound_ctrl:1", " fi:1", " row_mask:0x0 bank_mask:0xf bound_ctrl:1 fi:1",
              " row_mask:0xf bank_mask:0x1"]
DPP8 = ["dpp8:[7,6,5,4,3,2,1,0]", "dpp8:[0,1,2,3,4,5,6,7] fi:1", "dpp8:[1,1,1,1,5,5,5,5]", "dpp8:[0,0,0,0,0,0,0,0] fi:0"]
OMOD = [" mul:2", " mul:4", " div:2"]


# LLVM's register classes narrower than the field (disasm/vop/shape.rs, LLVM_RC).
VGPR_ONLY = {("v_movrels_b32", "src0"), ("v_movrelsd_b32", "src0"), ("v_movrelsd_2_b32", "src0"),
             ("v_swap_b32", "src0"), ("v_swaprel_b32", "src0"), ("v_permlane64_b32", "src0"),
             ("v_permlane16_b32", "src0"), ("v_permlanex16_b32", "src0"), ("v_mqsad_u32_u8", "src2"),
             ("v_readfirstlane_b32", "src0"), ("v_readlane_b32", "src0")}
SCALAR_ONLY = {("v_readlane_b32", "src1"): ["s2", "m0", "vcc_hi", "5", "ttmp1", "s105"],
               ("v_writelane_b32", "src0"): ["s1", "5", "0x1234", "1.0", "m0", "vcc_lo"],
               ("v_writelane_b32", "src1"): ["s2", "m0", "3", "vcc_hi", "s105"],
               ("v_permlane16_b32", "src1"): ["s2", "1", "0x1234", "m0", "vcc_lo"],
               ("v_permlane16_b32", "src2"): ["s3", "2", "vcc_hi", "ttmp5"],
               ("v_permlanex16_b32", "src1"): ["s2", "1", "0x1234", "m0", "vcc_lo"],
               ("v_permlanex16_b32", "src2"): ["s3", "2", "vcc_hi", "ttmp5"]}


def parse(row):
    """The row as the table gives it: format, name, operands (role, field, kind), flags."""
    ops, imms, reads, writes = [], {}, set(), set()
    for t in row[4:]:
        if t.startswith("R:"):
            reads |= set(t[2:].split(","))
        elif t.startswith("W:"):
            writes |= set(t[2:].split(","))
        elif "." in t and ":" in t:
            role, rest = t.split(".", 1)
            field, kind = rest.split(":", 1)
            if role == "I":
                imms[field] = kind
            else:
                ops.append((role, field, kind))
    return row[0], row[2], ops, imms, reads, writes


def src_index(field):
    return {"src0": 0, "srcx0": 0, "srcy0": 0, "src1": 1, "vsrc1": 1, "vsrcx1": 1, "vsrcy1": 1, "src2": 2}.get(field)


def is_dst(role, field):
    return field in ("vdst", "sdst", "vdstx", "vdsty")


def width(kind):
    return WIDTH.get(kind, 1)


def pick(pool, k):
    return pool[k % len(pool)]


class Row:
    def __init__(self, row):
        self.fmt, self.name, self.ops, self.imms, self.reads, self.writes = parse(row)
        self.nollvm = "nollvm" in row
        self.e32 = self.fmt in ("VOP1", "VOP2", "VOPC")
        self.dpp = self.imms.get("dpp_ctrl") == "dpp"
        self.srcs = [o for o in self.ops if not is_dst(*o[:2]) and o[1] != "lit"]
        self.dsts = [o for o in self.ops if is_dst(*o[:2])]
        kinds = {k: v for k, v in self.imms.items()}
        self.abs = kinds.get("abs", "abs_")[4:] if self.fmt != "VOP3P" else kinds.get("neg_hi", "")[4:]
        self.neg = kinds.get("neg", "neg_")[4:]
        self.clamp = kinds.get("clmp") == "clamp"
        self.omod = kinds.get("omod") == "omod"
        self.opsel = kinds.get("opsel", "")
        self.opsel = self.opsel[6:] if self.opsel.startswith("opsel_") and self.opsel != "opsel_fake16" else ""
        self.opsel_hi = kinds.get("opsel_hi")
        self.neg_lohi = kinds.get("neg") == "neg_lo"
        if self.fmt == "VOP3P" and self.neg_lohi:
            self.abs, self.neg = "", ""
        if self.e32:
            self.abs = "".join("a" if kinds.get(f"dpp_src{i}_abs") == "abs" else "x" for i in range(2))
            self.neg = "".join({"neg": "n", "sext": "s"}.get(kinds.get(f"dpp_src{i}_neg"), "x") for i in range(2))
        self.true16 = self.name in ("v_mov_b16", "v_swap_b16") and self.e32
        self.fixed_exec = kinds.get("vdst") == "fixed_exec_lo"

    def fake16(self, kind):
        return self.e32 and kind in F16 | I16 and not self.true16

    def dst_text(self, op, k):
        role, field, kind = op
        if kind in ("@mask", "@sgpr"):
            return pick(SMASK, k)
        if self.true16:
            return pick(["v0.l", "v127.h", "v5.h", "v64.l"], k)
        if self.fake16(kind):
            return pick(VDST16, k)
        return pick(VDST[width(kind)], k)

    def src_text(self, op, k, allow_const=True, allow_sgpr=True, vgpr_only=False):
        role, field, kind = op
        if (self.name, field) in SCALAR_ONLY:
            return pick(SCALAR_ONLY[(self.name, field)], k)
        vgpr_only = vgpr_only or (self.name, field) in VGPR_ONLY
        if field == "lit":
            return pick(KLIT.get(kind, KLIT["f32"]), k)
        if kind == "@mask":
            return pick(SMASK_SRC, k)
        if self.true16:
            return pick(["v1.l", "v127.h", "v2.h", "v100.l"], k)
        w = width(kind)
        vgprs = VSRC16 if self.fake16(kind) else VSRC[w]
        nine = field in ("src0", "src1", "src2", "srcx0", "srcy0")
        if not nine or vgpr_only:
            return pick(vgprs, k)
        choice = k % 3
        if choice == 0 or (not allow_const and not allow_sgpr):
            return pick(vgprs, k // 3)
        if choice == 1 and allow_sgpr and w <= 2:
            return pick(SSRC[w], k // 3)
        if not allow_const:
            return pick(vgprs, k // 3)
        if kind in F16:
            return pick(CONST16F, k // 3)
        if kind in I16:
            return pick(CONST16I, k // 3)
        if kind in ("v2f16", "v2bf16"):
            return pick(CONSTV2, k // 3)
        if kind == "f64":
            return pick(CONST64F, k // 3)
        if w == 2:
            return pick(CONST64I, k // 3)
        if w > 2:
            return pick(vgprs, k // 3)
        return pick(CONST32, k // 3)

    def mnemonic(self, suffix):
        return self.name + suffix

    def operands(self, k, mods=False, allow_const=True, allow_sgpr=True, dpp=False, lit_ok=True):
        """The operand list for variant k; with mods, source modifiers the row allows."""
        texts = []
        for op in self.dsts:
            texts.append(self.dst_text(op, k))
        if self.e32 and "vcc" in self.writes and not self.fmt == "VOPC" and self.dsts:
            texts.append("vcc_lo")
        if self.fmt == "VOPC" and "vcc" in self.writes:
            texts.insert(0, "vcc_lo")
        scalars = 1 if "vcc" in self.reads else 0
        for j, op in enumerate([o for o in self.ops if not is_dst(*o[:2])]):
            i = src_index(op[1])
            vgpr_only = dpp and (op[1] == "src0" or (i == 1))
            # At most two scalar values (SGPRs, literals, SCC) per instruction.
            full = scalars >= 2 or (scalars == 1 and k % 2 == 0)
            t = self.src_text(op, k * 7 + j * 3, allow_const=allow_const and not full,
                              allow_sgpr=allow_sgpr and not full, vgpr_only=vgpr_only)
            if not t.startswith("v") and t not in ("null",) and not (t.lstrip("-").replace(".", "").isdigit() and
                                                                       abs(float(t)) <= 64) and op[2] != "@mask":
                scalars += 1
            if op[2] == "@mask":
                scalars += 1
            if mods and i is not None and i < len(self.neg):
                m = (k + j) % 5
                if t.startswith("-") or t.startswith("0x") or t.startswith("src_"):
                    m = 0  # LLVM folds a modifier into some constants; keep them plain
                if m == 1 and self.neg[i] == "n":
                    t = "-" + t
                elif m == 2 and i < len(self.abs) and self.abs[i] == "a":
                    t = "|" + t + "|"
                elif m == 3 and self.neg[i] == "n" and i < len(self.abs) and self.abs[i] == "a":
                    t = "-|" + t + "|" if k % 2 else "neg(abs(" + t + "))"
                elif m == 4 and self.neg[i] == "s":
                    t = "sext(" + t + ")"
                elif m == 4 and self.neg[i] == "n":
                    t = "neg(" + t + ")"
            texts.append(t)
        if self.e32 and "vcc" in self.reads:
            texts.append("vcc_lo")
        return texts

    def tail(self, k):
        out = ""
        if self.opsel:
            n = len(self.opsel)
            bits = [((k >> i) & 1) if c != "x" else 0 for i, c in enumerate(self.opsel)]
            if any(bits):
                out += " op_sel:[" + ",".join(map(str, bits)) + "]"
        if self.fmt == "VOP3P":
            nsrc = len(self.srcs)
            if self.opsel_hi and k % 3 == 1:
                out += " op_sel_hi:[" + ",".join(str((k >> (i + 1)) & 1) for i in range(nsrc)) + "]"
            if self.neg_lohi and k % 4 == 2:
                out += " neg_lo:[" + ",".join(str((k >> i) & 1) for i in range(nsrc)) + "]"
            if self.imms.get("neg_hi") == "neg_hi" and k % 4 == 3:
                out += " neg_hi:[" + ",".join(str((k >> (i + 2)) & 1) for i in range(nsrc)) + "]"
        if self.clamp and k % 2:
            out += " clamp"
        if self.omod and k % 3:
            out += OMOD[k % 3]
        return out


def vop_forms(r):
    out = []
    if r.e32:
        base = r.name
        for k in range(6):
            ops = r.operands(k)
            out.append(base + (" " + ", ".join(ops) if ops else ""))
            out.append(base + "_e32" + (" " + ", ".join(ops) if ops else ""))
        if r.dpp:
            suffix = "" if r.fmt == "VOPC" else "_dpp"
            for k in range(6):
                ops = r.operands(k, mods=True, allow_sgpr=False, allow_const=False, dpp=True)
                ctrl = pick(DPP16, k) + pick(DPP16_TAIL, k * 5 + len(r.name))
                out.append(r.name + suffix + " " + ", ".join(ops) + " " + ctrl)
            for k in range(3):
                ops = r.operands(k, allow_sgpr=False, allow_const=False, dpp=True)
                out.append(r.name + suffix + " " + ", ".join(ops) + " " + pick(DPP8, k + len(r.name)))
    else:
        suffixes = ["_e64", ""] if r.fmt != "VOP3P" else [""]
        for k in range(10):
            ops = r.operands(k, mods=True)
            for s in suffixes:
                out.append(r.name + s + (" " + ", ".join(ops) if ops else "") + r.tail(k))
        if r.dpp:
            for k in range(6):
                ops = r.operands(k, mods=True, allow_sgpr=False, allow_const=False, dpp=True)
                ctrl = pick(DPP16, k) + pick(DPP16_TAIL, k * 5 + len(r.name))
                out.append(r.name + "_e64_dpp " + ", ".join(ops) + r.tail(k) + " " + ctrl)
                if k < 3:
                    out.append(r.name + "_e64_dpp " + ", ".join(ops) + r.tail(k) + " " + pick(DPP8, k))
    return out


def forms(row):
    r = Row(row)
    if r.nollvm:
        return []
    return list(dict.fromkeys(vop_forms(r)))
