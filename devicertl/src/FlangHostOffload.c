/*===- FlangHostOffload.c - entry points flang's x86_64 kernels call ------===*
 *
 * flang (LLVM 22's OpenMPIRBuilder) lowers a target region for the x86_64
 * host-offload device half the way it lowers it for a GPU: the kernel calls
 * __kmpc_target_init and __kmpc_target_deinit, a parallel region is
 * __kmpc_parallel_60, and a workshared loop is handed to a callback entry
 * point (__kmpc_for_static_loop_4u and its relatives) with the loop body
 * outlined into a function of the normalized iteration number. Only LLVM's
 * GPU device runtime (DeviceRTL) defines these; libomp does not, and the
 * x86_64 device image is linked with --no-undefined, so without this file
 * flang cannot link a host-offload program. Everything else flang's x86_64
 * kernels call (__kmpc_reduce, __kmpc_barrier, __kmpc_critical,
 * __kmpc_single, omp_get_num_threads, ...) is host libomp's, which the
 * device image links and the process has loaded.
 *
 * The host-offload plugin runs a kernel once, on the thread that launched
 * it. These entry points run it as one team of one thread, which is what
 * OpenMP allows a device to do: every parallel region gets one thread and
 * every workshared or distributed loop runs each of its iterations exactly
 * once, in order, on that thread. To keep libomp's view the same, the kernel
 * and each parallel region run inside a serialized libomp parallel region
 * (__kmpc_serialized_parallel): reductions, barriers, single and critical
 * constructs in flang's code then act on a team of one, even when the
 * launching thread is one of a host team's threads or libomptarget's hidden
 * helper threads (target nowait). docs/flang.md lists the entry points.
 *
 * Compiled for the x86_64 offload target only (devicertl/CMakeLists.txt);
 * GPU images keep flang's own DeviceRTL. Clang's x86_64 kernels call none of
 * these, so clang programs never pull this object from the archive.
 *
 * USAGE: clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
 *              -c devicertl/src/FlangHostOffload.c
 *
 *===----------------------------------------------------------------------===*/
#include <stdint.h>

#pragma omp begin declare target device_type(nohost)

/// libomp's, resolved in the device image's link against -lomp.
///{
int32_t __kmpc_global_thread_num(void *Loc);
void __kmpc_serialized_parallel(void *Loc, int32_t Gtid);
void __kmpc_end_serialized_parallel(void *Loc, int32_t Gtid);
///}

/// libc's, for the one message a region this file cannot run stops with.
///{
int dprintf(int Fd, const char *Format, ...);
void abort(void);
///}

/// The kernel environment flang emits for each kernel
/// (<kernel>_kernel_environment): its configuration, then the source
/// location, then the dynamic environment. Only the location is read here.
typedef struct omp_indirect_kernel_env {
  uint8_t Configuration[32]; ///< Mode, thread and team limits (unused).
  void *Ident;               ///< The kernel's source location (ident_t).
  void *DynamicEnv;          ///< Per-launch state (unused).
} omp_indirect_kernel_env;

/// Starts a kernel: always the thread that runs the user code (-1), in
/// generic and SPMD mode alike, as one team of one thread.
int32_t __kmpc_target_init(omp_indirect_kernel_env *Env, void *LaunchEnv) {
  (void)LaunchEnv;
  void *Loc = Env ? Env->Ident : 0;
  __kmpc_serialized_parallel(Loc, __kmpc_global_thread_num(Loc));
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
    return 1;

/// Calls Fn with the N captured values of A; 0 if there are more than the
/// 8 handled here (flang passes one, a pointer to a struct of them).
static int invokeMicrotask(void *Fn, int32_t *Gtid, int32_t *Btid, void **A,
                           int64_t N) {
  switch (N) {
  case 0:
    ((void (*)(int32_t *, int32_t *))Fn)(Gtid, Btid);
    return 1;
    OMP_INDIRECT_CALL(1)
    OMP_INDIRECT_CALL(2)
    OMP_INDIRECT_CALL(3)
    OMP_INDIRECT_CALL(4)
    OMP_INDIRECT_CALL(5)
    OMP_INDIRECT_CALL(6)
    OMP_INDIRECT_CALL(7)
    OMP_INDIRECT_CALL(8)
  }
  return 0;
}

/// A parallel region: runs Fn once, as thread 0 of a team of one, inside a
/// serialized libomp region (nested regions nest the same way). The if
/// clause, num_threads, proc_bind, strict and the wrapper (the GPU state
/// machine's) change nothing with one thread. More than 8 captured values
/// stop the program with a message (flang passes one).
void __kmpc_parallel_60(void *Loc, int32_t Gtid, int32_t IfExpr,
                        int32_t NumThreads, int32_t ProcBind, void *Fn,
                        void *WrapperFn, void **Args, int64_t NArgs,
                        int32_t Strict) {
  (void)IfExpr, (void)NumThreads, (void)ProcBind, (void)WrapperFn,
      (void)Strict;
  int32_t Tid = 0, Bound = 0;
  __kmpc_serialized_parallel(Loc, Gtid);
  int Done = invokeMicrotask(Fn, &Tid, &Bound, Args, NArgs);
  __kmpc_end_serialized_parallel(Loc, Gtid);
  if (!Done) {
    dprintf(2,
            "omp-indirect: __kmpc_parallel_60: a parallel region with %lld "
            "captured values; the host-offload device runs at most 8\n",
            (long long)NArgs);
    abort();
  }
}

/// flang-19's name and layout for the same (no strict argument).
void __kmpc_parallel_51(void *Loc, int32_t Gtid, int32_t IfExpr,
                        int32_t NumThreads, int32_t ProcBind, void *Fn,
                        void *WrapperFn, void **Args, int64_t NArgs) {
  __kmpc_parallel_60(Loc, Gtid, IfExpr, NumThreads, ProcBind, Fn, WrapperFn,
                     Args, NArgs, 0);
}

/// The callback loops. A loop of NumIters iterations (normalized: 0, 1, ...,
/// NumIters - 1) runs Body(I, Arg) for each, in order, once: a team of one
/// thread gets every thread chunk and the one team every block chunk,
/// whatever the schedule asked. The thread count and chunks are ignored, and
/// so is the promise of one iteration per thread, which holds for the
/// caller's thread count only. A non-positive count runs nothing.
#define OMP_INDIRECT_LOOPS(SUFFIX, TY)                                         \
  static void runLoop##SUFFIX(void (*Body)(TY, void *), void *Arg,             \
                              TY NumIters) {                                   \
    for (TY I = 0; I < NumIters; ++I)                                          \
      Body(I, Arg);                                                            \
  }                                                                            \
  void __kmpc_for_static_loop##SUFFIX(void *Loc, void (*Body)(TY, void *),     \
                                      void *Arg, TY NumIters, TY NumThreads,   \
                                      TY ThreadChunk, uint8_t OnePerThread) {  \
    (void)Loc, (void)NumThreads, (void)ThreadChunk, (void)OnePerThread;        \
    runLoop##SUFFIX(Body, Arg, NumIters);                                      \
  }                                                                            \
  void __kmpc_distribute_static_loop##SUFFIX(                                  \
      void *Loc, void (*Body)(TY, void *), void *Arg, TY NumIters,             \
      TY BlockChunk, uint8_t OnePerThread) {                                   \
    (void)Loc, (void)BlockChunk, (void)OnePerThread;                           \
    runLoop##SUFFIX(Body, Arg, NumIters);                                      \
  }                                                                            \
  void __kmpc_distribute_for_static_loop##SUFFIX(                              \
      void *Loc, void (*Body)(TY, void *), void *Arg, TY NumIters,             \
      TY NumThreads, TY BlockChunk, TY ThreadChunk, uint8_t OnePerThread) {    \
    (void)Loc, (void)NumThreads, (void)BlockChunk, (void)ThreadChunk,          \
        (void)OnePerThread;                                                    \
    runLoop##SUFFIX(Body, Arg, NumIters);                                      \
  }

OMP_INDIRECT_LOOPS(_4, int32_t)
OMP_INDIRECT_LOOPS(_4u, uint32_t)
OMP_INDIRECT_LOOPS(_8, int64_t)
OMP_INDIRECT_LOOPS(_8u, uint64_t)

#pragma omp end declare target
