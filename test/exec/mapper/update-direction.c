// `target update to(...)` through a mapper moves only the items whose map
// type allows `to`, and `from(...)` only those that allow `from`.
// RUN: %compile-run-and-check
#include <stdio.h>

enum { N = 1000, L = 3 };
typedef struct {
  int in[L];   // mapped `to`
  int *out;    // pointee mapped `from`
  int *both;   // pointee mapped `tofrom`
} R;
#pragma omp declare mapper(R r) map(alloc : r) map(to : r.in)                  \
    map(from : r.out[0 : L]) map(tofrom : r.both[0 : L])

int main(void) {
  static R p[N];
  static int out[N][L], both[N][L];
  for (int i = 0; i < N; i++) {
    p[i].out = out[i];
    p[i].both = both[i];
    for (int j = 0; j < L; j++)
      p[i].in[j] = out[i][j] = both[i][j] = 1;
  }
  int bad = 0;
#pragma omp target enter data map(to : p[0 : N])
  // The device sets every item to 2; the host sets every item to 3.
#pragma omp target
  for (int i = 0; i < N; i++)
    for (int j = 0; j < L; j++)
      p[i].in[j] = p[i].out[j] = p[i].both[j] = 2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < L; j++)
      p[i].in[j] = out[i][j] = both[i][j] = 3;

  // to: `in` and `both` go to the device; `out` stays 2 there.
#pragma omp target update to(p[0 : N])
  int dev[3] = {0, 0, 0};
#pragma omp target map(tofrom : dev)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < L; j++) {
      dev[0] += p[i].in[j] == 3;
      dev[1] += p[i].out[j] == 2;
      dev[2] += p[i].both[j] == 3;
    }
  bad += dev[0] != N * L || dev[1] != N * L || dev[2] != N * L;

  // from: `out` and `both` come back (2, 3); `in` keeps the host's 5.
#pragma omp target
  for (int i = 0; i < N; i++)
    for (int j = 0; j < L; j++)
      p[i].in[j] = 4;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < L; j++)
      p[i].in[j] = 5;
#pragma omp target update from(p[0 : N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < L; j++)
      bad += p[i].in[j] != 5 || out[i][j] != 2 || both[i][j] != 3;
  // The host pointers survive the update of the structs.
  for (int i = 0; i < N; i++)
    bad += p[i].out != out[i] || p[i].both != both[i];
#pragma omp target exit data map(release : p[0 : N])
  // CHECK: update directions: 0 wrong
  printf("update directions: %d wrong\n", bad);
  return bad != 0;
}
