// Call promotion with a loop-invariant pointer: a `parallel for` calls
// through a firstprivate host pointer. At -O2 the call is promoted to the
// unit's three indirect functions of its type (the remark names them) and
// the loop versioned on the pointer; the pointer of another unit's indirect
// function (Inputs/promote-other-unit.c) is none of them and goes through
// the table, and a NULL pointer stays NULL (the loop tests it). Each
// function's device-side counter proves its device copy ran once per
// element, at -O0 (no promotion) and -O2, on one thread and four.
// RUN: %wclang %host-offload -O0 %s %S/Inputs/promote-other-unit.c -o %t0
// RUN: %t0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
// RUN: %wclang %host-offload -O2 -Rpass=omp-indirect %s \
// RUN:   %S/Inputs/promote-other-unit.c -o %t2 2>%t2.remarks
// RUN: FileCheck %s --check-prefix=REMARK --input-file %t2.remarks
// RUN: %t2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t2 | FileCheck %s
#include <stdio.h>

int a_calls = 0, b_calls = 0, c_calls = 0;
#pragma omp declare target to(a_calls, b_calls, c_calls)

#pragma omp begin declare target indirect
int fa(int x) {
#pragma omp atomic
  a_calls++;
  return 2 * x;
}
int fb(int x) {
#pragma omp atomic
  b_calls++;
  return x + 1;
}
int fc(int x) {
#pragma omp atomic
  c_calls++;
  return x * x;
}
#pragma omp end declare target

int other_sub7(int x);
int other_device_calls(void);

enum { N = 1000 };

// Sums f(i) over 0..N-1 on the device; 0 calls when f is NULL.
static long run(int (*f)(int)) {
  long s = 0;
#pragma omp target teams distribute parallel for firstprivate(f) \
    reduction(+ : s) map(tofrom : s)
  for (int i = 0; i < N; i++)
    if (f)
      s += f(i);
// REMARK: promote-loop-invariant.c:[[@LINE-1]]:12: remark: indirect call promoted to direct calls of fa, fb and fc; any other target goes through the table
  return s;
}

int main(void) {
  long sa = run(fa), sb = run(fb), sc = run(fc), so = run(other_sub7),
       sn = run(0);
#pragma omp target update from(a_calls, b_calls, c_calls)
  int oc = other_device_calls();
  // CHECK: sums 999000 500500 332833500 492500 0
  printf("sums %ld %ld %ld %ld %ld\n", sa, sb, sc, so, sn);
  // CHECK: device calls: fa 1000 fb 1000 fc 1000 other 1000
  printf("device calls: fa %d fb %d fc %d other %d\n", a_calls, b_calls,
         c_calls, oc);
  return !(sa == 999000 && sb == 500500 && sc == 332833500 && so == 492500 &&
           sn == 0 && a_calls == N && b_calls == N && c_calls == N &&
           oc == N);
}
