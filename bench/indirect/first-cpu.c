/*===- first-cpu.c - first.c, with the launching thread's CPU time --------===*
 *
 * As first.c (the first target region's wall time minus the second's, in
 * ms), and then the same difference of the launching thread's CPU time
 * (getrusage(RUSAGE_THREAD), user + system), which a loaded machine's
 * waits for a core do not inflate, but which a kernel with tick-based
 * accounting gives in whole ticks (4 ms on the machine of the figures in
 * docs/performance.md): take medians of many processes, or leave it.
 * Linked with the units of bench/indirect/run in place of first.c;
 * docs/performance.md, the first kernel.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <omp.h>
#include <stdio.h>
#include <sys/resource.h>

extern const int num_fns;

static double cpuMs(void) {
  struct rusage U;
  getrusage(RUSAGE_THREAD, &U);
  return (U.ru_utime.tv_sec + U.ru_stime.tv_sec) * 1e3 +
         (U.ru_utime.tv_usec + U.ru_stime.tv_usec) / 1e3;
}

int main(void) {
  int K = num_fns, r1 = 0, r2 = 0;
  double c0 = cpuMs(), t0 = omp_get_wtime();
#pragma omp target map(from : r1)
  r1 = K;
  double c1 = cpuMs(), t1 = omp_get_wtime();
#pragma omp target map(from : r2)
  r2 = K;
  double c2 = cpuMs(), t2 = omp_get_wtime();
  if (r1 != K || r2 != K)
    return 1;
  printf("%.4f %.4f\n", ((t1 - t0) - (t2 - t1)) * 1e3,
         (c1 - c0) - (c2 - c1));
  return 0;
}
