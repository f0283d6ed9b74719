/* A host-offload program that loses one block of its own: memcheck must
   still report it with the shipped suppressions (valgrind-memcheck-clean). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *lost = malloc(64 * sizeof *lost);
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = 1;
  lost[0] = on_device;
  printf("%d\n", lost[0]);
  lost = NULL;
  return 0;
}
