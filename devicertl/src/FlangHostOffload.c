/*===- FlangHostOffload.c - kernels and parallel regions of flang's x86_64 -===*
 *
 * flang (LLVM 22's OpenMPIRBuilder) lowers a target region for the x86_64
 * host-offload device half the way it lowers it for a GPU: the kernel calls
 * __kmpc_target_init and __kmpc_target_deinit, a parallel region is
 * __kmpc_parallel_60, and a workshared loop is handed to a callback entry
 * point (__kmpc_for_static_loop_4u and its relatives, FlangLoops.c) with
 * the loop body outlined into a function of the normalized iteration
 * number. Only LLVM's GPU device runtime (DeviceRTL) defines these; libomp
 * does not, and the x86_64 device image is linked with --no-undefined, so
 * without these files flang cannot link a host-offload program. Everything
 * else flang's x86_64 kernels call (__kmpc_reduce, __kmpc_barrier,
 * __kmpc_critical, __kmpc_single, omp_get_num_threads, ...) is host
 * libomp's, which the device image links and the process has loaded.
 *
 * A kernel runs as clang's x86_64 kernels do: its parallel regions are
 * libomp parallel regions (__kmpc_fork_call), with the thread count libomp
 * gives clang's __kmpc_fork_call for the same clauses and environment. A
 * teams region is one team (flang's x86_64 kernel forks no league: the
 * plugin runs it once), whose parallel regions have its thread limit. The
 * kernel itself runs inside a serialized libomp region
 * (__kmpc_serialized_parallel), so that what flang puts outside any
 * parallel region (a `single`, a barrier, a reduction on `teams`) acts on
 * the kernel's one thread, not on the host team or the hidden helper team
 * the launching thread belongs to. docs/flang.md lists the entry points.
 *
 * Compiled for the x86_64 offload target only (devicertl/CMakeLists.txt);
 * the device link sees it as bitcode, beside flang's kernels. GPU images
 * keep flang's own DeviceRTL. Clang's x86_64 kernels call none of these, so
 * clang programs never pull this object from the archive.
 *
 * USAGE: clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
 *              -c devicertl/src/FlangHostOffload.c
 *
 *===----------------------------------------------------------------------===*/
#include <stdint.h>

#pragma omp begin declare target device_type(nohost)

/// libomp's, resolved in the device image's link against -lomp.
///{
typedef void (*omp_indirect_microtask)(int32_t *, int32_t *, ...);
int32_t __kmpc_global_thread_num(void *Loc);
void __kmpc_serialized_parallel(void *Loc, int32_t Gtid);
void __kmpc_end_serialized_parallel(void *Loc, int32_t Gtid);
void __kmpc_push_num_threads(void *Loc, int32_t Gtid, int32_t NumThreads);
void __kmpc_push_proc_bind(void *Loc, int32_t Gtid, int32_t ProcBind);
/// These two are newer than libomp 16 (19 and 22 have them): weak, so the
/// archive still links into LLVM 16's host-offload images, where a flang
/// kernel never runs; there a strict num_threads is a plain one and the
/// kernel's thread bound is not set.
void __kmpc_push_num_threads_strict(void *Loc, int32_t Gtid,
                                    int32_t NumThreads, int Severity,
                                    const char *Message)
    __attribute__((weak));
void __kmpc_set_thread_limit(void *Loc, int32_t Gtid, int32_t Limit)
    __attribute__((weak));
void __kmpc_fork_call(void *Loc, int32_t Argc, omp_indirect_microtask Fn,
                      ...);
///}

/// libc's, for the one message a region this file cannot run stops with.
///{
int dprintf(int Fd, const char *Format, ...);
void abort(void);
///}

/// The configuration flang emits for each kernel (LLVM 22's
/// ConfigurationEnvironmentTy): the GPU launch bounds, of which this file
/// reads two. MaxThreads is the bound on a parallel region's threads
/// (thread_limit, or a constant num_threads, 256 by default, 0 when the
/// clause is a run-time value); MaxTeams is -1 for a kernel without teams.
typedef struct omp_indirect_kernel_config {
  uint8_t UseGenericStateMachine, MayUseNestedParallelism, ExecMode;
  int32_t MinThreads, MaxThreads, MinTeams, MaxTeams;
  int32_t ReductionDataSize, ReductionBufferLength;
} omp_indirect_kernel_config;

/// The kernel environment flang emits for each kernel
/// (<kernel>_kernel_environment): configuration, source location, dynamic
/// environment.
typedef struct omp_indirect_kernel_env {
  omp_indirect_kernel_config Config;
  void *Ident;      ///< The kernel's source location (ident_t).
  void *DynamicEnv; ///< Per-launch state (unused).
} omp_indirect_kernel_env;

/// Starts a kernel: always the thread that runs the user code (-1), in
/// generic and SPMD mode alike. The kernel's bound on a parallel region's
/// threads (thread_limit, or a constant num_threads) becomes the
/// thread-limit ICV of the serialized region's task, which every region
/// forked in the kernel inherits (libomp's __kmpc_set_thread_limit, what
/// clang calls for thread_limit on target): flang's default, 256 on a GPU,
/// limits nothing on a host.
int32_t __kmpc_target_init(omp_indirect_kernel_env *Env, void *LaunchEnv) {
  (void)LaunchEnv;
  void *Loc = Env ? Env->Ident : 0;
  int32_t Gtid = __kmpc_global_thread_num(Loc);
  __kmpc_serialized_parallel(Loc, Gtid);
  if (Env && Env->Config.MaxThreads > 0 && __kmpc_set_thread_limit)
    __kmpc_set_thread_limit(Loc, Gtid, Env->Config.MaxThreads);
  return -1;
}

/// Ends the kernel started by __kmpc_target_init on this thread (libomp
/// needs no location to end a serialized region, and deinit gets none).
void __kmpc_target_deinit(void) {
  __kmpc_end_serialized_parallel(0, __kmpc_global_thread_num(0));
}

/// The outlined parallel region: (global tid, bound tid, the captured
/// values one by one).
typedef void *omp_indirect_arg;
#define OMP_INDIRECT_ARGS_1 omp_indirect_arg
#define OMP_INDIRECT_ARGS_2 OMP_INDIRECT_ARGS_1, omp_indirect_arg
#define OMP_INDIRECT_ARGS_3 OMP_INDIRECT_ARGS_2, omp_indirect_arg
#define OMP_INDIRECT_ARGS_4 OMP_INDIRECT_ARGS_3, omp_indirect_arg
#define OMP_INDIRECT_ARGS_5 OMP_INDIRECT_ARGS_4, omp_indirect_arg
#define OMP_INDIRECT_ARGS_6 OMP_INDIRECT_ARGS_5, omp_indirect_arg
#define OMP_INDIRECT_ARGS_7 OMP_INDIRECT_ARGS_6, omp_indirect_arg
#define OMP_INDIRECT_ARGS_8 OMP_INDIRECT_ARGS_7, omp_indirect_arg
#define OMP_INDIRECT_VALS_1 A[0]
#define OMP_INDIRECT_VALS_2 OMP_INDIRECT_VALS_1, A[1]
#define OMP_INDIRECT_VALS_3 OMP_INDIRECT_VALS_2, A[2]
#define OMP_INDIRECT_VALS_4 OMP_INDIRECT_VALS_3, A[3]
#define OMP_INDIRECT_VALS_5 OMP_INDIRECT_VALS_4, A[4]
#define OMP_INDIRECT_VALS_6 OMP_INDIRECT_VALS_5, A[5]
#define OMP_INDIRECT_VALS_7 OMP_INDIRECT_VALS_6, A[6]
#define OMP_INDIRECT_VALS_8 OMP_INDIRECT_VALS_7, A[7]
#define OMP_INDIRECT_CALL(N)                                                   \
  case N:                                                                      \
    ((void (*)(int32_t *, int32_t *, OMP_INDIRECT_ARGS_##N))Fn)(               \
        Gtid, Btid, OMP_INDIRECT_VALS_##N);                                    \
    return;

/// Calls Fn with the N (at most 8, checked by the caller) captured values
/// of A.
static void invokeMicrotask(void *Fn, int32_t *Gtid, int32_t *Btid, void **A,
                            int64_t N) {
  switch (N) {
  case 0:
    ((void (*)(int32_t *, int32_t *))Fn)(Gtid, Btid);
    return;
    OMP_INDIRECT_CALL(1)
    OMP_INDIRECT_CALL(2)
    OMP_INDIRECT_CALL(3)
    OMP_INDIRECT_CALL(4)
    OMP_INDIRECT_CALL(5)
    OMP_INDIRECT_CALL(6)
    OMP_INDIRECT_CALL(7)
    OMP_INDIRECT_CALL(8)
  }
}

/// What __kmpc_fork_call hands each thread of the team: the region, its
/// captured values and their count.
static void runRegion(int32_t *Gtid, int32_t *Btid, void *Fn, void **Args,
                      int64_t *NArgs) {
  invokeMicrotask(Fn, Gtid, Btid, Args, *NArgs);
}

/// flang's proc_bind (llvm::omp::ProcBindKind: master 2, close 3, spread 4,
/// primary 5; -1 or default 6 without the clause) as libomp's kind (the
/// same numbers, primary being master), or -1.
static int32_t libompProcBind(int32_t ProcBind) {
  if (ProcBind == 5)
    return 2;
  return ProcBind >= 2 && ProcBind <= 4 ? ProcBind : -1;
}

/// A parallel region, as clang's host code runs one: with the if clause
/// false Fn runs on this thread alone inside a serialized region;
/// otherwise num_threads (NumThreads > 0; with strict, a team that cannot
/// have them is a fatal error, as in clang's) and proc_bind are pushed and
/// libomp forks the team, whose size it decides as for clang's
/// __kmpc_fork_call: nthreads-var (OMP_NUM_THREADS), the kernel's thread
/// limit, OMP_THREAD_LIMIT, and max-active-levels for a nested region. The
/// GPU state machine's wrapper is not used. More than 8 captured values
/// stop the program with a message (flang passes one).
void __kmpc_parallel_60(void *Loc, int32_t Gtid, int32_t IfExpr,
                        int32_t NumThreads, int32_t ProcBind, void *Fn,
                        void *WrapperFn, void **Args, int64_t NArgs,
                        int32_t Strict) {
  (void)WrapperFn;
  if (NArgs < 0 || NArgs > 8) {
    dprintf(2,
            "omp-indirect: __kmpc_parallel_60: a parallel region with %lld "
            "captured values; the host-offload device runs at most 8\n",
            (long long)NArgs);
    abort();
  }
  if (!IfExpr) {
    int32_t Bound = 0;
    __kmpc_serialized_parallel(Loc, Gtid);
    invokeMicrotask(Fn, &Gtid, &Bound, Args, NArgs);
    __kmpc_end_serialized_parallel(Loc, Gtid);
    return;
  }
  if (NumThreads > 0 && Strict && __kmpc_push_num_threads_strict)
    __kmpc_push_num_threads_strict(Loc, Gtid, NumThreads, 2, 0);
  else if (NumThreads > 0)
    __kmpc_push_num_threads(Loc, Gtid, NumThreads);
  if (libompProcBind(ProcBind) >= 0)
    __kmpc_push_proc_bind(Loc, Gtid, libompProcBind(ProcBind));
  __kmpc_fork_call(Loc, 3, (omp_indirect_microtask)runRegion, Fn, Args,
                   &NArgs);
}

/// flang-19's name and layout for the same (no strict argument).
void __kmpc_parallel_51(void *Loc, int32_t Gtid, int32_t IfExpr,
                        int32_t NumThreads, int32_t ProcBind, void *Fn,
                        void *WrapperFn, void **Args, int64_t NArgs) {
  __kmpc_parallel_60(Loc, Gtid, IfExpr, NumThreads, ProcBind, Fn, WrapperFn,
                     Args, NArgs, 0);
}

#pragma omp end declare target
