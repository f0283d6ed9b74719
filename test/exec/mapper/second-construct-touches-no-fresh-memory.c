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
// as before, the second construct faulted as often as the first. A time-step
// loop computes between its constructs: here each later construct follows
// a compute phase that takes and fills 64 MiB of the program's own and
// frees it, and the third and fourth construct still fault at most half as
// often as the first (the kept buffers do not age with time or with the
// program's memory, only with constructs: Scratch.c).
// Transparent huge pages are off for the process (prctl), so that every
// fresh 4 KiB page counts one fault whatever the machine's policy (the
// runtime's own buffers are in 4 KiB pages on every policy, Populate.h;
// malloc's and libomptarget's follow the policy). Pages the runtime
// populates in one call (MADV_POPULATE_WRITE) count as faults too.
// UNSUPPORTED: sanitize
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: %t 200000 | FileCheck %s
// CHECK: second construct: at most half the page faults of the first
// CHECK: third construct: at most half the page faults of the first
// CHECK: fourth construct: at most half the page faults of the first
// CHECK: values: 0 wrong
// OMP_INDIRECT_STAGES prints each stage's time and page faults: the
// expansion takes room for the records of the whole array once its cycle
// repeats (collect/Cycle.c), so the second construct's expansion takes
// the first one's kept buffer whole and faults in no page (it faulted in
// dozens while the list grew by doubling through fresh buffers first).
// RUN: env OMP_INDIRECT_STAGES=1 %t 200000 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STAGES
// STAGES: omp-indirect: stage expand {{[0-9.]+}} ms {{[0-9]+}} page faults
// STAGES-NEXT: omp-indirect: stage enter: place
// STAGES-NEXT: omp-indirect: stage enter: call
// STAGES-NEXT: omp-indirect: stage enter: transfer
// STAGES-NEXT: omp-indirect: stage enter: free
// STAGES-NEXT: omp-indirect: stage kernel
// STAGES-NEXT: omp-indirect: stage exit: place
// STAGES-NEXT: omp-indirect: stage exit: call
// STAGES-NEXT: omp-indirect: stage exit: transfer
// STAGES-NEXT: omp-indirect: stage exit: free
// STAGES-NEXT: omp-indirect: stage expand {{[0-9.]+}} ms {{[0-9]}} page faults
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

/* Whether a later construct faulted at most half as often as the first. */
static void report(const char *Which, long First, long Faults) {
  printf("%s construct: %s\n", Which,
         2 * Faults <= First ? "at most half the page faults of the first"
                             : "more than half the page faults of the first");
}

/* A compute phase: 64 MiB of the program's own, filled and freed. */
static void compute(int n) {
  size_t Bytes = (size_t)64 << 20;
  volatile char *Own = malloc(Bytes);
  for (size_t i = 0; i < Bytes; i += 4096)
    Own[i] = (char)(i + n);
  free((void *)Own);
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
  report("second", First, Second);
  const char *Later[] = {"third", "fourth"};
  for (int k = 0; k < 2; k++) {
    compute(n);
    long Faults = construct(p, n);
    fprintf(stderr, "page faults: %s %ld\n", Later[k], Faults);
    report(Later[k], First, Faults);
  }
  long Wrong = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 4; j++)
      Wrong += p[i].d[j] != 16.0 * (i + j);
  printf("values: %ld wrong\n", Wrong);
  return 0;
}
