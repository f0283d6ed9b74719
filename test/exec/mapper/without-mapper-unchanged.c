// In a unit with mappers, map clauses that use no mapper behave as before:
// arrays, scalars, a struct type without a mapper, `target data`, and
// `nowait` enter data with a mapper next to plain entries.
// RUN: %compile-run-and-check
#include <omp.h>
#include <stdio.h>

typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])
typedef struct {
  int a, b;
} Plain;

int main(void) {
  enum { N = 100 };
  int arr[N], scalar = 5, bad = 0;
  Plain pl = {1, 2};
  for (int i = 0; i < N; i++)
    arr[i] = i;
#pragma omp target data map(tofrom : arr) map(to : scalar)
  {
#pragma omp target map(tofrom : pl)
    {
      for (int i = 0; i < N; i++)
        arr[i] += scalar;
      pl.a += pl.b;
    }
  }
  for (int i = 0; i < N; i++)
    bad += arr[i] != i + 5;
  bad += pl.a != 3 || pl.b != 2;

  int data[4] = {1, 2, 3, 4}, extra[4] = {0, 0, 0, 0};
  S s = {4, data};
#pragma omp target enter data map(to : s, extra) nowait
#pragma omp taskwait
#pragma omp target
  for (int i = 0; i < 4; i++)
    extra[i] = s.d[i] * 2;
#pragma omp target exit data map(from : s, extra)
  for (int i = 0; i < 4; i++)
    bad += extra[i] != 2 * (i + 1) || data[i] != i + 1;
  bad += omp_target_is_present(data, omp_get_default_device()) != 0;
  // CHECK: without mapper: 0 wrong
  printf("without mapper: %d wrong\n", bad);
  return bad != 0;
}
