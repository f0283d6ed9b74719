// A promoted call over records whose memos (llvm-pass/src/PromotionMemo.cpp)
// are full still stops loudly at a record that names a function which is
// declare target but not indirect: its host address translates to a stop
// stub, never to a candidate, so no memo ever holds it. The records before
// it alternate between the two indirect functions, so by then both memos
// hit; one thread, so that the stop comes after them. -O2 (the memos are an
// optimization) and -O0.
// RUN: %wclang %host-offload -O2 -rdynamic -Rpass=omp-indirect %s -o %t2 \
// RUN:   2>%t2.remarks
// RUN: FileCheck %s --check-prefix=REMARK --input-file %t2.remarks
// RUN: env OMP_NUM_THREADS=1 not --crash %t2 > %t2.out 2>&1
// RUN: FileCheck %s --input-file %t2.out
// RUN: %wclang %host-offload -O0 -rdynamic %s -o %t0
// RUN: env OMP_NUM_THREADS=1 not --crash %t0 > %t0.out 2>&1
// RUN: FileCheck %s --input-file %t0.out
#include <stdio.h>

int calls = 0;
#pragma omp declare target to(calls)

#pragma omp begin declare target indirect
int twice(int x) { return 2 * x; }
int plus1(int x) { return x + 1; }
#pragma omp end declare target
int plain(int x) { calls++; return x - 1; }
#pragma omp declare target to(plain)

typedef int (*fn_t)(int);
enum { N = 301 };

int main(void) {
  static fn_t recs[N];
  for (int i = 0; i < N; i++)
    recs[i] = i == N - 1 ? plain : i % 2 ? plus1 : twice;
  long s = 0;
  // CHECK: before: ok
  printf("before: ok\n");
  fflush(stdout);
  // CHECK-NEXT: omp-indirect: device 0: the target region in main at line [[#@LINE+2]] called plain (0x{{[0-9a-f]+}} in {{.*}}) through a host address: plain is declare target but not indirect, so no table leads to its device copy (declare it indirect); stopping
  // CHECK-NOT: after
#pragma omp target teams distribute parallel for map(to : recs) \
    reduction(+ : s) map(tofrom : s)
  for (int i = 0; i < N; i++)
    s += recs[i](i);
// REMARK: loud-stop-promote-memo-full.c:[[@LINE-1]]:10: remark: translation of a pointer that changes in the loop memoized for its 2 promoted candidates
  printf("after: s = %ld\n", s);
  return 1;
}
