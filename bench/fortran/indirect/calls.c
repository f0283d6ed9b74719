// bench/fortran/indirect/run: calls.f90's loop in C, built with
// omp-indirect-clang: N calls, in one kernel, through a loop-invariant
// pointer to an indirect function. With -DMAPPED the pointer is mapped, as
// flang's kernel receives it (by reference), instead of firstprivate.
#include <stdio.h>
#include <stdlib.h>

#pragma omp begin declare target indirect
int twice(int x) { return 2 * x; }
#pragma omp end declare target

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  int (*volatile pick)(int) = twice;
  int (*fp)(int) = pick;
  int s = 0;
#ifdef MAPPED
#pragma omp target map(tofrom : s) map(to : fp)
#else
#pragma omp target map(tofrom : s)
#endif
  for (int i = 1; i <= n; ++i)
    s += fp(i & 7);
  printf("%d\n", s);
  return 0;
}
