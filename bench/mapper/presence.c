// presence.c - the floor under any deep copy that keeps OpenMP presence on
// libomptarget 16: making N pointees present (omp_target_associate_ptr, one
// libomptarget table entry each, no data moved) and absent again
// (omp_target_disassociate_ptr), for the same N blocks of len doubles that
// test/exec/mapper/scale.c maps. bench/mapper/run prints it next to the
// deep copy's time. Usage: presence N [len].
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000;
  int len = argc > 2 ? atoi(argv[2]) : 4;
  int dev = omp_get_default_device();
  size_t size = sizeof(double) * len;
  double **d = malloc(sizeof(double *) * n);
  for (int i = 0; i < n; i++)
    d[i] = malloc(size);
  char *block = omp_target_alloc(size * n, dev);
  double t0 = omp_get_wtime();
  int bad = !block;
  for (int i = 0; i < n && !bad; i++)
    bad = omp_target_associate_ptr(d[i], block + size * i, size, 0, dev);
  for (int i = 0; i < n && !bad; i++)
    bad = omp_target_disassociate_ptr(d[i], dev);
  double t1 = omp_get_wtime();
  printf("n %d len %d time %.6f s: %s\n", n, len, t1 - t0,
         bad ? "WRONG" : "ok");
  return bad;
}
