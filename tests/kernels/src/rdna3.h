// Work-item indexing without the device library (kernels are built with -nogpulib): the
// amdgcn builtins read the hardware registers and the implicit kernel arguments directly.
#pragma once

static inline uint lid_x(void) { return __builtin_amdgcn_workitem_id_x(); }
static inline uint lid_y(void) { return __builtin_amdgcn_workitem_id_y(); }
static inline uint lid_z(void) { return __builtin_amdgcn_workitem_id_z(); }
static inline uint group_x(void) { return __builtin_amdgcn_workgroup_id_x(); }
static inline uint group_y(void) { return __builtin_amdgcn_workgroup_id_y(); }
static inline uint group_z(void) { return __builtin_amdgcn_workgroup_id_z(); }
static inline uint size_x(void) { return __builtin_amdgcn_workgroup_size_x(); }
static inline uint size_y(void) { return __builtin_amdgcn_workgroup_size_y(); }
static inline uint size_z(void) { return __builtin_amdgcn_workgroup_size_z(); }
static inline uint gid_x(void) { return group_x() * size_x() + lid_x(); }
static inline uint gid_y(void) { return group_y() * size_y() + lid_y(); }
static inline uint gid_z(void) { return group_z() * size_z() + lid_z(); }
// A work-group barrier that also orders LDS accesses (what OpenCL's barrier(CLK_LOCAL_MEM_FENCE)
// compiles to): release fence, s_barrier, acquire fence.
static inline void barrier_local(void) {
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
