// Keys that collide in the hash: with the multiplier fixed at 0 every key's
// home is slot 0, so the builder chains them in order and records the
// longest probe; every key is still found, and misses between them probe
// the chain and stop. Hand-made blocks show a chain that runs past the last
// home slot into the slots after it (the slots do not wrap), and that a miss
// in a block whose slots are all full stops after max_probe + 1 slots (it
// terminates and misses).
// RUN: %build-translate-test %s -o %t
// RUN: %t | FileCheck %s

#include "driver.h"

#include <stddef.h>
#include <stdio.h>

/* Four home slots and four after them (max_probe 3, and one empty). */
typedef struct {
  __omp_offloading_fptr_table_ty Header;
  __omp_offloading_fptr_map_ty Slots[8];
} HandBlock;

_Static_assert(offsetof(HandBlock, Slots) == OMP_INDIRECT_SLOTS_OFFSET,
               "the slots follow the header");

/* hash_shift 62: home = top two bits of key * hash_mul. */
static HandBlock handBlock(uint64_t Mul, uint32_t MaxProbe) {
  HandBlock B = {{OMP_INDIRECT_TABLE_MAGIC, sizeof B, 0,
                  OMP_INDIRECT_SLOTS_OFFSET, 1, UINT64_MAX, 4,
                  OMP_INDIRECT_SLOTS_OFFSET, Mul, 62, MaxProbe},
                 {{0}}};
  return B;
}

void run_cases(void) {
  __omp_offloading_fptr_map_ty Rows[6] = {
      {0x1000, 0xa1}, {0x1010, 0xa2}, {0x1020, 0xa3},
      {0x1030, 0xa4}, {0x1040, 0xa5}, {0x1050, 0xa6}};
  omp_indirect_table_options Zero = {OMP_INDIRECT_LOOKUP_HASH, 1, 0};
  const __omp_offloading_fptr_table_ty *T = set_table_with(Rows, 6, &Zero);
  printf("all collide: %llu slots, longest probe %u, %llu bytes\n",
         (unsigned long long)T->num_slots, T->max_probe,
         (unsigned long long)T->total_bytes);
  for (int I = 0; I < 6; ++I)
    lookup("chained", Rows[I].host_ptr, Rows[I].tgt_ptr);
  lookup("miss in the chain", 0x1008, 0x1008);
  lookup("miss after the chain", 0x1048, 0x1048);

  // Home slot 3 (key * 2^62 >> 62 = key & 3 = 3): 0x7 sits in slot 3,
  // 0xb in slot 4, 0xf in slot 5; slot 6 is empty, which ends a miss of
  // home 3 (0x13) before the bound does. Slot 0 holds a key of home 3 that
  // a wrapping probe would find: this one must not.
  HandBlock Run = handBlock(1ULL << 62, 3);
  Run.Header.host_min = 0x7;
  Run.Header.host_max = 0x13;
  Run.Slots[3] = (__omp_offloading_fptr_map_ty){0x7, 0xb7};
  Run.Slots[4] = (__omp_offloading_fptr_map_ty){0xb, 0xbb};
  Run.Slots[5] = (__omp_offloading_fptr_map_ty){0xf, 0xbf};
  Run.Slots[0] = (__omp_offloading_fptr_map_ty){0x13, 0xbad};
  set_block(&Run);
  lookup("past the homes, home slot", 0x7, 0xb7);
  lookup("past the homes, next slot", 0xb, 0xbb);
  lookup("past the homes, two on", 0xf, 0xbf);
  lookup("past the homes, miss stops at the empty slot", 0x13, 0x13);
  lookup("past the homes, miss at the empty home slot", 0xa, 0xa);

  // Every slot full, every home slot 0, max_probe 3: a miss reads four
  // slots and stops, although the fifth holds the key.
  HandBlock Full = handBlock(0, 3);
  for (int I = 0; I < 8; ++I)
    Full.Slots[I] = (__omp_offloading_fptr_map_ty){0x100 + I, 0xe00 + I};
  set_block(&Full);
  lookup("full, last", 0x103, 0xe03);
  lookup("full, miss", 0x180, 0x180);
  lookup("full, beyond the bound", 0x104, 0x104);
  set_block(0);
}

// The header, 16 home slots, 5 after them and one empty, 64-byte aligned:
// 128 + 22 * 16 = 480, aligned to 512.
// CHECK:      all collide: 16 slots, longest probe 5, 512 bytes
// CHECK-NEXT: chained: 0x1000 -> 0xa1{{$}}
// CHECK-NEXT: chained: 0x1010 -> 0xa2{{$}}
// CHECK-NEXT: chained: 0x1020 -> 0xa3{{$}}
// CHECK-NEXT: chained: 0x1030 -> 0xa4{{$}}
// CHECK-NEXT: chained: 0x1040 -> 0xa5{{$}}
// CHECK-NEXT: chained: 0x1050 -> 0xa6{{$}}
// CHECK-NEXT: miss in the chain: 0x1008 -> 0x1008{{$}}
// CHECK-NEXT: miss after the chain: 0x1048 -> 0x1048{{$}}
// CHECK-NEXT: past the homes, home slot: 0x7 -> 0xb7{{$}}
// CHECK-NEXT: past the homes, next slot: 0xb -> 0xbb{{$}}
// CHECK-NEXT: past the homes, two on: 0xf -> 0xbf{{$}}
// CHECK-NEXT: past the homes, miss stops at the empty slot: 0x13 -> 0x13{{$}}
// CHECK-NEXT: past the homes, miss at the empty home slot: 0xa -> 0xa{{$}}
// CHECK-NEXT: full, last: 0x103 -> 0xe03{{$}}
// CHECK-NEXT: full, miss: 0x180 -> 0x180{{$}}
// CHECK-NEXT: full, beyond the bound: 0x104 -> 0x104{{$}}
// CHECK-NEXT: failures: 0
