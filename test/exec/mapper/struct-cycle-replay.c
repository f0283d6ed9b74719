// The collector replays an array of structs' cycle of components (Cycle.h)
// for clang's mapper functions too: once element k + 1 pushed what element k
// pushed a stride on, each component is compared with the one a cycle
// before, and the struct's ranges merge into one member that ends a stride
// later per element. The tree must end as the component-by-component path
// leaves it, wherever the cycle breaks:
//  - whole: `map(s, s.d[0:s.len])`, lengths 1 to 7, every 997th pointer
//    NULL (its component stops the replay, which starts again), every
//    1009th pointee the one of the element before (one copy, counted
//    twice), the last element's pointee NULL (the cycle broken midway at
//    the mapper's end); a kernel changes each struct and pointee;
//  - split: `map(to: s) map(from: s.d[0:s.len])`: the struct's range moves
//    one way, the pointees the other;
//  - data: `enter data`, a kernel on present data, `update from`, `exit
//    data` through the same mapper, each expanded again.
// Each struct and pointee is checked on the host; OMP_INDIRECT_DEBUG's
// count shows the replay took most components of each mapper entry.
// (clang's mapper function computes &s.d[0] of a NULL s.d, which UBSan's
// pointer-overflow check reports under make check-sanitize; that check is
// off here.)
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -O2 %s -o %t
// RUN: %t whole 5000 | FileCheck %s --check-prefix=WHOLE
// RUN: %t split 5000 | FileCheck %s --check-prefix=SPLIT
// RUN: %t data 5000 | FileCheck %s --check-prefix=DATA
// RUN: env OMP_INDIRECT_DEBUG=1 %t whole 100000 2> %t.debug | FileCheck %s --check-prefix=WHOLE
// RUN: awk '/on the fast path/ { n++; if ($12 < $5 * 0.9) bad = 1 } END { exit !(n == 1 && !bad) }' %t.debug
// RUN: env OMP_INDIRECT_DEBUG=1 %t split 100000 2> %t.debug | FileCheck %s --check-prefix=SPLIT
// RUN: awk '/on the fast path/ { n++; if ($12 < $5 * 0.9) bad = 1 } END { exit !(n == 1 && !bad) }' %t.debug
// RUN: env OMP_INDIRECT_DEBUG=1 %t data 100000 2> %t.debug | FileCheck %s --check-prefix=DATA
// RUN: awk '/on the fast path/ { n++; if ($12 < $5 * 0.9) bad = 1 } END { exit !(n == 3 && !bad) }' %t.debug
// WHOLE: whole: 0 wrong
// SPLIT: split: 0 wrong
// DATA: data: 0 wrong
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int len;
  int tag;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])
#pragma omp declare mapper(split : S s) map(to : s) map(from : s.d[0 : s.len])

static S *make(int n) {
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    int len = 1 + i % 7;
    p[i] = (S){len, i, NULL};
    if (i % 997 == 5 || i == n - 1) {
      p[i].len = 0;
      continue;
    }
    if (i % 1009 == 7) {
      p[i].len = p[i - 1].len;
      p[i].d = p[i - 1].d;
      continue;
    }
    p[i].d = malloc(sizeof(double) * len);
    for (int j = 0; j < len; j++)
      p[i].d[j] = i + j;
  }
  return p;
}

/* How many elements point at element i's pointee. */
static int sharers(const S *p, int n, int i) {
  int k = i;
  while (k > 0 && p[k].d && p[k].d == p[k - 1].d)
    --k;
  int c = 0;
  for (int j = k; j < n && p[j].d && p[j].d == p[k].d; j++)
    ++c;
  return c;
}

static void release(S *p, int n) {
  for (int i = 0; i < n; i++)
    if (p[i].d && !(i > 0 && p[i].d == p[i - 1].d))
      free(p[i].d);
  free(p);
}

static long whole(int n) {
  S *p = make(n);
#pragma omp target map(tofrom : p[0 : n])
  for (int i = 0; i < n; i++) {
    p[i].tag += 1000000;
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] += 1;
  }
  long bad = 0;
  for (int i = 0; i < n; i++) {
    bad += p[i].tag != i + 1000000;
    for (int j = 0; j < p[i].len; j++)
      bad += p[i].d[j] != i - (sharers(p, n, i) > 1 && p[i].d == p[i - 1].d) +
                              j + sharers(p, n, i);
  }
  release(p, n);
  return bad;
}

static long split(int n) {
  S *p = make(n);
#pragma omp target map(mapper(split), tofrom : p[0 : n])
  for (int i = 0; i < n; i++) {
    p[i].tag = -1; /* The struct only goes to the device. */
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] = 3.0 * i - j;
  }
  long bad = 0;
  for (int i = 0; i < n; i++) {
    bad += p[i].tag != i;
    /* A shared pointee holds what the last element writing it wrote. */
    int k = i + 1 < n && p[i].d && p[i + 1].d == p[i].d ? i + 1 : i;
    for (int j = 0; j < p[i].len; j++)
      bad += p[i].d[j] != 3.0 * k - j;
  }
  release(p, n);
  return bad;
}

static long data(int n) {
  S *p = make(n);
#pragma omp target enter data map(to : p[0 : n])
#pragma omp target
  for (int i = 0; i < n; i++) {
    p[i].tag = -i;
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] *= 2;
  }
#pragma omp target update from(p[0 : n])
  long bad = 0;
  for (int i = 0; i < n; i++) {
    bad += p[i].tag != -i;
    for (int j = 0; j < p[i].len; j++)
      bad += p[i].d[j] != (double)(i - (sharers(p, n, i) > 1 &&
                                        p[i].d == p[i - 1].d) + j)
                              * (1 << sharers(p, n, i));
    p[i].tag = 7;
  }
#pragma omp target exit data map(from : p[0 : n])
  for (int i = 0; i < n; i++)
    bad += p[i].tag != -i; /* The exit brought the device's back. */
  release(p, n);
  return bad;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "whole";
  int n = argc > 2 ? atoi(argv[2]) : 1000;
  long bad = !strcmp(what, "whole")   ? whole(n)
             : !strcmp(what, "split") ? split(n)
                                      : data(n);
  printf("%s: %ld wrong\n", what, bad);
  return bad != 0;
}
