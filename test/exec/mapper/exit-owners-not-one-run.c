// An exit finds each pointee's table entry as the one after the last one's
// (an exit through the expansion of the entry that placed them) and then
// keeps no array of them (runtime/mapper/place/PlaceOwned.c): pointee I's is the
// first one's + I. Exits where that stops holding partway: one whose first
// pointee is NULL (no entry), and one naming the pointees of two blocks
// (two enter constructs), whose second block's first pointee is not the
// entry after the first block's last. The data comes back, and every
// pointee leaves the table. (clang's mapper function computes s.d + 0 for
// the NULL pointee, which UBSan's pointer-overflow check reports under
// check-sanitize; that check is off here.)
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -O2 %s -o %t && %t | FileCheck %s
// CHECK: NULL first: 0 wrong
// CHECK: two blocks: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 300 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static S *make(int Null) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = Null && i == 0 ? 0 : 3;
    p[i].d = Null && i == 0 ? NULL : calloc(3, sizeof(int));
  }
  return p;
}

/* Wrong values and pointees still present after the exit. */
static int check(S *p, int Add) {
  int bad = 0, dev = omp_get_default_device();
  for (int i = 0; i < N; i++) {
    if (!p[i].d)
      continue;
    bad += omp_target_is_present(p[i].d, dev) != 0;
    for (int j = 0; j < 3; j++)
      bad += p[i].d[j] != i + j + Add;
  }
  return bad;
}

int main(void) {
  S *a = make(1), *b = make(0), *c = make(0);
#pragma omp target enter data map(to : a[0 : N])
#pragma omp target
  for (int i = 1; i < N; i++)
    for (int j = 0; j < 3; j++)
      a[i].d[j] = i + j;
#pragma omp target exit data map(from : a[0 : N])
  printf("NULL first: %d wrong\n", check(a, 0));
#pragma omp target enter data map(to : b[0 : N])
#pragma omp target enter data map(to : c[0 : N])
#pragma omp target
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 3; j++) {
      b[i].d[j] = i + j + 1;
      c[i].d[j] = i + j + 2;
    }
#pragma omp target exit data map(from : b[0 : N], c[0 : N])
  int bad = check(b, 1) + check(c, 2);
  printf("two blocks: %d wrong\n", bad);
  return bad != 0;
}
