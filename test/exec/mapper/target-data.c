// `target data` with a mapper around two target regions: the deep copy is
// made once on entry, both regions see and change the device data (the
// regions' own maps find it present and move nothing), and it comes back
// once on exit.
// RUN: %compile-run-and-check
#include <omp.h>
#include <stdio.h>

enum { N = 2000 };
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
    data[i][0] = data[i][1] = i;
  }
  int bad = 0;
#pragma omp target data map(tofrom : p[0 : N])
  {
#pragma omp target map(tofrom : p[0 : N])
    for (int i = 0; i < N; i++)
      p[i].d[0] += 1;
    // Still on the device: the host copy has not changed yet.
    bad += data[7][0] != 7;
#pragma omp target map(tofrom : p[0 : N])
    for (int i = 0; i < N; i++)
      p[i].d[1] += p[i].d[0];
  }
  for (int i = 0; i < N; i++)
    bad += data[i][0] != i + 1 || data[i][1] != 2 * i + 1 || p[i].d != data[i];
  bad += omp_target_is_present(p, omp_get_default_device());
  // CHECK: target data: 0 wrong
  printf("target data: %d wrong\n", bad);
  return bad != 0;
}
