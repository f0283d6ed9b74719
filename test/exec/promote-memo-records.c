// The memos of a promoted call over records (llvm-pass/src/PromotionMemo.cpp):
// 7000 records in device memory, each naming one of the unit's three indirect
// functions by its host address (after the first such record a thread meets,
// a memo answers without the table), by its device address stored on the
// device (the memos' starting values), another unit's function (never a
// candidate: through the table every time), or NULL (skipped). Device-side
// counters prove that each record reached its own device copy, at -O0 and
// -O2, on one thread and on four.
// RUN: %wclang %host-offload -O0 %s %S/Inputs/promote-other-unit.c -o %t0
// RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t0 | FileCheck %s
// RUN: %wclang %host-offload -O2 -Rpass=omp-indirect %s \
// RUN:   %S/Inputs/promote-other-unit.c -o %t2 2>%t2.remarks
// RUN: FileCheck %s --check-prefix=REMARK --input-file %t2.remarks
// RUN: env OMP_NUM_THREADS=1 %t2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t2 | FileCheck %s
#include <stdio.h>

int calls[3] = {0, 0, 0};
#pragma omp declare target to(calls)

#pragma omp begin declare target indirect
int f0(int x) {
#pragma omp atomic
  calls[0]++;
  return x;
}
int f1(int x) {
#pragma omp atomic
  calls[1]++;
  return 2 * x;
}
int f2(int x) {
#pragma omp atomic
  calls[2]++;
  return x - 1;
}
#pragma omp end declare target

int other_sub7(int x);
int other_device_calls(void);

typedef int (*fn_t)(int);
struct rec { fn_t f; int k; int x; };

enum { N = 7000 };

int main(void) {
  static struct rec recs[N];
  // Kinds 0-2: f0-f2 by host address; 3: another unit's; 4: NULL; 5 and 6:
  // f0 and f2 by device address, stored by the first region.
  fn_t host[5] = {f0, f1, f2, other_sub7, 0};
  for (int i = 0; i < N; i++)
    recs[i] = (struct rec){i % 7 < 5 ? host[i % 7] : 0, i % 7, i};
  long s = 0;
#pragma omp target data map(to : recs)
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      if (recs[i].k >= 5)
        recs[i].f = recs[i].k == 5 ? f0 : f2;
#pragma omp target teams distribute parallel for reduction(+ : s) \
    map(tofrom : s)
    for (int i = 0; i < N; i++)
      if (recs[i].f)
        s += recs[i].f(recs[i].x);
// REMARK: promote-memo-records.c:[[@LINE-1]]:14: remark: translation of a pointer that changes in the loop memoized for its 3 promoted candidates: a host address met before calls its candidate without a lookup
  }
#pragma omp target update from(calls)
  int oc = other_device_calls();
  long want = 0;
  for (int i = 0; i < N; i++) {
    int k = i % 7;
    want += k == 0 || k == 5 ? i : k == 1 ? 2 * i : k == 2 || k == 6 ? i - 1
          : k == 3 ? i - 7 : 0;
  }
  // CHECK: sum ok 1
  printf("sum ok %d\n", s == want);
  // CHECK: device calls: 2000 1000 2000 other 1000
  printf("device calls: %d %d %d other %d\n", calls[0], calls[1], calls[2],
         oc);
  return !(s == want && calls[0] == 2000 && calls[1] == 1000 &&
           calls[2] == 2000 && oc == 1000);
}
