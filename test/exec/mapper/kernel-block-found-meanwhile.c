// A kernel's exit releases the block its entry made whole, without looking
// each pointee up, only while no lookup found one of them since
// (omp_indirect_claim, runtime/mapper/table/Table.h). Here another thread maps
// one of those pointees while the kernel runs (the kernel waits for it,
// through a flag in host memory that the host-offload device shares): the
// kernel's exit must then count that pointee down, not release it. It stays
// present with the other thread's reference, its data stays on the device
// (not copied back: its count did not reach 0), and the other thread's
// `exit data` brings the kernel's values back. The other pointees come back
// at the kernel's exit as usual. The kernel's entry wrote no table entry
// for its pointees (a lazy block): the other thread's lookup writes them,
// and sorts them when the pointees were allocated in descending address
// order (`reverse`). Host-offload only: the kernel reads host memory.
// RUN: %wclang %host-offload -O2 %s -lpthread -o %t
// RUN: %t | FileCheck %s
// RUN: %t reverse | FileCheck %s
// RUN: env OMP_INDIRECT_DEBUG=1 %t 2>&1 | FileCheck %s --check-prefix=DEBUG
// The kernel's entry placed every pointee in bulk; its exit looks each one
// up (the block does not go whole).
// DEBUG: mapper: enter
// DEBUG-NEXT: mapper: 1000 pointees staged as they were placed
// DEBUG-NEXT: mapper: 1 device allocation
// DEBUG-NEXT: mapper: {{[0-9]+}} entries expanded to {{[0-9]+}}, 1000 pointees in bulk, 0 per item
// DEBUG: mapper: exit
// DEBUG-NEXT: mapper: {{[0-9]+}} entries expanded to {{[0-9]+}}, 1000 pointees in bulk, 0 per item
// DEBUG-NOT: goes whole
// CHECK: found meanwhile: 0 wrong
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000, LEN = 4, K = 3 };

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static S *P;
static volatile int Stage;
static long Bad;

static void *other(void *Arg) {
  (void)Arg;
  while (Stage != 1)
    ;
  double *q = P[K].d;
  int dev = omp_get_default_device();
  Bad += !omp_target_is_present(q, dev); /* Placed by the kernel's entry. */
#pragma omp target enter data map(to : q[0 : LEN])
  Stage = 2;
  while (Stage != 3)
    ;
  Bad += !omp_target_is_present(q, dev); /* Still: this thread's reference. */
  for (int j = 0; j < LEN; j++)
    Bad += q[j] != K + j; /* Not copied back by the kernel's exit. */
#pragma omp target exit data map(from : q[0 : LEN])
  Bad += omp_target_is_present(q, dev) != 0;
  for (int j = 0; j < LEN; j++)
    Bad += q[j] != 2.0 * (K + j); /* The kernel's values. */
  return NULL;
}

int main(int argc, char **argv) {
  int reverse = argc > 1 && argv[1][0] == 'r';
  P = malloc(sizeof(S) * N);
  /* One buffer, so that the pointees' order is the one chosen here. */
  double *all = malloc(sizeof(double) * LEN * N);
  for (int i = 0; i < N; i++) {
    P[i] = (S){LEN, all + LEN * (reverse ? N - 1 - i : i)};
    for (int j = 0; j < LEN; j++)
      P[i].d[j] = i + j;
  }
  pthread_t t;
  pthread_create(&t, NULL, other, NULL);
  S *p = P;
  volatile int *stage = &Stage;
#pragma omp target map(tofrom : p[0 : N]) is_device_ptr(stage)
  {
    *stage = 1;
    while (*stage != 2)
      ;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < p[i].len; j++)
        p[i].d[j] *= 2;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < LEN; j++)
      if (i != K)
        Bad += P[i].d[j] != 2.0 * (i + j);
  Stage = 3;
  pthread_join(t, NULL);
  printf("found meanwhile: %ld wrong\n", Bad);
  free(all);
  free(P);
  return Bad != 0;
}
