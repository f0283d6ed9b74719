// The collector's fast path (runtime/mapper/collect/Collect.c): from element 1 on,
// a component of `map(s, s.d[0:s.len])` that extends the item's last
// member, or a pointee whose pointer lies in the item, takes a few compares
// and no calls. Counted, not timed: OMP_INDIRECT_DEBUG names per mapper
// entry its components and how many took the fast path.
//  - flat: taken for all but O(log N) components at N = 100000 (element 0,
//    the first of element 1, and each growth of the pointee records), and
//    the data is right: a kernel over the array, `enter data`, a plain map
//    of one placed pointee (present, moved, counted), `exit data`;
//  - gaps (members apart: s.a, s.b, s.n): taken for all but a few
//    components once the item keeps its member ranges per direction
//    (ItemHull.h, from its eighth member on: the members of element 0 and
//    the first of element 1 go the slow way), and the data is right;
//  - nested (pointees with pointees): not taken for at least one component
//    per element, and the data is the same as without it;
//  - threads: four threads map arrays whose structs share eight pointees,
//    20 rounds each, on the fast path; every sum is right.
// RUN: %wclang %host-offload -O2 %s -lpthread -o %t
// RUN: %t flat 1000 | FileCheck %s --check-prefix=FLAT
// RUN: %t gaps 1000 | FileCheck %s --check-prefix=GAPS
// RUN: %t nested 300 | FileCheck %s --check-prefix=NESTED
// RUN: %t threads 500 | FileCheck %s --check-prefix=THREADS
// RUN: env OMP_INDIRECT_DEBUG=1 %t flat 100000 2> %t.flat > %t.out
// RUN: FileCheck %s --check-prefix=FLAT < %t.out
// RUN: awk '/on the fast path/ { n++; if ($5 - $7 > 64 || $5 < 200000) bad = 1 } END { exit !(n == 3 && !bad) }' %t.flat
// RUN: env OMP_INDIRECT_DEBUG=1 %t gaps 1000 2> %t.gaps > /dev/null
// RUN: awk '/on the fast path/ { n++; if ($5 - $7 > 64 || $5 < 6000) bad = 1 } END { exit !(n >= 1 && !bad) }' %t.gaps
// RUN: env OMP_INDIRECT_DEBUG=1 %t nested 300 2> %t.nested > /dev/null
// RUN: awk '/on the fast path/ { n++; if ($5 - $7 < 300) bad = 1 } END { exit !(n >= 1 && !bad) }' %t.nested
// FLAT: flat: 0 wrong
// GAPS: gaps: 0 wrong
// NESTED: nested: 0 wrong
// THREADS: threads: 0 wrong
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LEN = 4 };

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static long flat(int n) {
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i] = (S){LEN, malloc(sizeof(double) * LEN)};
    for (int j = 0; j < LEN; j++)
      p[i].d[j] = i + j;
  }
#pragma omp target map(tofrom : p[0 : n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] = 2 * p[i].d[j] + 1;
  long bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < LEN; j++)
      bad += p[i].d[j] != 2.0 * (i + j) + 1;
  /* Placed pointees answer plain maps: present, moved by `always`, counted. */
#pragma omp target enter data map(to : p[0 : n])
  int k = n - 2, dev = omp_get_default_device();
  bad += !omp_target_is_present(p[k].d, dev);
  bad += !omp_target_is_present(p[1].d + LEN - 1, dev);
  double *d = p[k].d;
  for (int j = 0; j < LEN; j++)
    d[j] = -1; /* Host only: the device keeps 2 (k + j) + 1. */
#pragma omp target map(tofrom : d[0 : LEN])
  for (int j = 0; j < LEN; j++)
    d[j] += 10;
  /* Still present: nothing came back. */
  for (int j = 0; j < LEN; j++)
    bad += d[j] != -1;
#pragma omp target map(always, tofrom : d[0 : LEN])
  for (int j = 0; j < LEN; j++)
    d[j] += 100;
  for (int j = 0; j < LEN; j++)
    bad += d[j] != 99;
#pragma omp target exit data map(from : p[0 : n])
  bad += omp_target_is_present(p[k].d, dev) != 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < LEN; j++)
      bad += p[i].d[j] != (i == k ? 99.0 : 2.0 * (i + j) + 1);
  for (int i = 0; i < n; i++)
    free(p[i].d);
  free(p);
  return bad;
}

typedef struct {
  double a;
  double *d;
  double b;
  double *e;
  int n;
} G;
#pragma omp declare mapper(G g) map(g.a, g.b, g.n, g.d[0 : g.n], g.e[0 : g.n])

static long gaps(int n) {
  G *g = malloc(sizeof(G) * n);
  for (int i = 0; i < n; i++) {
    g[i] = (G){i, malloc(sizeof(double) * LEN), -i, malloc(sizeof(double) * LEN),
               LEN};
    for (int j = 0; j < LEN; j++) {
      g[i].d[j] = i + j;
      g[i].e[j] = i - j;
    }
  }
#pragma omp target map(tofrom : g[0 : n])
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < g[i].n; j++) {
      g[i].d[j] += g[i].a;
      g[i].e[j] += g[i].b;
    }
    g[i].a += 1;
  }
  long bad = 0;
  for (int i = 0; i < n; i++) {
    bad += g[i].a != i + 1 || g[i].b != -i;
    for (int j = 0; j < LEN; j++)
      bad += g[i].d[j] != 2.0 * i + j || g[i].e[j] != -j;
    free(g[i].d);
    free(g[i].e);
  }
  free(g);
  return bad;
}

typedef struct {
  int n;
  double *x;
} V;
typedef struct {
  int k;
  V *vs;
} W;
#pragma omp declare mapper(V v) map(tofrom : v, v.x[0 : v.n])
#pragma omp declare mapper(W w) map(tofrom : w, w.vs[0 : w.k])

static long nested(int n) {
  enum { K = 3 };
  W *w = malloc(sizeof(W) * n);
  for (int i = 0; i < n; i++) {
    w[i] = (W){K, malloc(sizeof(V) * K)};
    for (int j = 0; j < K; j++) {
      w[i].vs[j] = (V){LEN, malloc(sizeof(double) * LEN)};
      for (int m = 0; m < LEN; m++)
        w[i].vs[j].x[m] = 100 * i + 10 * j + m;
    }
  }
#pragma omp target map(tofrom : w[0 : n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < w[i].k; j++)
      for (int m = 0; m < w[i].vs[j].n; m++)
        w[i].vs[j].x[m] *= 3;
  long bad = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < K; j++) {
      for (int m = 0; m < LEN; m++)
        bad += w[i].vs[j].x[m] != 3.0 * (100 * i + 10 * j + m);
      free(w[i].vs[j].x);
    }
    free(w[i].vs);
  }
  free(w);
  return bad;
}

/* Shared pointees: `to` only, so no construct writes them on the host. */
typedef struct {
  int len;
  const double *d;
  double sum;
} T;
#pragma omp declare mapper(T t) map(tofrom : t) map(to : t.d[0 : t.len])

enum { SHARED = 8, ROUNDS = 20, THREADS = 4 };
static double Shared[SHARED][LEN];
static int Structs;

static void *worker(void *Arg) {
  long *bad = Arg;
  int n = Structs;
  T *t = malloc(sizeof(T) * n);
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < n; i++)
      t[i] = (T){LEN, Shared[i % SHARED], 0};
#pragma omp target map(tofrom : t[0 : n])
    for (int i = 0; i < n; i++)
      for (int j = 0; j < t[i].len; j++)
        t[i].sum += t[i].d[j];
    for (int i = 0; i < n; i++)
      *bad += t[i].sum != LEN * (i % SHARED) * 10.0 + LEN * (LEN - 1) / 2;
  }
  free(t);
  return NULL;
}

static long threads(int n) {
  for (int s = 0; s < SHARED; s++)
    for (int j = 0; j < LEN; j++)
      Shared[s][j] = 10 * s + j;
  Structs = n;
  pthread_t th[THREADS];
  long bad[THREADS] = {0};
  for (int i = 0; i < THREADS; i++)
    pthread_create(&th[i], NULL, worker, &bad[i]);
  long all = 0;
  for (int i = 0; i < THREADS; i++) {
    pthread_join(th[i], NULL);
    all += bad[i];
  }
  return all;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "flat";
  int n = argc > 2 ? atoi(argv[2]) : 1000;
  long bad = !strcmp(what, "flat")     ? flat(n)
             : !strcmp(what, "gaps")   ? gaps(n)
             : !strcmp(what, "nested") ? nested(n)
                                       : threads(n);
  printf("%s: %ld wrong\n", what, bad);
  return bad != 0;
}
