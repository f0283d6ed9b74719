// Against a plain reference, over random tables of 1 to 40,000 rows: host
// addresses clustered as functions are (random 16-byte-multiple gaps, in a
// few separate regions, one above 2^63), random device addresses. For each
// table, every key must give its device address, and random pointers (key
// + 8, pointers between and around the regions, arbitrary 64-bit values,
// the device addresses themselves) must give what a linear scan of the rows
// gives. Each block is also copied to another address first (its offsets
// are relative, as the runtime's single copy to the device needs), and the
// longest probe the builder reports must stay short. Fixed seed.
// RUN: %build-translate-test %s -o %t
// RUN: %t hash | FileCheck %s
// RUN: %t search | FileCheck %s

#include "driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t State = 0x243f6a8885a308d3ULL;
static uint64_t next(void) { /* xorshift64* */
  State ^= State >> 12;
  State ^= State << 25;
  State ^= State >> 27;
  return State * 0x2545f4914f6cdd1dULL;
}

static uint64_t reference(const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
                          uint64_t Key) {
  for (uint64_t I = 0; I < N; ++I)
    if ((uint64_t)Rows[I].host_ptr == Key)
      return (uint64_t)Rows[I].tgt_ptr;
  return Key;
}

static void fill(__omp_offloading_fptr_map_ty *Rows, uint64_t N) {
  static const uint64_t Regions[] = {0x401000, 0x7f3a12000000,
                                     0x8000123400000000ULL};
  uint64_t Key = 0, PerRegion = N / 3 + 1;
  for (uint64_t I = 0; I < N; ++I) {
    if (I % PerRegion == 0)
      Key = Regions[I / PerRegion] + 16 * (next() % 64);
    Key += 16 * (1 + next() % 16);
    Rows[I].host_ptr = (int64_t)Key;
    Rows[I].tgt_ptr = (int64_t)(0x10000000000ULL + 16 * (next() % (1u << 30)));
  }
}

void run_cases(void) {
  static const uint64_t Sizes[] = {1, 2, 3, 7, 16, 100, 1000, 4096, 40000};
  int Wrong = 0, Refused = 0;
  uint32_t Longest = 0;
  for (unsigned S = 0; S < sizeof Sizes / sizeof *Sizes; ++S) {
    uint64_t N = Sizes[S];
    __omp_offloading_fptr_map_ty *Rows = malloc(N * sizeof *Rows);
    fill(Rows, N);
    const __omp_offloading_fptr_table_ty *Built = set_table(Rows, N);
    if (!Built) {
      ++Refused;
      free(Rows);
      continue;
    }
    void *Copy = aligned_alloc(64, (Built->total_bytes + 63) & ~63ULL);
    memcpy(Copy, Built, Built->total_bytes);
    set_block(Copy); /* Frees the original. */
    const __omp_offloading_fptr_table_ty *T = Copy;
    if (T->max_probe > Longest)
      Longest = T->max_probe;
    for (uint64_t I = 0; I < N; ++I) {
      uint64_t K = (uint64_t)Rows[I].host_ptr;
      Wrong += lookup_quiet(K, (uint64_t)Rows[I].tgt_ptr);
      Wrong += lookup_quiet(K + 8, K + 8);
      Wrong += lookup_quiet((uint64_t)Rows[I].tgt_ptr,
                            reference(Rows, N > 2000 ? 0 : N,
                                      (uint64_t)Rows[I].tgt_ptr));
    }
    for (int I = 0; I < 2000; ++I) {
      uint64_t K = I % 2 ? next() : (uint64_t)Rows[next() % N].host_ptr +
                                        (next() % 64) - 32;
      Wrong += lookup_quiet(K, reference(Rows, N, K));
    }
    set_block(0);
    free(Copy);
    free(Rows);
  }
  printf("refused: %d\n", Refused);
  printf("wrong: %d\n", Wrong);
  printf("longest probe within 16: %s\n", Longest <= 16 ? "yes" : "no");
}

// CHECK:      refused: 0
// CHECK-NEXT: wrong: 0
// CHECK-NEXT: longest probe within 16: yes
// CHECK-NEXT: failures: 0
