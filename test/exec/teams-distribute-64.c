// 64 distinct indirect functions called from `target teams distribute
// parallel for` over 100000 iterations, fns[i % 64](i): every result is
// checked, and each function's device-side counter must equal the number of
// iterations that picked it.
// RUN: %compile-run-and-check
#include <stdio.h>

#define NF 64
#define N 100000

int dev_calls[NF];
#pragma omp declare target to(dev_calls)

// f<a><b> is function number a * 8 + b: it counts itself and adds its number.
#define FN(a, b)                                                               \
  int f##a##b(int x) {                                                         \
    _Pragma("omp atomic") dev_calls[a * 8 + b]++;                              \
    return x * 3 + a * 8 + b;                                                  \
  }
#define FN8(a)                                                                 \
  FN(a, 0) FN(a, 1) FN(a, 2) FN(a, 3) FN(a, 4) FN(a, 5) FN(a, 6) FN(a, 7)
#pragma omp begin declare target indirect
FN8(0) FN8(1) FN8(2) FN8(3) FN8(4) FN8(5) FN8(6) FN8(7)
#pragma omp end declare target

#define REF8(a)                                                                \
  f##a##0, f##a##1, f##a##2, f##a##3, f##a##4, f##a##5, f##a##6, f##a##7
static int r[N];

int main(void) {
  int (*fns[NF])(int) = {REF8(0), REF8(1), REF8(2), REF8(3),
                         REF8(4), REF8(5), REF8(6), REF8(7)};
#pragma omp target teams distribute parallel for map(to : fns) map(from : r)
  for (int i = 0; i < N; i++)
    r[i] = fns[i % NF](i);
#pragma omp target update from(dev_calls)
  int bad = 0, calls = 0;
  for (int i = 0; i < N; i++)
    bad += r[i] != i * 3 + i % NF;
  for (int k = 0; k < NF; k++) {
    calls += dev_calls[k];
    bad += dev_calls[k] != N / NF + (k < N % NF);
  }
  // CHECK: 64 functions, 100000 results, device calls = 100000, bad = 0
  printf("%d functions, %d results, device calls = %d, bad = %d\n", NF, N,
         calls, bad);
  return bad != 0 || calls != N;
}
