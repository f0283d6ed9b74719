// A named mapper that maps only some members, applied to a single struct and
// to an array section: `x` goes to the device only, `y` comes back only, and
// `z`, which the mapper does not name, moves in neither direction. The
// default mapper of the same type (whole struct) is not used.
// RUN: %compile-run-and-check
#include <stdio.h>

enum { N = 3000, HOST = 1, DEV = 9 };
typedef struct {
  int x, y, z;
} P;
#pragma omp declare mapper(P p) map(tofrom : p)
#pragma omp declare mapper(partial : P p) map(to : p.x) map(from : p.y)

int main(void) {
  static P one, many[N];
  int saw = 0, bad = 0;
  one = (P){HOST, HOST, HOST};
#pragma omp target map(mapper(partial), tofrom : one) map(tofrom : saw)
  {
    saw = one.x;
    one.x = one.y = one.z = DEV;
  }
  bad += saw != HOST || one.x != HOST || one.y != DEV || one.z != HOST;

  for (int i = 0; i < N; i++)
    many[i] = (P){HOST, HOST, HOST};
  saw = 0;
#pragma omp target map(mapper(partial), tofrom : many[0 : N]) map(tofrom : saw)
  for (int i = 0; i < N; i++) {
    saw += many[i].x == HOST;
    many[i].x = many[i].y = many[i].z = DEV;
  }
  bad += saw != N;
  for (int i = 0; i < N; i++)
    bad += many[i].x != HOST || many[i].y != DEV || many[i].z != HOST;
  // CHECK: named partial mapper: 0 wrong
  printf("named partial mapper: %d wrong\n", bad);
  return bad != 0;
}
