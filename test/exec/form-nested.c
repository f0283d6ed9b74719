// Nested directives: a `declare target to(f)` inside a `begin declare target`
// block that also covers f, and blocks inside blocks. Only a directive with
// an `indirect` clause decides, and when both have one the inner one does
// (OpenMP 5.1: the outer `indirect` then has no effect for f). Each function below ends up indirect,
// and a host pointer to each reaches its device copy, which the device-side
// counter proves. test/clang-plugin/metadata-nested.c covers the cases
// that end up not indirect.
// RUN: %compile-run-and-check
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
// The inner directive has no `indirect` clause: the block's applies.
int outer_only(int x) { dev_calls++; return x + 1; }
#pragma omp declare target to(outer_only)
// Both have one: the inner `indirect(1)` decides.
int both(int x) { dev_calls++; return x + 2; }
#pragma omp declare target to(both) indirect(1)
#pragma omp end declare target

// The block says `indirect(0)`, the inner directive `indirect`.
#pragma omp begin declare target indirect(0)
int inner_true(int x) { dev_calls++; return x + 3; }
#pragma omp declare target to(inner_true) indirect
#pragma omp end declare target

// A block without `indirect`, an inner directive with it.
#pragma omp begin declare target
int inner_only(int x) { dev_calls++; return x + 4; }
#pragma omp declare target to(inner_only) indirect
#pragma omp end declare target

// A block without `indirect` inside an indirect block, and the reverse.
#pragma omp begin declare target indirect
#pragma omp begin declare target
int nested_outer(int x) { dev_calls++; return x + 5; }
#pragma omp end declare target
#pragma omp end declare target
#pragma omp begin declare target
#pragma omp begin declare target indirect
int nested_inner(int x) { dev_calls++; return x + 6; }
#pragma omp end declare target
#pragma omp end declare target

int main(void) {
  int (*fps[6])(int) = {outer_only, both,         inner_true,
                        inner_only, nested_outer, nested_inner};
  int r[6] = {0};
#pragma omp target map(to : fps) map(from : r)
  for (int i = 0; i < 6; i++)
    r[i] = fps[i](10);
#pragma omp target update from(dev_calls)
  int ok = dev_calls == 6;
  for (int i = 0; i < 6; i++)
    ok &= r[i] == 11 + i;
  // CHECK: r = 11 12 13 14 15 16, device calls = 6
  printf("r = %d %d %d %d %d %d, device calls = %d\n", r[0], r[1], r[2], r[3],
         r[4], r[5], dev_calls);
  return !ok;
}
