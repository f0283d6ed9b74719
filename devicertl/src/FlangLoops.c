/*===- FlangLoops.c - the callback loops of flang's x86_64 kernels --------===*
 *
 * flang (LLVM 22's OpenMPIRBuilder) hands every workshared or distributed
 * loop of a target region to a callback entry point of LLVM's GPU device
 * runtime, __kmpc_for_static_loop_4u and its relatives, with the loop body
 * outlined into Body(I, Arg) of the normalized iteration number I = 0, 1,
 * ..., NumIters - 1. These are their definitions for the x86_64
 * host-offload device, where the threads calling them are a libomp team
 * (FlangHostOffload.c forks each parallel region with __kmpc_fork_call):
 *
 * - a worksharing loop (`do`, `parallel do`) splits the iterations among
 *   the threads of the innermost parallel region as libomp's static
 *   schedule does: without a chunk, one contiguous block a thread, in
 *   thread order, sizes differing by at most one; with one, chunks of that
 *   size round robin. flang-22 passes no schedule and no chunk to the
 *   device: every schedule arrives as plain static (docs/flang.md);
 * - a distributed loop (`distribute`) splits them among the league's teams
 *   the same way (one team on this device, which takes them all);
 * - `distribute parallel do` splits the team's block among its threads.
 *
 * Each iteration runs exactly once. The caller's thread count and its
 * one-iteration-per-thread promise are GPU launch facts and are not used:
 * the split is by the team libomp formed.
 *
 * A call per iteration through a pointer inlines and vectorizes nothing,
 * so in the modules omp-indirect-flang compiles the pass
 * (llvm-pass/src/FlangLoops.cpp) emits the loop itself around a direct
 * call of the body, taking this thread's iterations from
 * __omp_indirect_flang_static_bounds_*; the callbacks serve code built
 * without the pass (flang alone, given this archive) and chunked loops.
 *
 * USAGE: clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
 *              -c devicertl/src/FlangLoops.c
 *
 *===----------------------------------------------------------------------===*/
#include <stdint.h>

#pragma omp begin declare target device_type(nohost)

/// libomp's.
///{
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_team_num(void);
int omp_get_num_teams(void);
///}

/// Member Who of Count's block of [0, NumIters): contiguous, in member
/// order, sizes differing by at most one (the first NumIters % Count one
/// more). A member past the count gets nothing.
#define OMP_INDIRECT_BLOCK(UTY, NumIters, Who, Count, Lo, Hi)                  \
  do {                                                                         \
    UTY Q_ = (NumIters) / (Count), R_ = (NumIters) % (Count);                  \
    *(Lo) = (Who) * Q_ + ((Who) < R_ ? (Who) : R_);                            \
    *(Hi) = (Who) < (Count) ? *(Lo) + Q_ + ((Who) < R_ ? 1 : 0) : *(Lo);      \
  } while (0)

/// One loop type's entry points.
/// __omp_indirect_flang_static_bounds: this thread's iterations [*Lo, *Hi)
/// of a loop of NumIters without chunks: Kind 0 a worksharing loop (among
/// the threads of the innermost parallel region), 1 a distributed one
/// (among the league's teams), 2 distribute parallel do (the team's block
/// among its threads). The pass (llvm-pass/src/FlangLoops.cpp) emits the
/// loop over them around the body; the callbacks below use it too. A
/// non-positive count gives an empty range.
/// chunked: the iterations Base + [0, N) in chunks of Chunk round robin
/// among Count members, member Who's share; never overflows the type.
#define OMP_INDIRECT_LOOPS(SUFFIX, TY, UTY)                                    \
  void __omp_indirect_flang_static_bounds##SUFFIX(int32_t Kind, TY NumIters,   \
                                                  TY *Lo, TY *Hi) {            \
    UTY L = 0, H = 0;                                                          \
    if (NumIters > 0) {                                                        \
      UTY N = (UTY)NumIters;                                                   \
      if (Kind != 0)                                                           \
        OMP_INDIRECT_BLOCK(UTY, N, (UTY)omp_get_team_num(),                    \
                           (UTY)omp_get_num_teams(), &L, &H);                  \
      else                                                                     \
        H = N;                                                                 \
      if (Kind != 1) {                                                         \
        UTY Base = L, TL, TH;                                                  \
        OMP_INDIRECT_BLOCK(UTY, H - L, (UTY)omp_get_thread_num(),              \
                           (UTY)omp_get_num_threads(), &TL, &TH);              \
        L = Base + TL, H = Base + TH;                                          \
      }                                                                        \
    }                                                                          \
    *Lo = (TY)L, *Hi = (TY)H;                                                  \
  }                                                                            \
  static void chunked##SUFFIX(void (*Body)(TY, void *), void *Arg, UTY Base,   \
                              UTY N, UTY Chunk, UTY Who, UTY Count) {          \
    if (N == 0 || Who >= Count || (Who > 0 && Chunk > (N - 1) / Who))          \
      return; /* No chunk starts below N. */                                   \
    for (UTY Lo = Who * Chunk;;) {                                             \
      UTY Hi = N - Lo > Chunk ? Lo + Chunk : N;                                \
      for (UTY I = Lo; I < Hi; ++I)                                            \
        Body((TY)(Base + I), Arg);                                             \
      if (Count > (N - Lo - 1) / Chunk)                                        \
        return; /* Lo + Count * Chunk would reach N. */                        \
      Lo += Count * Chunk;                                                     \
    }                                                                          \
  }                                                                            \
  static void run##SUFFIX(void (*Body)(TY, void *), void *Arg, int32_t Kind,   \
                          TY NumIters, TY Chunk) {                             \
    TY Lo, Hi;                                                                 \
    if (Chunk <= 0) {                                                          \
      __omp_indirect_flang_static_bounds##SUFFIX(Kind, NumIters, &Lo, &Hi);    \
      for (TY I = Lo; I < Hi; ++I)                                             \
        Body(I, Arg);                                                          \
      return;                                                                  \
    }                                                                          \
    if (NumIters <= 0)                                                         \
      return;                                                                  \
    if (Kind == 1) {                                                           \
      chunked##SUFFIX(Body, Arg, 0, (UTY)NumIters, (UTY)Chunk,                 \
                      (UTY)omp_get_team_num(), (UTY)omp_get_num_teams());     \
      return;                                                                  \
    }                                                                          \
    UTY L = 0, H = (UTY)NumIters;                                              \
    if (Kind == 2)                                                             \
      OMP_INDIRECT_BLOCK(UTY, (UTY)NumIters, (UTY)omp_get_team_num(),          \
                         (UTY)omp_get_num_teams(), &L, &H);                    \
    chunked##SUFFIX(Body, Arg, L, H - L, (UTY)Chunk,                           \
                    (UTY)omp_get_thread_num(), (UTY)omp_get_num_threads());    \
  }                                                                            \
  void __kmpc_for_static_loop##SUFFIX(void *Loc, void (*Body)(TY, void *),     \
                                      void *Arg, TY NumIters, TY NumThreads,   \
                                      TY ThreadChunk, uint8_t OnePerThread) {  \
    (void)Loc, (void)NumThreads, (void)OnePerThread;                           \
    run##SUFFIX(Body, Arg, 0, NumIters, ThreadChunk);                          \
  }                                                                            \
  void __kmpc_distribute_static_loop##SUFFIX(                                  \
      void *Loc, void (*Body)(TY, void *), void *Arg, TY NumIters,             \
      TY BlockChunk, uint8_t OnePerThread) {                                   \
    (void)Loc, (void)OnePerThread;                                             \
    run##SUFFIX(Body, Arg, 1, NumIters, BlockChunk);                           \
  }                                                                            \
  void __kmpc_distribute_for_static_loop##SUFFIX(                              \
      void *Loc, void (*Body)(TY, void *), void *Arg, TY NumIters,             \
      TY NumThreads, TY BlockChunk, TY ThreadChunk, uint8_t OnePerThread) {    \
    (void)Loc, (void)NumThreads, (void)BlockChunk, (void)OnePerThread;         \
    run##SUFFIX(Body, Arg, 2, NumIters, ThreadChunk);                          \
  }

OMP_INDIRECT_LOOPS(_4, int32_t, uint32_t)
OMP_INDIRECT_LOOPS(_4u, uint32_t, uint32_t)
OMP_INDIRECT_LOOPS(_8, int64_t, uint64_t)
OMP_INDIRECT_LOOPS(_8u, uint64_t, uint64_t)

#pragma omp end declare target
