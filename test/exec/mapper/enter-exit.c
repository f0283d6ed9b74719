// `target enter data` and a later `target exit data` of the same array
// through a mapper: everything the enter mapped (the array and each pointee)
// is released by the exit, the data comes back, and the host pointers are
// the host's again. `release` keeps data while another reference holds it;
// `delete` removes it.
// RUN: %compile-run-and-check
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 5000 };
typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static int present(S *p, int n) {
  int dev = omp_get_default_device(), k = omp_target_is_present(p, dev);
  for (int i = 0; i < n; i++)
    k += omp_target_is_present(p[i].d, dev);
  return k;
}

int main(void) {
  S *p = malloc(sizeof(S) * N);
  double **orig = malloc(sizeof(double *) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = 2;
    p[i].d = orig[i] = malloc(2 * sizeof(double));
    p[i].d[0] = p[i].d[1] = i;
  }
  int bad = 0;
#pragma omp target enter data map(to : p[0 : N])
  bad += present(p, N) != N + 1;
#pragma omp target
  for (int i = 0; i < N; i++)
    p[i].d[1] += 1;
#pragma omp target exit data map(from : p[0 : N])
  bad += present(p, N) != 0;
  for (int i = 0; i < N; i++)
    bad += p[i].d != orig[i] || p[i].d[0] != i || p[i].d[1] != i + 1;

  // Two references: release drops one, delete drops all.
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target exit data map(release : p[0 : N])
  bad += present(p, N) != N + 1;
#pragma omp target exit data map(delete : p[0 : N])
  bad += present(p, N) != 0;
  // CHECK: enter/exit: 0 wrong
  printf("enter/exit: %d wrong\n", bad);
  return bad != 0;
}
