// The binary search is the documented fallback: a block without hash slots
// (num_slots 0). The builder makes one when asked (lookup `search`, as the
// runtime does under OMP_INDIRECT_LOOKUP=search) and when no multiplier
// keeps the longest probe within OMP_INDIRECT_MAX_PROBE_LIMIT slots; here a
// fixed multiplier of 0 sends 100 keys to one home slot, a probe of 99. The
// rows still answer every hit and miss.
// RUN: %build-translate-test %s -o %t
// RUN: %t | FileCheck %s

#include "driver.h"

#include <stdio.h>

static __omp_offloading_fptr_map_ty Rows[100];

static void describe(const char *Label,
                     const __omp_offloading_fptr_table_ty *T) {
  printf("%s: %llu rows, %llu slots, %llu bytes\n", Label,
         (unsigned long long)T->num_rows, (unsigned long long)T->num_slots,
         (unsigned long long)T->total_bytes);
}

static void lookupAll(const char *Label) {
  int Wrong = 0;
  for (int I = 0; I < 100; ++I)
    Wrong += lookup_quiet(Rows[I].host_ptr, Rows[I].tgt_ptr) +
             lookup_quiet(Rows[I].host_ptr + 8, Rows[I].host_ptr + 8);
  printf("%s: %d of 200 lookups wrong\n", Label, Wrong);
}

void run_cases(void) {
  for (int I = 0; I < 100; ++I)
    Rows[I] = (__omp_offloading_fptr_map_ty){0x400000 + 0x40 * I,
                                             0x7f0000 + 0x20 * I};
  omp_indirect_table_options Search = {OMP_INDIRECT_LOOKUP_SEARCH, 0, 0};
  describe("asked", set_table_with(Rows, 100, &Search));
  lookupAll("asked");
  lookup("asked, first", 0x400000, 0x7f0000);

  omp_indirect_table_options Bad = {OMP_INDIRECT_LOOKUP_HASH, 1, 0};
  describe("probe too long", set_table_with(Rows, 100, &Bad));
  lookupAll("probe too long");

  omp_indirect_table_options Fine = {OMP_INDIRECT_LOOKUP_HASH, 1,
                                     0x9e3779b97f4a7c15ULL};
  describe("good multiplier", set_table_with(Rows, 100, &Fine));
  lookupAll("good multiplier");
}

// The rows take 100 * 16 bytes after a 128-byte header and one empty slot
// (the probe's, which misses at once), 64-byte aligned: 192 + 1600. A block
// with slots carries no rows (the device reads them only without slots):
// 256 home slots, then max_probe (3 with this multiplier) more and one
// empty one, 260 * 16 bytes after the header.
// CHECK:      asked: 100 rows, 0 slots, 1792 bytes
// CHECK-NEXT: asked: 0 of 200 lookups wrong
// CHECK-NEXT: asked, first: 0x400000 -> 0x7f0000{{$}}
// CHECK-NEXT: probe too long: 100 rows, 0 slots, 1792 bytes
// CHECK-NEXT: probe too long: 0 of 200 lookups wrong
// CHECK-NEXT: good multiplier: 0 rows, 256 slots, 4288 bytes
// CHECK-NEXT: good multiplier: 0 of 200 lookups wrong
// CHECK-NEXT: failures: 0
