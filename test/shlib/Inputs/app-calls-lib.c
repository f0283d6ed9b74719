// An executable with a target region of its own that calls a library's
// indirect function through the library's target region.
#include <stdio.h>

int (*lib_get_fn(void))(int);
int lib_call(int (*Fp)(int), int X);

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int r = 0;
#pragma omp target map(from : r)
  r = 1;
  printf("result %d\n", lib_call(lib_get_fn(), r));
  return 0;
}
