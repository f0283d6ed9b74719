/*===- base/StageClock.c - each stage's time and page faults, on request --===*
 *
 * StageClock.h. The switch is read once; threads that race there read the
 * same value.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "StageClock.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static int switchOn(void) {
  static int On = -1;
  int V = __atomic_load_n(&On, __ATOMIC_RELAXED);
  if (V < 0) {
    const char *E = getenv("OMP_INDIRECT_STAGES");
    V = E && *E && *E != '0';
    __atomic_store_n(&On, V, __ATOMIC_RELAXED);
  }
  return V;
}

static void readClock(omp_indirect_stage_clock *K) {
  struct timespec T;
  struct rusage U;
  clock_gettime(CLOCK_MONOTONIC, &T);
  getrusage(RUSAGE_THREAD, &U);
  K->Start = (double)T.tv_sec + (double)T.tv_nsec * 1e-9;
  K->Faults = U.ru_minflt;
}

void omp_indirect_stage_clock_start(omp_indirect_stage_clock *K) {
  K->On = switchOn();
  if (K->On)
    readClock(K);
}

void omp_indirect_stage_clock_lap(omp_indirect_stage_clock *K,
                                  const char *Name) {
  if (!K->On)
    return;
  omp_indirect_stage_clock Was = *K;
  readClock(K);
  fprintf(stderr, "omp-indirect: stage %-16s %9.3f ms %8ld page faults\n",
          Name, (K->Start - Was.Start) * 1e3, K->Faults - Was.Faults);
}
