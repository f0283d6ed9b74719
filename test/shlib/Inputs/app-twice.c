// The executable of the issue: calls its own indirect function through a
// pointer in a target region and counts device-side calls.
#include <stdio.h>
int calls = 0;
#pragma omp declare target to(calls)
#pragma omp begin declare target indirect
int twice(int x) { calls++; return 2 * x; }
#pragma omp end declare target
int main(void) {
  int (*f)(int) = twice; int r = 0;
#pragma omp target map(from: r)
  r = f(21);
#pragma omp target update from(calls)
  printf("r=%d device calls=%d\n", r, calls);
  return !(r == 42 && calls == 1);
}
