; Buffer format conversions from LLVM IR (clang has no builtins for them): MUBUF's format
; loads and stores (buffer_load_format_xyzw, buffer_load_d16_format_xyzw,
; buffer_store_format_xyzw) through a V# whose format is a kernel argument, and MTBUF's
; (tbuffer_load_format_xyz of BUF_FMT_10_11_11_FLOAT, tbuffer_store_format_xyzw of
; BUF_FMT_16_16_16_16_SNORM, tbuffer_store_d16_format_xyzw of BUF_FMT_8_8_8_8_UNORM) with the
; format in the instruction. Raw resources (stride 0, OOB_SELECT 3) over each buffer: the
; input's covers `nrec` bytes, so the last work-items' elements are out of range (their loads
; read 0, or 1 for a component whose dst_sel is SEL_1 past the format's components).
; Work-item i uses element i (esz bytes) of the input; workgroups of 64.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare <4 x float> @llvm.amdgcn.raw.buffer.load.format.v4f32(<4 x i32>, i32, i32, i32)
declare <4 x half> @llvm.amdgcn.raw.buffer.load.format.v4f16(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.format.v4f32(<4 x float>, <4 x i32>, i32, i32, i32)
declare <3 x float> @llvm.amdgcn.raw.tbuffer.load.v3f32(<4 x i32>, i32, i32, i32 immarg, i32 immarg)
declare void @llvm.amdgcn.raw.tbuffer.store.v4f32(<4 x float>, <4 x i32>, i32, i32, i32 immarg, i32 immarg)
declare void @llvm.amdgcn.raw.tbuffer.store.v4f16(<4 x half>, <4 x i32>, i32, i32, i32 immarg, i32 immarg)

; A raw V# over `bytes` bytes at %p with unified format %fmt: stride 0, dst_sel X, Y, Z, W =
; R, G, B, A (4, 5, 6, 7), OOB_SELECT 3.
define internal <4 x i32> @rsrc(ptr addrspace(1) %p, i32 %bytes, i32 %fmt) alwaysinline {
  %a = ptrtoint ptr addrspace(1) %p to i64
  %lo = trunc i64 %a to i32
  %a.hi = lshr i64 %a, 32
  %hi = trunc i64 %a.hi to i32
  %hi16 = and i32 %hi, 65535
  %f = shl i32 %fmt, 12
  %d3 = or i32 %f, 805310380 ; 0x30000fac
  %v0 = insertelement <4 x i32> poison, i32 %lo, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %hi16, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %bytes, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %d3, i32 3
  ret <4 x i32> %v3
}

define amdgpu_kernel void @buffer_formats(ptr addrspace(1) %out_v, ptr addrspace(1) %out_h,
    ptr addrspace(1) %out_t, ptr addrspace(1) %out_s, ptr addrspace(1) %out_u, ptr addrspace(1) %out_f,
    ptr addrspace(1) %in, i32 %fmt, i32 %esz, i32 %nrec, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 6
  %i = add i32 %base, %tid
  %live = icmp ult i32 %i, %n
  br i1 %live, label %body, label %done

body:
  %r_in = call <4 x i32> @rsrc(ptr addrspace(1) %in, i32 %nrec, i32 %fmt)
  %off = mul i32 %i, %esz
  %v = call <4 x float> @llvm.amdgcn.raw.buffer.load.format.v4f32(<4 x i32> %r_in, i32 %off, i32 0, i32 0)
  %h = call <4 x half> @llvm.amdgcn.raw.buffer.load.format.v4f16(<4 x i32> %r_in, i32 %off, i32 0, i32 0)
  %off4 = shl i32 %i, 2
  %t = call <3 x float> @llvm.amdgcn.raw.tbuffer.load.v3f32(<4 x i32> %r_in, i32 %off4, i32 0, i32 30, i32 0)
  %i64 = zext i32 %i to i64
  %pv = getelementptr <4 x float>, ptr addrspace(1) %out_v, i64 %i64
  store <4 x float> %v, ptr addrspace(1) %pv, align 16
  %ph = getelementptr <4 x half>, ptr addrspace(1) %out_h, i64 %i64
  store <4 x half> %h, ptr addrspace(1) %ph, align 8
  %pt = getelementptr <4 x float>, ptr addrspace(1) %out_t, i64 %i64
  store <3 x float> %t, ptr addrspace(1) %pt, align 16
  ; The loaded values stored back: as 16_16_16_16 SNORM (MTBUF), the D16 halves as 8_8_8_8
  ; UNORM (MTBUF), and in the input's own format (MUBUF, the V#'s format). MTBUF converts by
  ; the instruction's format, but a V# whose format is INVALID (0) is unbound for MTBUF too
  ; (guide 9.6, Table 42: its stores are dropped), so those V#s carry format 4, as buffer.cl's.
  %n8 = shl i32 %n, 3
  %r_s = call <4 x i32> @rsrc(ptr addrspace(1) %out_s, i32 %n8, i32 4)
  %off8 = shl i32 %i, 3
  call void @llvm.amdgcn.raw.tbuffer.store.v4f32(<4 x float> %v, <4 x i32> %r_s, i32 %off8, i32 0, i32 52, i32 0)
  %n4 = shl i32 %n, 2
  %r_u = call <4 x i32> @rsrc(ptr addrspace(1) %out_u, i32 %n4, i32 4)
  call void @llvm.amdgcn.raw.tbuffer.store.v4f16(<4 x half> %h, <4 x i32> %r_u, i32 %off4, i32 0, i32 42, i32 0)
  %nf = mul i32 %n, %esz
  %r_f = call <4 x i32> @rsrc(ptr addrspace(1) %out_f, i32 %nf, i32 %fmt)
  call void @llvm.amdgcn.raw.buffer.store.format.v4f32(<4 x float> %v, <4 x i32> %r_f, i32 %off, i32 0, i32 0)
  br label %done

done:
  ret void
}
