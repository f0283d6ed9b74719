// A loop of deep copies touches the runtime's large buffers fresh once: the
// pointee records, per-pointee arrays, host images and table arrays of the
// first construct are kept (runtime/mapper/base/Scratch.c) and the second
// construct of the same size reuses their pages. Counted in page faults
// (getrusage's minor faults) around each construct: the first pays for
// every buffer, the second only for the device memory that the
// host-offload device allocates afresh (the struct array's copy and the
// block): about 50 to 60 bytes a pointee, against the first's 100 more for
// the runtime's buffers (the records, table entries and host images), so
// the second faults at most half as often. With buffers freed at each exit,
// as before, the second construct faulted as often as the first.
// Transparent huge pages are off for the process (prctl), so that every
// fresh 4 KiB page the runtime fills counts one fault: with them, its
// buffers fault once per 2 MiB (Scratch.c).
// UNSUPPORTED: sanitize
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: %t 200000 | FileCheck %s
// CHECK: second construct: at most half the page faults of the first
// CHECK: values: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static long minorFaults(void) {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_minflt;
}

/* One deep copy of p[0:n], each value doubled on the device; its faults. */
static long construct(S *p, int n) {
  long Before = minorFaults();
#pragma omp target map(tofrom : p[0 : n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] *= 2;
  return minorFaults() - Before;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = 4;
    p[i].d = malloc(4 * sizeof(double));
    for (int j = 0; j < 4; j++)
      p[i].d[j] = i + j;
  }
#pragma omp target /* The device starts up before anything is counted. */
  { }
  long First = construct(p, n), Second = construct(p, n);
  fprintf(stderr, "page faults: first %ld, second %ld\n", First, Second);
  printf("second construct: %s\n",
         2 * Second <= First ? "at most half the page faults of the first"
                             : "more than half the page faults of the first");
  long Wrong = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 4; j++)
      Wrong += p[i].d[j] != 4.0 * (i + j);
  printf("values: %ld wrong\n", Wrong);
  return 0;
}
