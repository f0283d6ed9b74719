// An entering construct whose pointees are all new, each in an item the
// runtime copies itself, stages them in its placement's one pass
// (runtime/mapper/move/Stage.h): the block's device memory is allocated first,
// at the bytes the expansion counted, and each pointee's data and device
// address go into the host images as it is placed. Any other pointee ends
// the staging, and the transfers fill the images as before. Each mode maps
// N elements through `map(s, s.d[0:s.len])` into one kernel, which sums
// each element's data (what went to the device), then overwrites it (what
// comes back); the host pointers must be the program's after it.
//   all     - every pointee new: staged ("staged as they were placed")
//   reverse - the pointees lie in decreasing address order: placed again
//             in address order, still every one new, so the staging holds
//   shared  - elements 600 and 601 point to one array: the second is the
//             first's duplicate, and the staging ends there
//   mapped  - the program mapped element 500's array before: it goes per
//             item, the staging ends, and the block is allocated at the
//             exact bytes of the other 999
//   present - the program mapped the array of structs itself before (as
//             bytes): its image is not the runtime's, no staging
//   null    - element 300 has no array: no pointee of the construct goes
//             in the block's bound, no staging
//   nested  - each element's array of doubles hangs off a struct of its
//             own (a pointee with a pointee): no staging
// (clang's mapper function computes s.d + 0 for the NULL pointee, which
// UBSan's pointer-overflow check reports under check-sanitize; that check
// is off here.)
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -O2 %s -o %t
// RUN: %t all | FileCheck %s --check-prefix=OK -DMODE=all
// RUN: env OMP_INDIRECT_DEBUG=1 %t all 2>&1 | FileCheck %s --check-prefix=STAGED -DB=32000
// RUN: env OMP_INDIRECT_DEBUG=1 %t reverse 2>&1 | FileCheck %s --check-prefix=STAGED -DB=32000
// RUN: env OMP_INDIRECT_DEBUG=1 %t shared 2>&1 | FileCheck %s --check-prefix=NOT -DB=31968
// RUN: env OMP_INDIRECT_DEBUG=1 %t mapped 2>&1 | FileCheck %s --check-prefix=NOT -DB=31968
// RUN: env OMP_INDIRECT_DEBUG=1 %t present 2>&1 | FileCheck %s --check-prefix=NOT -DB=32000
// RUN: env OMP_INDIRECT_DEBUG=1 %t null 2>&1 | FileCheck %s --check-prefix=NOT -DB=31968
// RUN: env OMP_INDIRECT_DEBUG=1 %t nested 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: %t reverse | FileCheck %s --check-prefix=OK -DMODE=reverse
// RUN: %t shared | FileCheck %s --check-prefix=OK -DMODE=shared
// RUN: %t mapped | FileCheck %s --check-prefix=OK -DMODE=mapped
// RUN: %t present | FileCheck %s --check-prefix=OK -DMODE=present
// RUN: %t null | FileCheck %s --check-prefix=OK -DMODE=null
// RUN: %t nested | FileCheck %s --check-prefix=OK -DMODE=nested
// OK: [[MODE]]: 0 wrong
// STAGED: mapper: enter
// STAGED-NEXT: mapper: 1000 pointees staged as they were placed
// STAGED-NEXT: mapper: 1 device allocation of [[B]] bytes for the new pointees
// STAGED: 0 wrong
// NOT: mapper: enter
// NOT-NOT: staged as they were placed
// NOT: mapper: 1 device allocation of [[B]] bytes for the new pointees
// NOT: 0 wrong
// NESTED: mapper: enter
// NESTED-NOT: staged as they were placed
// NESTED: mapper: 1 device allocation of {{[0-9]+}} bytes for the new pointees
// NESTED: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000, LEN = 4, SHARED = 600, MAPPED = 500, NUL = 300 };

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

typedef struct {
  double *e;
} In;
#pragma omp declare mapper(In x) map(x, x.e[0 : LEN])
typedef struct {
  int len;
  In *in;
} T;
#pragma omp declare mapper(T t) map(t, t.in[0 : 1])

/* Element I's data, J-th value, as the program set it (a shared array is
   its first element's). */
static double value(double *const *Orig, int I, int J) {
  if (I == SHARED + 1 && Orig[I] == Orig[SHARED])
    I = SHARED;
  return I * 10.0 + J;
}

/* Each element's sum on the device (Sum), then its data overwritten there. */
static void runS(S *p, double *const *Orig, double *Sum) {
#pragma omp target map(tofrom : p[0 : N]) map(from : Sum[0 : N])
  {
    for (int I = 0; I < N; ++I) {
      Sum[I] = 0;
      for (int J = 0; J < p[I].len; ++J)
        Sum[I] += p[I].d[J];
    }
    for (int I = 0; I < N; ++I)
      for (int J = 0; J < p[I].len; ++J)
        p[I].d[J] = -1.0 - value(Orig, I, J);
  }
}

static long checkS(const S *p, double *const *Orig, const double *Sum) {
  long Bad = 0;
  for (int I = 0; I < N; ++I) {
    double Want = 0;
    for (int J = 0; J < p[I].len; ++J)
      Want += value(Orig, I, J);
    Bad += Sum[I] != Want || p[I].d != Orig[I];
    for (int J = 0; J < p[I].len; ++J)
      Bad += p[I].d[J] != -1.0 - value(Orig, I, J);
  }
  return Bad;
}

static long nested(void) {
  T *t = malloc(sizeof(T) * N);
  In *Ins = malloc(sizeof(In) * N);
  for (int I = 0; I < N; ++I) {
    t[I].len = LEN;
    t[I].in = &Ins[I];
    Ins[I].e = malloc(sizeof(double) * LEN);
    for (int J = 0; J < LEN; ++J)
      Ins[I].e[J] = I * 10.0 + J;
  }
  double Sum[N];
#pragma omp target map(tofrom : t[0 : N]) map(from : Sum)
  for (int I = 0; I < N; ++I) {
    Sum[I] = 0;
    for (int J = 0; J < LEN; ++J) {
      Sum[I] += t[I].in->e[J];
      t[I].in->e[J] = -1.0 - I * 10.0 - J;
    }
  }

  long Bad = 0;
  for (int I = 0; I < N; ++I) {
    double Want = 0;
    for (int J = 0; J < LEN; ++J) {
      Want += I * 10.0 + J;
      Bad += Ins[I].e[J] != -1.0 - I * 10.0 - J;
    }
    Bad += Sum[I] != Want || t[I].in != &Ins[I];
  }
  return Bad;
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "all";
  if (!strcmp(Mode, "nested")) {
    long Bad = nested();
    printf("%s: %ld wrong\n", Mode, Bad);
    return Bad != 0;
  }
  S *p = malloc(sizeof(S) * N);
  double **Orig = malloc(sizeof(double *) * N);
  double *Arrays[N];
  for (int I = 0; I < N; ++I)
    Arrays[I] = malloc(sizeof(double) * LEN);
  int Reverse = !strcmp(Mode, "reverse");
  for (int I = 0; I < N; ++I) {
    /* malloc hands out increasing addresses here: reversed, they fall. */
    p[I].d = Orig[I] = Reverse ? Arrays[N - 1 - I] : Arrays[I];
    p[I].len = LEN;
  }
  if (!strcmp(Mode, "shared"))
    p[SHARED + 1].d = Orig[SHARED + 1] = Orig[SHARED];
  if (!strcmp(Mode, "null")) {
    p[NUL].d = Orig[NUL] = NULL;
    p[NUL].len = 0;
  }
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < p[I].len; ++J)
      p[I].d[J] = value(Orig, I, J);
  if (!strcmp(Mode, "mapped")) {
    double *M = p[MAPPED].d;
#pragma omp target enter data map(to : M[0 : LEN])
  }
  char *Raw = (char *)p;
  if (!strcmp(Mode, "present")) {
#pragma omp target enter data map(to : Raw[0 : sizeof(S) * N])
  }
  double Sum[N];
  runS(p, Orig, Sum);
  if (!strcmp(Mode, "mapped")) {
    /* The kernel wrote the program's device copy, which stays mapped. */
    double *M = p[MAPPED].d;
#pragma omp target exit data map(from : M[0 : LEN])
  }
  if (!strcmp(Mode, "present")) {
#pragma omp target exit data map(release : Raw[0 : sizeof(S) * N])
  }
  long Bad = checkS(p, Orig, Sum);
  printf("%s: %ld wrong\n", Mode, Bad);
  return Bad != 0;
}
