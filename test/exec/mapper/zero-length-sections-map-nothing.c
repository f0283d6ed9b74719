// A zero-length section maps nothing and says nothing, whatever its
// pointer: NULL, or an address the program could not read (OpenMP 5.1 and
// 5.2 allow zero-length sections in map clauses; the checks of bad input,
// bad-*.c, stop only a nonzero length). The others are mapped and come
// back, and the host keeps both pointers as they were.
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -g -O1 %s -o %t
// RUN: %t 2> %t.err | FileCheck %s
// RUN: count 0 < %t.err
// CHECK: zero-length: 0 wrong, pointers 0x10 (nil)
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  enum { N = 1000 };
  S *p = malloc(N * sizeof *p);
  for (int i = 0; i < N; ++i) {
    p[i].len = 4;
    p[i].d = calloc(4, sizeof(int));
  }
  p[500].len = 0;
  p[500].d = (int *)0x10;
  p[501].len = 0;
  p[501].d = NULL;
#pragma omp target map(tofrom : p[0 : N])
  for (int i = 0; i < N; ++i)
    if (p[i].len)
      p[i].d[0] += 1;
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target update from(p[0 : N])
#pragma omp target exit data map(from : p[0 : N])
  int Bad = 0;
  for (int i = 0; i < N; ++i)
    Bad += p[i].len && p[i].d[0] != 1;
  printf("zero-length: %d wrong, pointers %p %p\n", Bad, (void *)p[500].d,
         (void *)p[501].d);
  return Bad != 0;
}
