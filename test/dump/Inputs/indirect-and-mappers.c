// Input of the dump tests: two indirect functions, two `declare mapper`s
// (default and named), and a kernel that uses both. Valid C and C++.
#include <stdio.h>

typedef struct V { int n; double *x; } V;
#pragma omp declare mapper(V v) map(v, v.x[0:v.n])
#pragma omp declare mapper(half : V v) map(to : v.x[0:v.n / 2])

int device_calls;
#pragma omp declare target to(device_calls)

#pragma omp begin declare target indirect
int add1(int a) { device_calls++; return a + 1; }
int mul2(int a) { device_calls++; return a * 2; }
#pragma omp end declare target

typedef int (*fn)(int);
int second_unit(void);

int main(void) {
  fn f[2] = {add1, mul2};
  int r[2];
  double d[4] = {1, 2, 3, 4};
  V v = {4, d};
#pragma omp target map(to : f) map(from : r) map(tofrom : v)
  for (int i = 0; i < 2; i++)
    r[i] = f[i](10) + (int)v.x[3];
#pragma omp target update from(device_calls)
  printf("%d %d %d %d\n", r[0], r[1], device_calls, second_unit());
  return 0;
}
