// One indirect function called through a host pointer; with -DEXTERN also
// one only declared here (defined in Inputs/extern-indirect.c), which
// makes the unit's x86_64 device table hold addresses (docs/format.md).
#include <stdio.h>

int twice(int x) { return 2 * x; }
#pragma omp declare target to(twice) indirect
#ifdef EXTERN
#pragma omp begin declare target indirect
int thrice(int x);
#pragma omp end declare target
#endif

int main(void) {
  int (*fp)(int) = twice;
  int r = 0;
#pragma omp target map(from : r)
  r = fp(21);
#ifdef EXTERN
  int (*gp)(int) = thrice;
#pragma omp target map(tofrom : r)
  r += gp(1);
#endif
  printf("r = %d\n", r);
  return 0;
}
