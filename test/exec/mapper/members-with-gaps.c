// An array of structs whose mapper maps each struct in pieces with gaps
// between them (`to: t.a`, `from: t.b`, nothing of t.c): 2N member ranges
// of one item, which the expansion keeps as one entry per direction over
// their hull (runtime/mapper/base/ItemHull.c, Coalesce.c). What is not mapped
// `from` (t.a, t.c, written by the kernels) must come back as the host
// had it at every copy back (exit, update from); an update `to` moves t.a
// only; the updates and the kernel between them take a number of copies
// that does not grow with N (the same at N = 100 and N = 10000). A
// mapper whose clauses name the members against their order (U: t.b,
// then t.a) gives the ranges out of address order, sorted at the end.
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: env LIBOMPTARGET_INFO=32 %t 100 2>&1 \
// RUN:   | sed -n '/^begin updates/,/^end updates/p' | grep -c "Copying data" > %t.100
// RUN: env LIBOMPTARGET_INFO=32 %t 10000 2>&1 \
// RUN:   | sed -n '/^begin updates/,/^end updates/p' | grep -c "Copying data" > %t.10000
// RUN: diff %t.100 %t.10000
// RUN: FileCheck %s --check-prefix=AT-MOST-4 < %t.10000
// AT-MOST-4: {{^[0-4]$}}
// RUN: %t 10000 | FileCheck %s
// CHECK: kernel: 0 wrong
// CHECK: updates: 0 wrong
// CHECK: exit: 0 wrong
// CHECK: out of order: 0 wrong
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int a, c, b;
} T;
#pragma omp declare mapper(T t) map(to : t.a) map(from : t.b)

typedef struct {
  int a, c, b;
} U;
#pragma omp declare mapper(U u) map(tofrom : u.b) map(tofrom : u.a)

static int check(const T *p, int n, int A, int B, int Bk) {
  int wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += p[i].a != i + A || p[i].b != Bk * (i + B) || p[i].c != -i;
  return wrong;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  T *p = malloc(sizeof(T) * n);
  for (int i = 0; i < n; i++)
    p[i] = (T){i, -i, 0};
  /* Enter: the `to` ranges with gaps, new on the device; exit: `from`. */
#pragma omp target map(tofrom : p[0 : n])
  for (int i = 0; i < n; i++) {
    p[i].b = 2 * p[i].a;
    p[i].a = 7777;
    p[i].c = 5555;
  }
  printf("kernel: %d wrong\n", check(p, n, 0, 0, 2));

#pragma omp target enter data map(to : p[0 : n])
  for (int i = 0; i < n; i++)
    p[i].a = i + 1;
  fprintf(stderr, "begin updates\n");
  /* `to` with gaps on a present item: t.a only. */
#pragma omp target update to(p[0 : n])
#pragma omp target map(tofrom : p[0 : n])
  for (int i = 0; i < n; i++) {
    p[i].b = 3 * p[i].a;
    p[i].a = 0;
    p[i].c = 1;
  }
  /* `from` with gaps on a present item: t.b only. */
#pragma omp target update from(p[0 : n])
  fprintf(stderr, "end updates\n");
  printf("updates: %d wrong\n", check(p, n, 1, 1, 3));
#pragma omp target
  for (int i = 0; i < n; i++)
    p[i].b = 4 * (i + 1);
#pragma omp target exit data map(from : p[0 : n])
  printf("exit: %d wrong\n", check(p, n, 1, 1, 4));
  free(p);

  U *q = malloc(sizeof(U) * n);
  for (int i = 0; i < n; i++)
    q[i] = (U){i, -i, 0};
#pragma omp target map(tofrom : q[0 : n])
  for (int i = 0; i < n; i++) {
    q[i].b = 2 * q[i].a;
    q[i].a += 1;
    q[i].c = 5555;
  }
  int wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += q[i].a != i + 1 || q[i].b != 2 * i || q[i].c != -i;
  printf("out of order: %d wrong\n", wrong);
  free(q);
  return 0;
}
