// How the map type of the clause combines with the map type of each mapper
// item (OpenMP 5.1, declare mapper): an item moves host-to-device only if
// both allow `to`, and back only if both allow `from`. One target region per
// clause map type; each region records what the device saw and overwrites
// every array.
// RUN: %compile-run-and-check
#include <stdio.h>

enum { N = 8, HOST = 7, DEV = 100 };
typedef struct {
  int *a, *b, *c, *e;
} T;
#pragma omp declare mapper(T t) map(tofrom : t) map(to : t.a[0 : N])        \
    map(from : t.b[0 : N]) map(tofrom : t.c[0 : N]) map(alloc : t.e[0 : N])

static int bad;

static void expect(const char *what, int got, int want) {
  if (got != want) {
    printf("%s: got %d, want %d\n", what, got, want);
    bad++;
  }
}

// Checks one region: Saw[k] is what the device read from array k; Moves*
// say whether array k (a, b, c, e) may move in each direction.
static void check(const char *clause, T *t, int saw[4], const int to[4],
                  const int from[4]) {
  int *arrays[4] = {t->a, t->b, t->c, t->e};
  for (int k = 0; k < 4; k++) {
    char what[64];
    snprintf(what, sizeof what, "%s item %c", clause, "abce"[k]);
    if (to[k])
      expect(what, saw[k], HOST);
    expect(what, arrays[k][N - 1], from[k] ? DEV : HOST);
  }
}

static void reset(T *t) {
  for (int i = 0; i < N; i++)
    t->a[i] = t->b[i] = t->c[i] = t->e[i] = HOST;
}

#define PRAGMA(X) _Pragma(#X)
#define EXPANDED_PRAGMA(X) PRAGMA(X)
#define REGION(MAPTYPE)                                                        \
  EXPANDED_PRAGMA(omp target map(MAPTYPE : t) map(from : saw)) {             \
    int *arrays[4] = {t.a, t.b, t.c, t.e};                                     \
    for (int k = 0; k < 4; k++) {                                              \
      saw[k] = arrays[k][N - 1];                                               \
      for (int i = 0; i < N; i++)                                              \
        arrays[k][i] = DEV;                                                    \
    }                                                                          \
  }

int main(void) {
  int a[N], b[N], c[N], e[N], saw[4];
  T t = {a, b, c, e};
  //                a  b  c  e
  int to_to[4] = {1, 0, 1, 0}, to_from[4] = {0, 0, 0, 0};
  int from_to[4] = {0, 0, 0, 0}, from_from[4] = {0, 1, 1, 0};
  int tf_to[4] = {1, 0, 1, 0}, tf_from[4] = {0, 1, 1, 0};
  int none[4] = {0, 0, 0, 0};

  reset(&t);
  REGION(to)
  check("map(to)", &t, saw, to_to, to_from);
  reset(&t);
  REGION(from)
  check("map(from)", &t, saw, from_to, from_from);
  reset(&t);
  REGION(tofrom)
  check("map(tofrom)", &t, saw, tf_to, tf_from);
  reset(&t);
  REGION(alloc)
  check("map(alloc)", &t, saw, none, none);
  // CHECK: map types: 0 wrong
  printf("map types: %d wrong\n", bad);
  return bad != 0;
}
