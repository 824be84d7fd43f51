"""Corpus forms of the image format (MIMG, with its NSA address dword), and a sweep of its
data, address, DIM, A16, D16, TFE, NSA, resource and flag fields through LLVM's disassembler.

The widths below mirror isa/src/disasm/mimg/shape.rs (LLVM's getAddrSizeMIMGOp) only to write
forms LLVM accepts; LLVM decides: forms it rejects are left out of the corpus."""
from forms_flat import decodable, hexw, operands, table_opcodes

NAME = "mimg"
FORMATS = {"MIMG"}

# (name after SQ_RSRC_IMG_, coordinates, 32-bit derivatives)
DIMS = [("1D", 1, 2), ("2D", 2, 4), ("3D", 3, 6), ("CUBE", 3, 4), ("1D_ARRAY", 2, 2), ("2D_ARRAY", 3, 4),
        ("2D_MSAA", 3, 4), ("2D_MSAA_ARRAY", 4, 4)]
SRSRC = ["s[8:15]", "s[96:103]", "ttmp[8:15]", "s[0:7]", "s[4:11]", "ttmp[0:7]", "s[20:27]"]
SSAMP = ["s[16:19]", "s[100:103]", "ttmp[12:15]", "s[0:3]", "s[4:7]", "ttmp[0:3]", "s[36:39]"]
BVH_RSRC = ["s[4:7]", "s[100:103]", "ttmp[4:7]", "s[0:3]", "ttmp[12:15]"]
DMASKS = [0xf, 0x1, 0x3, 0x7, 0x5, 0x8, 0xe, 0x0, 0x9, 0x2, 0xb, 0x4, 0x6, 0xc, 0xd, 0xa]
ONE_BIT = [0x1, 0x2, 0x4, 0x8]
CPOL = ["", " glc", " slc", " dlc", " glc slc dlc", " slc glc", " dlc glc", " noglc", " glc, r128",
        " dlc slc glc"]
FORMS = 12


def rules(row):
    ops = {field: (role, kind) for role, field, kind in operands(row)}
    return ops


def addr_parts(rule):
    parts = rule.split("+")
    extra = sum(p in ("offset", "bias", "zcompare") for p in parts)
    grad = "grad" if "grad" in parts else "grad16" if "grad16" in parts else None
    return extra, grad, "coords" in parts, any(p in ("mip", "lod", "clamp") for p in parts)


def addr_dwords(rule, dim, a16):
    extra, grad, coords, lod = addr_parts(rule)
    _, ncoords, grads = DIMS[dim]
    body = (ncoords if coords else 0) + int(lod)
    n = extra + ((body + 1) // 2 if a16 else body)
    if grad == "grad":
        n += grads
    elif grad == "grad16":
        n += (grads // 2 + 1) // 2 * 2
    return n


def data_dwords(rule, dmask, d16, tfe):
    n = 4 if rule in ("gather4", "msaa") else max(bin(dmask & 0xf).count("1"), 1)
    if d16:
        n = (n + 1) // 2
    return n + int(tfe)


def vreg(first, n):
    first = min(first, 256 - n)
    return f"v{first}" if n == 1 else f"v[{first}:{first + n - 1}]"


def nsa_list(first, n, k):
    """n addresses as an NSA list: scattered single VGPRs, the fifth a tuple of the rest."""
    regs = []
    for i in range(min(n, 5)):
        width = n - 4 if i == 4 else 1
        regs.append(vreg((first + 37 * i + 11 * k) % 250, width))
    return "[" + ", ".join(regs) + "]"


def image_forms(row):
    name = row[2]
    ops = rules(row)
    data_rule = ops["vdata"][1][1:]
    addr_rule = ops["vaddr"][1][1:]
    sampler = ops.get("ssamp", ("I", "none"))[1] == "b128"
    has_d16 = ops["d16"][1] == "flag"
    out = []
    for k in range(FORMS):
        dim = k % 8
        if data_rule == "msaa":
            dim = 6 + k % 2
        a16 = k % 3 == 1
        d16 = has_d16 and k % 4 == 2
        tfe = k % 5 == 3
        lwe = k % 7 == 4
        if data_rule in ("gather4", "msaa"):
            dmask = ONE_BIT[k % 4]
        elif data_rule == "atomic":
            dmask = (0x1, 0x3)[k % 2]
        elif data_rule == "cmpswap":
            dmask = (0x3, 0xf)[k % 2]
        else:
            dmask = DMASKS[(k + len(name)) % len(DMASKS)]
        if data_rule in ("atomic", "cmpswap"):
            tfe = k % 3 == 2  # LLVM 19 reads 3 and 5 data dwords, and prints neither back
        nd = data_dwords(data_rule, dmask, d16, tfe)
        na = addr_dwords(addr_rule, dim, a16)
        vdata = vreg((0, 255, 7, 128, 252, 33)[k % 6], nd)
        if k % 2 == 1 and na >= 2:
            vaddr = nsa_list(k * 3, na, k)
        elif k % 4 == 2 and 5 <= na <= 7:
            vaddr = vreg(9 + k, 8)  # LLVM reads 8 VGPRs where 5 to 7 are needed
        elif k == 8 and na == 1:
            vaddr = "[v9]"  # a one-element list is an ordinary address
        else:
            vaddr = vreg((4, 250, 1, 100, 255, 17)[k % 6], na)
        regs = [vdata, vaddr, SRSRC[k % len(SRSRC)]]
        if sampler:
            regs.append(SSAMP[(k + len(name)) % len(SSAMP)])
        form = f"{name} {', '.join(regs)}"
        if dmask or k % 4 == 0:
            form += f" dmask:{dmask:#x}" if k % 5 else f" dmask:{dmask}"
        dim_name = DIMS[dim][0]
        form += f" dim:{dim_name}" if k % 3 == 2 else f" dim:SQ_RSRC_IMG_{dim_name}"
        if k % 4 == 1:
            form += " unorm"
        cpol = CPOL[(k * 3 + len(name)) % len(CPOL)]
        if k % 6 == 5 and "r128" not in cpol:
            cpol += " r128"
        form += cpol
        if a16:
            form += " a16"
        if tfe:
            form += " tfe"
        if lwe:
            form += " lwe"
        if d16:
            form += " d16"
        out.append(form)
    extra, grad, coords, lod = addr_parts(addr_rule)
    if sampler and extra + (2 if grad else 0) + int(coords) + int(lod) <= 5:
        # Five or fewer addresses: LLVM counts a partial NSA list's elements, not its VGPRs.
        for dim in range(8):
            if addr_dwords(addr_rule, dim, True) == 5:
                out.append(f"{name} v0, [v7, v8, v9, v10, v[11:12]], s[8:15], s[16:19] dmask:0x1 "
                           f"dim:SQ_RSRC_IMG_{DIMS[dim][0]} a16")
                break
    return out


def bvh_forms(row):
    name = row[2]
    node = 2 if "bvh64" in name else 1
    out = []
    for k in range(6):
        a16 = k % 2 == 1
        n = (9 if a16 else 12) if node == 2 else (8 if a16 else 11)
        vdata = vreg((0, 252, 4, 128, 17, 200)[k], 4)
        if k >= 2:
            first = (9, 30, 240, 1)[k - 2]
            parts = [node, 1, 3, 3] + ([] if a16 else [3])
            regs, at = [], first
            for i, w in enumerate(parts):
                regs.append(vreg(at, w))
                at = (at + w + 5 * i + 1) % 240
            vaddr = "[" + ", ".join(regs) + "]"
        else:
            vaddr = vreg((9, 256 - n)[k], n)
        form = f"{name} {vdata}, {vaddr}, {BVH_RSRC[k % len(BVH_RSRC)]}"
        out.append(form + (" a16" if a16 else ""))
    out.append(f"{name} v[4:7], v[9:{9 + (11 if node == 1 else 12) - 1}], s[4:7] noa16")
    return out


def forms(row):
    if "nollvm" in row:
        return []
    if "bvh" in row[2]:
        return list(dict.fromkeys(bvh_forms(row)))
    return list(dict.fromkeys(image_forms(row)))


# (dmask, d16, tfe) combinations the sweep cycles through.
DATA = [(0x1, 0, 0), (0xf, 0, 0), (0x3, 1, 0), (0x7, 0, 1), (0xf, 1, 1), (0x0, 0, 0), (0x5, 1, 0),
        (0xb, 0, 1), (0x3, 0, 0), (0x8, 1, 1), (0xe, 0, 0), (0x1, 0, 1)]


def w0(op, dim=0, dmask=1, nsa=0, unrm=0, slc=0, dlc=0, glc=0, r128=0, a16=0, d16=0):
    return (0b111100 << 26 | op << 18 | d16 << 17 | a16 << 16 | r128 << 15 | glc << 14 | dlc << 13 | slc << 12
            | dmask << 8 | unrm << 7 | dim << 2 | nsa)


def w1(vaddr=4, vdata=0, srsrc=2, tfe=0, lwe=0, ssamp=0):
    return ssamp << 26 | lwe << 22 | tfe << 21 | srsrc << 16 | vdata << 8 | vaddr


def sweeps():
    """Every opcode with every DIM, A16 and NSA and a cycle of DMASK/D16/TFE combinations;
    data and address registers at the top of the VGPRs; every flag; every SRSRC and SSAMP
    code for a few opcodes; BVH's fixed fields and tuples. Only the words LLVM decodes are
    kept (it decodes no other value of the fields a row fixes)."""
    words = []
    for fmt, op, row in table_opcodes(FORMATS):
        ops = rules(row)
        sampler = ops.get("ssamp", ("I", "none"))[1] == "b128"
        ssamp = 4 if sampler else 0
        nsa_dword = 0x14131211
        if "bvh" in row[2]:
            fixed = dict(dmask=0xf, unrm=1, r128=1)
            for a16 in (0, 1):
                for nsa in (0, 1):
                    for vdata, vaddr in ((0, 4), (252, 240), (253, 4), (4, 247), (4, 245), (100, 100)):
                        ext = [nsa_dword] if nsa else []
                        words.append(hexw(w0(op, a16=a16, nsa=nsa, **fixed), w1(vaddr, vdata, srsrc=1), *ext))
                    words.append(hexw(w0(op, a16=a16, nsa=1, **fixed), w1(4, 0, srsrc=1), 0xfdfcfbfa))
                    for srsrc in range(32):
                        words.append(hexw(w0(op, a16=a16, nsa=nsa, **fixed), w1(4, 0, srsrc=srsrc),
                                          *([nsa_dword] if nsa else [])))
            continue
        k = 0
        for dim in range(8):
            for a16 in (0, 1):
                for nsa in (0, 1):
                    for rep in range(2):
                        dmask, d16, tfe = DATA[(k + op + rep * 5) % len(DATA)]
                        k += 1
                        ext = [nsa_dword] if nsa else []
                        words.append(hexw(w0(op, dim=dim, dmask=dmask, nsa=nsa, a16=a16, d16=d16),
                                          w1(4, 0, tfe=tfe, ssamp=ssamp), *ext))
        # Registers at the top: the widened tuples run past v255 or just fit.
        for vdata in (251, 252, 253, 255):
            words.append(hexw(w0(op, dim=2, dmask=0xf), w1(4, vdata, ssamp=ssamp)))
        for vaddr in (244, 246, 248, 250, 253, 255):
            words.append(hexw(w0(op, dim=2, dmask=0x1), w1(vaddr, 0, ssamp=ssamp)))
            words.append(hexw(w0(op, dim=7, dmask=0x1, a16=1), w1(vaddr, 0, ssamp=ssamp)))
        for addr4 in (247, 250, 252, 254, 255):
            words.append(hexw(w0(op, dim=2, dmask=0x1, nsa=1), w1(4, 0, ssamp=ssamp), 0x131211 | addr4 << 24))
        # Flags, one at a time and all together.
        for bits in ({"unrm": 1}, {"glc": 1}, {"slc": 1}, {"dlc": 1}, {"r128": 1},
                     {"unrm": 1, "glc": 1, "slc": 1, "dlc": 1, "r128": 1}):
            words.append(hexw(w0(op, dim=1, dmask=0x3, **bits), w1(4, 0, ssamp=ssamp)))
        words.append(hexw(w0(op, dim=1, dmask=0x3), w1(4, 0, lwe=1, ssamp=ssamp)))
        words.append(hexw(w0(op, dim=1, dmask=0x3), w1(4, 0, lwe=1, tfe=1, ssamp=ssamp)))
        if row[2] in ("image_load", "image_sample", "image_atomic_add", "image_gather4_c_b_cl"):
            for srsrc in range(32):
                words.append(hexw(w0(op, dim=1, dmask=0x1), w1(4, 0, srsrc=srsrc, ssamp=ssamp)))
            if sampler:
                for s in range(32):
                    words.append(hexw(w0(op, dim=1, dmask=0x1), w1(4, 0, ssamp=s)))
            # Bits no field holds, and NSA address bytes no address uses.
            for extra in (1 << 1, 1 << 5, 1 << 6):
                words.append(hexw(w0(op, dim=1, dmask=0x1) | extra, w1(4, 0, ssamp=ssamp)))
            for extra in (1 << 23, 1 << 24, 1 << 25, 1 << 31):
                words.append(hexw(w0(op, dim=1, dmask=0x1), w1(4, 0, ssamp=ssamp) | extra))
            words.append(hexw(w0(op, dim=1, dmask=0x1, nsa=1), w1(4, 0, ssamp=ssamp), 0xffffff05))
    return [("mimg_sweep", decodable(words))]
