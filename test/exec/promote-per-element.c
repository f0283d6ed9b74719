// Call promotion with a pointer per element: records in a mapped array each
// hold a host function pointer, and a struct holds two more as fields. Each
// call is promoted to the unit's four indirect functions of its type; the
// records also hold another unit's function (Inputs/promote-other-unit.c),
// which goes through the table, and NULL, which the loop skips. Each
// function's device-side counter proves its device copy ran as often as the
// records name it, at -O0 and -O2.
// RUN: %wclang %host-offload -O0 %s %S/Inputs/promote-other-unit.c -o %t0
// RUN: %t0 | FileCheck %s
// RUN: %wclang %host-offload -O2 -Rpass=omp-indirect %s \
// RUN:   %S/Inputs/promote-other-unit.c -o %t2 2>%t2.remarks
// RUN: FileCheck %s --check-prefix=REMARK --input-file %t2.remarks
// RUN: %t2 | FileCheck %s
#include <stdio.h>

int calls[4] = {0, 0, 0, 0};
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
  return x + 1;
}
int f2(int x) {
#pragma omp atomic
  calls[2]++;
  return x + 2;
}
int f3(int x) {
#pragma omp atomic
  calls[3]++;
  return x + 3;
}
#pragma omp end declare target

int other_sub7(int x);
int other_device_calls(void);

typedef int (*fn_t)(int);
struct rec { fn_t f; int x; };
struct ops { fn_t first, second; };

enum { N = 600 };

int main(void) {
  static struct rec recs[N];
  fn_t pick[6] = {f0, f1, f2, f3, other_sub7, 0};
  for (int i = 0; i < N; i++)
    recs[i] = (struct rec){pick[i % 6], i};
  long s = 0;
#pragma omp target teams distribute parallel for map(to : recs) \
    reduction(+ : s) map(tofrom : s)
  for (int i = 0; i < N; i++)
    if (recs[i].f)
      s += recs[i].f(recs[i].x);
// REMARK: promote-per-element.c:[[@LINE-1]]:12: remark: indirect call promoted to direct calls of f0, f1, f2 and f3; any other target goes through the table
  struct ops o = {f3, other_sub7};
  int r1 = 0, r2 = 0;
#pragma omp target map(to : o) map(from : r1, r2)
  {
    r1 = o.first(10);
// REMARK: promote-per-element.c:[[@LINE-1]]:10: remark: indirect call promoted to direct calls of f0, f1, f2 and f3; any other target goes through the table
    r2 = o.second(10);
// REMARK: promote-per-element.c:[[@LINE-1]]:10: remark: indirect call promoted to direct calls of f0, f1, f2 and f3; any other target goes through the table
  }
#pragma omp target update from(calls)
  int oc = other_device_calls();
  long want = 0;
  for (int i = 0; i < N; i++)
    want += i % 6 == 5 ? 0 : i % 6 == 4 ? i - 7 : i + i % 6;
  // CHECK: sum ok 1, fields 13 3
  printf("sum ok %d, fields %d %d\n", s == want, r1, r2);
  // CHECK: device calls: 100 100 100 101 other 101
  printf("device calls: %d %d %d %d other %d\n", calls[0], calls[1], calls[2],
         calls[3], oc);
  return !(s == want && r1 == 13 && r2 == 3 && calls[0] == 100 &&
           calls[1] == 100 && calls[2] == 100 && calls[3] == 101 && oc == 101);
}
