// Keys that collide in the hash: with the multiplier fixed at 0 every key's
// home is slot 0, so the builder chains them in order and records the
// longest probe; every key is still found, and misses between them probe
// the chain and stop. Hand-made blocks show a chain that wraps past the
// last slot back to slot 0, and that a miss in a block with no empty slot
// at all stops after max_probe + 1 slots (it terminates and misses).
// RUN: %build-translate-test %s -o %t
// RUN: %t | FileCheck %s

#include "driver.h"

#include <stddef.h>
#include <stdio.h>

typedef struct {
  __omp_offloading_fptr_table_ty Header;
  __omp_offloading_fptr_map_ty Slots[4];
} HandBlock;

/* Four slots, hash_shift 62: home = top two bits of key * hash_mul. */
static HandBlock handBlock(uint64_t Mul, uint32_t MaxProbe) {
  HandBlock B = {{OMP_INDIRECT_TABLE_MAGIC, sizeof B, 0, sizeof B, 1,
                  UINT64_MAX, 4, offsetof(HandBlock, Slots), Mul, 62,
                  MaxProbe},
                 {{0}}};
  return B;
}

void run_cases(void) {
  __omp_offloading_fptr_map_ty Rows[6] = {
      {0x1000, 0xa1}, {0x1010, 0xa2}, {0x1020, 0xa3},
      {0x1030, 0xa4}, {0x1040, 0xa5}, {0x1050, 0xa6}};
  omp_indirect_table_options Zero = {OMP_INDIRECT_LOOKUP_HASH, 1, 0};
  const __omp_offloading_fptr_table_ty *T = set_table_with(Rows, 6, &Zero);
  printf("all collide: %llu slots, longest probe %u\n",
         (unsigned long long)T->num_slots, T->max_probe);
  for (int I = 0; I < 6; ++I)
    lookup("chained", Rows[I].host_ptr, Rows[I].tgt_ptr);
  lookup("miss in the chain", 0x1008, 0x1008);
  lookup("miss after the chain", 0x1048, 0x1048);

  // Home slot 3 (key * 2^62 >> 62 = key & 3 = 3): 0x7 sits in slot 3,
  // 0xb wraps to slot 0, 0xf to slot 1; slot 2 is empty, which ends a miss
  // of home 3 (0x13) before the bound does.
  HandBlock Wrap = handBlock(1ULL << 62, 3);
  Wrap.Header.host_min = 0x7;
  Wrap.Header.host_max = 0x13;
  Wrap.Slots[3] = (__omp_offloading_fptr_map_ty){0x7, 0xb7};
  Wrap.Slots[0] = (__omp_offloading_fptr_map_ty){0xb, 0xbb};
  Wrap.Slots[1] = (__omp_offloading_fptr_map_ty){0xf, 0xbf};
  set_block(&Wrap);
  lookup("wrap, home slot", 0x7, 0xb7);
  lookup("wrap, next slot", 0xb, 0xbb);
  lookup("wrap, two on", 0xf, 0xbf);
  lookup("wrap, miss stops at the empty slot", 0x13, 0x13);
  lookup("wrap, miss at the empty home slot", 0xa, 0xa);

  // Every slot full, every home slot 0, max_probe 3: a miss reads four
  // slots and stops.
  HandBlock Full = handBlock(0, 3);
  for (int I = 0; I < 4; ++I)
    Full.Slots[I] = (__omp_offloading_fptr_map_ty){0x100 + I, 0xe00 + I};
  set_block(&Full);
  lookup("full, last", 0x103, 0xe03);
  lookup("full, miss", 0x180, 0x180);
  // A corrupt bound (beyond the slots) still ends: the probe wraps.
  Full.Header.max_probe = 1000;
  lookup("full, huge bound, miss", 0x180, 0x180);
  set_block(0);
}

// CHECK:      all collide: 16 slots, longest probe 5
// CHECK-NEXT: chained: 0x1000 -> 0xa1{{$}}
// CHECK-NEXT: chained: 0x1010 -> 0xa2{{$}}
// CHECK-NEXT: chained: 0x1020 -> 0xa3{{$}}
// CHECK-NEXT: chained: 0x1030 -> 0xa4{{$}}
// CHECK-NEXT: chained: 0x1040 -> 0xa5{{$}}
// CHECK-NEXT: chained: 0x1050 -> 0xa6{{$}}
// CHECK-NEXT: miss in the chain: 0x1008 -> 0x1008{{$}}
// CHECK-NEXT: miss after the chain: 0x1048 -> 0x1048{{$}}
// CHECK-NEXT: wrap, home slot: 0x7 -> 0xb7{{$}}
// CHECK-NEXT: wrap, next slot: 0xb -> 0xbb{{$}}
// CHECK-NEXT: wrap, two on: 0xf -> 0xbf{{$}}
// CHECK-NEXT: wrap, miss stops at the empty slot: 0x13 -> 0x13{{$}}
// CHECK-NEXT: wrap, miss at the empty home slot: 0xa -> 0xa{{$}}
// CHECK-NEXT: full, last: 0x103 -> 0xe03{{$}}
// CHECK-NEXT: full, miss: 0x180 -> 0x180{{$}}
// CHECK-NEXT: full, huge bound, miss: 0x180 -> 0x180{{$}}
// CHECK-NEXT: failures: 0
