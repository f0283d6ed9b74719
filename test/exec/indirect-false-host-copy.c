// `indirect(0)` and `indirect(false)` register nothing: a call in a target
// region through a host pointer to such a function calls the raw host
// address. On the host-offload device that is the host copy (the host's
// counter goes up, the device's does not); on a GPU it is undefined (see
// docs/indirect-forms.md). An indirect function called the same way in the
// same region still reaches its device copy.
// RUN: %compile-run-and-check
#include <stdbool.h>
#include <stdio.h>

int calls = 0;
#pragma omp declare target to(calls)

int not_zero(int x) { calls++; return x + 1; }
int not_false(int x) { calls++; return x + 2; }
int yes(int x) { calls += 100; return x + 3; }
#pragma omp declare target to(not_zero) indirect(0)
#pragma omp declare target to(not_false) indirect(false)
#pragma omp declare target to(yes) indirect

int main(void) {
  int (*fps[3])(int) = {not_zero, not_false, yes};
  int r[3] = {0, 0, 0};
#pragma omp target map(to : fps) map(from : r)
  for (int i = 0; i < 3; i++)
    r[i] = fps[i](10);
  int host_calls = calls;
#pragma omp target update from(calls)
  // CHECK: r = 11 12 13, host copy calls = 2, device copy calls = 100
  printf("r = %d %d %d, host copy calls = %d, device copy calls = %d\n", r[0],
         r[1], r[2], host_calls, calls);
  return !(r[0] == 11 && r[1] == 12 && r[2] == 13 && host_calls == 2 &&
           calls == 100);
}
