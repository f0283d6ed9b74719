// A variadic indirect function: a host pointer to `sum(int n, ...)` called
// in a target region reaches the device copy, which reads its variable
// arguments there; the device-side counter proves it.
// RUN: %compile-run-and-check
#include <stdarg.h>
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int sum(int n, ...) {
  dev_calls++;
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
#pragma omp declare target to(sum) indirect

int main(void) {
  int (*fp)(int, ...) = sum;
  int r[2] = {0, 0};
#pragma omp target map(to : fp) map(from : r)
  {
    r[0] = fp(3, 1, 2, 3);
    r[1] = fp(1, 40);
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 6 40, device calls = 2
  printf("r = %d %d, device calls = %d\n", r[0], r[1], dev_calls);
  return !(r[0] == 6 && r[1] == 40 && dev_calls == 2);
}
