// An indirect function that takes a host function pointer and calls through
// it: both the outer call (in the region) and the inner one (inside the
// device copy of apply) must reach device copies, which one device-side
// counter per function proves.
// RUN: %compile-run-and-check
#include <stdio.h>

int apply_calls = 0, sq_calls = 0;
#pragma omp declare target to(apply_calls, sq_calls)

int sq(int x) { sq_calls++; return x * x; }
int apply(int (*g)(int), int x) { apply_calls++; return g(x) + 1; }
#pragma omp declare target to(sq, apply) indirect

int main(void) {
  int (*fapply)(int (*)(int), int) = apply;
  int (*fsq)(int) = sq;
  int r[3] = {0, 0, 0};
#pragma omp target map(to : fapply, fsq) map(from : r)
  for (int i = 0; i < 3; i++)
    r[i] = fapply(fsq, i + 2);
#pragma omp target update from(apply_calls, sq_calls)
  // CHECK: r = 5 10 17, device calls: apply 3 sq 3
  printf("r = %d %d %d, device calls: apply %d sq %d\n", r[0], r[1], r[2],
         apply_calls, sq_calls);
  return !(r[0] == 5 && r[1] == 10 && r[2] == 17 && apply_calls == 3 &&
           sq_calls == 3);
}
