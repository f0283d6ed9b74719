// packed.c - the practical limit for bench/mapper: the same data and kernel
// as test/exec/mapper/scale.c, but the program packs every s.d[0:s.len] into
// one buffer, maps that buffer once, and unpacks it afterwards. The time
// covers packing, mapping, the kernel and unpacking. With BENCH_STAGES set,
// each of the three prints its time and page faults on stderr, as the
// runtime's OMP_INDIRECT_STAGES does (bench/mapper/faults). Usage: packed N
// [len].
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "pack.h"

// The stage that began at the last call ends: its time and page faults
// (with BENCH_STAGES set), and the next begins.
static void lap(const char *Name) {
  static double T0;
  static long F0;
  if (!getenv("BENCH_STAGES"))
    return;
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  double T = omp_get_wtime();
  if (Name)
    fprintf(stderr, "packed: stage %-16s %9.3f ms %8ld page faults\n", Name,
            (T - T0) * 1e3, U.ru_minflt - F0);
  T0 = T;
  F0 = U.ru_minflt;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000;
  int len = argc > 2 ? atoi(argv[2]) : 4;
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = len;
    p[i].d = malloc(sizeof(double) * len);
    for (int j = 0; j < len; j++)
      p[i].d[j] = i + j;
  }
  double t0 = omp_get_wtime();
  lap(NULL);
  long *off;
  double *buf = pack(p, n, &off);
  lap("pack");
  long total = off[n];
  int on_device = 0;
#pragma omp target map(tofrom : buf[0 : total]) map(to : off[0 : n + 1])      \
    map(from : on_device)
  {
    on_device = !omp_is_initial_device();
    for (int i = 0; i < n; i++)
      for (long k = off[i]; k < off[i + 1]; k++)
        buf[k] = 2 * buf[k] + 1;
  }
  lap("target");
  unpack(p, n, off, buf);
  lap("unpack");
  double t1 = omp_get_wtime();
  long bad = !on_device;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < len; j++)
      bad += p[i].d[j] != 2.0 * (i + j) + 1;
  printf("n %d len %d time %.6f s: %s (%ld wrong)\n", n, len, t1 - t0,
         bad ? "WRONG" : "ok", bad);
  return bad != 0;
}
