// A mapper applied to a struct member: `map(tofrom : h.s)` maps only the
// member, deep-copied through S's mapper; the rest of `h` stays on the host.
// RUN: %compile-run-and-check
#include <stdio.h>

typedef struct {
  int len;
  int *d;
} S;
typedef struct {
  int before;
  S s;
  int after;
} H;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  int data[6] = {1, 2, 3, 4, 5, 6};
  H h = {11, {6, data}, 22};
  int sum = 0;
#pragma omp target map(tofrom : h.s) map(tofrom : sum)
  for (int i = 0; i < h.s.len; i++) {
    sum += h.s.d[i];
    h.s.d[i] *= 10;
  }
  int bad = sum != 21 || h.before != 11 || h.after != 22 || h.s.d != data;
  for (int i = 0; i < 6; i++)
    bad += data[i] != 10 * (i + 1);
  // CHECK: struct member: 0 wrong
  printf("struct member: %d wrong\n", bad);
  return bad != 0;
}
