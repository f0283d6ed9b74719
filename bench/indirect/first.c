/*===- first.c - the first kernel's latency, for bench/indirect/run --------===*
 *
 * Linked with the generated units (gen.py) of one table size K, once built
 * with omp-indirect-clang and once with stock clang. Prints, in ms, the
 * first target region's wall time minus the second's: what the first kernel
 * pays beyond a warm launch, device initialisation and (with omp-indirect)
 * the table's build and upload included. One process measures it once;
 * bench/indirect/run takes the median of several processes.
 *
 *===----------------------------------------------------------------------===*/
#include <omp.h>
#include <stdio.h>

extern const int num_fns;

int main(void) {
  int K = num_fns, r1 = 0, r2 = 0;
  double t0 = omp_get_wtime();
#pragma omp target map(from : r1)
  r1 = K;
  double t1 = omp_get_wtime();
#pragma omp target map(from : r2)
  r2 = K;
  double t2 = omp_get_wtime();
  if (r1 != K || r2 != K)
    return 1;
  printf("%.4f\n", ((t1 - t0) - (t2 - t1)) * 1e3);
  return 0;
}
