// The registration's radix sort (runtime/common/SortByKey.c) against qsort on
// random inputs: sizes 0 to 100,000; keys that differ in every byte, only
// in their low bytes (host addresses of one process), at and above 2^63,
// with many repeats, and already in order. The result must be ordered by
// key as unsigned, a permutation of the input, and stable (equal keys keep
// their input order). Fixed seed.
// RUN: %clang -O2 -I%S/../../runtime/common %S/../../runtime/common/SortByKey.c \
// RUN:   %s -o %t
// RUN: %t | FileCheck %s

#include "SortByKey.h"

#include <stdio.h>
#include <stdlib.h>

static uint64_t State = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void) {
  State ^= State >> 12;
  State ^= State << 25;
  State ^= State >> 27;
  return State * 0x2545f4914f6cdd1dULL;
}

static int byKeyThenIndex(const void *A, const void *B) {
  const omp_indirect_keyed *X = A, *Y = B;
  if (X->key != Y->key)
    return X->key < Y->key ? -1 : 1;
  return X->index < Y->index ? -1 : X->index > Y->index;
}

static uint64_t key(int Shape, size_t I) {
  switch (Shape) {
  case 0: return next();
  case 1: return 0x55d4a3c00000ULL + 16 * (next() % (1u << 20));
  case 2: return 0x8000000000000000ULL + (next() % 5000) * 0x1000;
  case 3: return next() % 7;
  default: return 0x401000 + 32 * I;
  }
}

int main(void) {
  static const size_t Sizes[] = {0, 1, 2, 3, 255, 256, 4097, 100000};
  int Wrong = 0, Cases = 0;
  for (unsigned S = 0; S < sizeof Sizes / sizeof *Sizes; ++S)
    for (int Shape = 0; Shape < 5; ++Shape, ++Cases) {
      size_t N = Sizes[S];
      omp_indirect_keyed *Items = malloc((2 * N + 1) * sizeof *Items);
      omp_indirect_keyed *Ref = malloc((N + 1) * sizeof *Ref);
      for (size_t I = 0; I < N; ++I)
        Ref[I] = Items[I] = (omp_indirect_keyed){key(Shape, I), I};
      omp_indirect_keyed *Out = omp_indirect_sort_by_key(Items, Items + N, N);
      qsort(Ref, N, sizeof *Ref, byKeyThenIndex);
      for (size_t I = 0; I < N; ++I)
        if (Out[I].key != Ref[I].key || Out[I].index != Ref[I].index) {
          ++Wrong;
          printf("size %zu, shape %d: wrong at %zu\n", N, Shape, I);
          break;
        }
      free(Items);
      free(Ref);
    }
  printf("%d cases, %d wrong\n", Cases, Wrong);
  return Wrong != 0;
}
// CHECK: 40 cases, 0 wrong
