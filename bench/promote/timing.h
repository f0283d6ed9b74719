// bench/promote/timing.h: the timing loop that kernels.c and virtual.cpp
// share (C and C++). report() times a case and its reference in turns,
// ROUNDS times, and prints the medians per element and their ratio, then
// the minima (the least disturbed rounds on a shared machine):
//   case NAME ns-per-element ref-ns-per-element ratio  min ...
// The including file defines N, the elements per call, before including it.
//
// USAGE: #include "timing.h"  (bench/promote/run builds the benchmarks)
#ifndef BENCH_PROMOTE_TIMING_H
#define BENCH_PROMOTE_TIMING_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAXROUNDS = 401 };

static int cmp(const void *a, const void *b) {
  double d = *(const double *)a - *(const double *)b;
  return (d > 0) - (d < 0);
}

static double median(double *v, int n) {
  qsort(v, n, sizeof *v, cmp);
  return v[n / 2];
}

// The rounds asked for on the command line (101 by default).
static int rounds_arg(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 101;
  return rounds < 1 || rounds > MAXROUNDS ? 101 : rounds;
}

// Times case and reference in turns; prints the medians per element.
static void report(const char *name, void (*run)(int), int arg,
                   void (*ref)(int), int rounds) {
  double t[MAXROUNDS], r[MAXROUNDS];
  run(arg), ref(arg); // warm up
  for (int i = 0; i < rounds; i++) {
    double t0 = omp_get_wtime();
    run(arg);
    double t1 = omp_get_wtime();
    ref(arg);
    double t2 = omp_get_wtime();
    t[i] = t1 - t0, r[i] = t2 - t1;
  }
  double mt = median(t, rounds) * 1e9 / N, mr = median(r, rounds) * 1e9 / N;
  // Sorted by median(): the minimum, the least disturbed round.
  double lt = t[0] * 1e9 / N, lr = r[0] * 1e9 / N;
  printf("case %-14s %8.3f %8.3f %6.2fx   min %8.3f %8.3f %6.2fx\n", name,
         mt, mr, mt / mr, lt, lr, lt / lr);
}

#endif // BENCH_PROMOTE_TIMING_H
