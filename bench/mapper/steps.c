// steps.c - a time-step loop for bench/mapper: the records of
// test/exec/mapper/scale.c copied to the device and back STEPS times, with a
// compute phase before each copy (MS milliseconds: it writes a buffer of the
// program's own, then sleeps), as a program alternates computing and
// offloading. Built with omp-indirect-clang it copies through the mapper
// (the deep copy); built with -DPACKED it packs the pointees into one buffer
// as bench/mapper/packed.c does, each step anew. Each step prints its time,
// its processor time (user and system: what a loaded machine's other
// users do not inflate as much) and the page faults its copy took (the
// construct's first touches of fresh memory). Usage: steps N STEPS MS.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "pack.h"
#ifndef PACKED
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])
#endif

// The process's page faults so far, and its processor time (user and
// system) in *Cpu.
static long faults(double *Cpu) {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  *Cpu = U.ru_utime.tv_sec + U.ru_stime.tv_sec +
         1e-6 * (U.ru_utime.tv_usec + U.ru_stime.tv_usec);
  return U.ru_minflt + U.ru_majflt;
}

// The compute phase: the program's own memory, then a wait.
static void compute(char *Own, size_t Bytes, int Step, int Ms) {
  memset(Own, Step, Bytes);
  struct timespec T = {Ms / 1000, (long)(Ms % 1000) * 1000000};
  nanosleep(&T, NULL);
}

static void copy(S *p, int n) {
#ifdef PACKED
  long *off;
  double *buf = pack(p, n, &off);
  long total = off[n];
#pragma omp target map(tofrom : buf[0 : total]) map(to : off[0 : n + 1])
  for (int i = 0; i < n; i++)
    for (long k = off[i]; k < off[i + 1]; k++)
      buf[k] = 2 * buf[k] + 1;
  unpack(p, n, off, buf);
  free(buf);
  free(off);
#else
#pragma omp target map(tofrom : p[0 : n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] = 2 * p[i].d[j] + 1;
#endif
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000;
  int steps = argc > 2 ? atoi(argv[2]) : 4;
  int ms = argc > 3 ? atoi(argv[3]) : 1000;
  int len = 4;
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = len;
    p[i].d = malloc(sizeof(double) * len);
    for (int j = 0; j < len; j++)
      p[i].d[j] = 0;
  }
  size_t own = (size_t)64 << 20;
  char *buf = malloc(own);
  long bad = 0;
  for (int s = 0; s < steps; s++) {
    compute(buf, own, s, ms);
    double c0, c1;
    long f0 = faults(&c0);
    double t0 = omp_get_wtime();
    copy(p, n);
    double t1 = omp_get_wtime();
    long f1 = faults(&c1);
    printf("step %d time %.6f s cpu %.3f s faults %ld\n", s, t1 - t0,
           c1 - c0, f1 - f0);
  }
  // After STEPS steps each value v went through v = 2v + 1 from 0.
  double want = 0;
  for (int s = 0; s < steps; s++)
    want = 2 * want + 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < len; j++)
      bad += p[i].d[j] != want;
  printf("n %d steps %d: %s (%ld wrong)\n", n, steps, bad ? "WRONG" : "ok",
         bad);
  for (int i = 0; i < n; i++)
    free(p[i].d);
  free(p);
  free(buf);
  return bad != 0;
}
