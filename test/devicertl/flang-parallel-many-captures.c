// The host-offload entry points flang's x86_64 kernels call
// (devicertl/src/FlangHostOffload.c) run a parallel region's outlined
// function with at most 8 captured values (flang passes one, a pointer to
// a struct of them). A call with more, made here by hand from a target
// region, stops the program with a line naming the entry point and the
// count, before the region runs; with 8 the region runs, on a team of one
// thread (the call asks for one), as thread 0 of it.
// RUN: %wclang %host-offload -O0 %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 8 | FileCheck %s --check-prefix=EIGHT
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not --crash %t 9 > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=NINE --input-file %t.out
// RUN: %wclang %host-offload -O2 %s -o %t2
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not --crash %t2 9 > %t2.out 2>&1
// RUN: FileCheck %s --check-prefix=NINE --input-file %t2.out
// EIGHT: ran: thread 0, sum 36
// EIGHT-NOT: omp-indirect
// NINE: omp-indirect: __kmpc_parallel_60: a parallel region with 9 captured values; the host-offload device runs at most 8
// NINE-NOT: ran:
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp begin declare target
static int32_t Tid = -1;
static long Sum = -1;
static void eight(int32_t *T, int32_t *B, void *A0, void *A1, void *A2,
                  void *A3, void *A4, void *A5, void *A6, void *A7) {
  (void)T, (void)B;
  Tid = omp_get_thread_num();
  Sum = (long)A0 + (long)A1 + (long)A2 + (long)A3 + (long)A4 + (long)A5 +
        (long)A6 + (long)A7;
}

// The host has no such entry point: the region's host version (never run,
// the device is mandatory) must not call it, or the program would not link.
static void runRegion(void **Args, int64_t N) {
  (void)Args, (void)N;
  abort();
}
#pragma omp begin declare variant match(device = {kind(nohost)})
void __kmpc_parallel_60(void *Loc, int32_t Gtid, int32_t IfExpr,
                        int32_t NumThreads, int32_t ProcBind, void *Fn,
                        void *WrapperFn, void **Args, int64_t NArgs,
                        int32_t Strict);
int32_t __kmpc_global_thread_num(void *Loc);
static void runRegion(void **Args, int64_t N) {
  __kmpc_parallel_60(0, __kmpc_global_thread_num(0), 1, 1, 0, (void *)eight,
                     0, Args, N, 0);
}
#pragma omp end declare variant
#pragma omp end declare target

int main(int argc, char **argv) {
  int64_t N = argc > 1 ? atoi(argv[1]) : 8;
  int32_t T = -2;
  long S = -2;
#pragma omp target map(from : T, S)
  {
    void *Args[9];
    for (int I = 0; I < 9; ++I)
      Args[I] = (void *)(long)(I + 1);
    Args[8] = 0;
    runRegion(Args, N);
    T = Tid;
    S = Sum;
  }
  printf("ran: thread %d, sum %ld\n", T, S);
  return 0;
}
