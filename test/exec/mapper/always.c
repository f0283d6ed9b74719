// `always` on a map with a mapper forces the copies even when the data is
// already on the device: the struct array and every pointee move again.
// Without `always`, data that is present does not move.
// RUN: %compile-run-and-check
#include <stdio.h>

enum { N = 500 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  static S p[N];
  static int data[N][2];
  for (int i = 0; i < N; i++) {
    p[i].len = 2;
    p[i].d = data[i];
    data[i][0] = data[i][1] = 1;
  }
  int bad = 0, seen = 0;
#pragma omp target enter data map(to : p[0 : N])
  for (int i = 0; i < N; i++)
    data[i][0] = data[i][1] = 2;
  // Present: the device still has 1s.
#pragma omp target map(to : p[0 : N]) map(tofrom : seen)
  for (int i = 0; i < N; i++)
    seen += p[i].d[0] == 1 && p[i].d[1] == 1;
  bad += seen != N;
  // always: the 2s reach the device, and the device's 3s come back.
  seen = 0;
#pragma omp target map(always, tofrom : p[0 : N]) map(tofrom : seen)
  for (int i = 0; i < N; i++) {
    seen += p[i].d[0] == 2 && p[i].d[1] == 2;
    p[i].d[0] = p[i].d[1] = 3;
  }
  bad += seen != N;
  for (int i = 0; i < N; i++)
    bad += data[i][0] != 3 || data[i][1] != 3 || p[i].d != data[i];
#pragma omp target exit data map(release : p[0 : N])
  // CHECK: always: 0 wrong
  printf("always: %d wrong\n", bad);
  return bad != 0;
}
