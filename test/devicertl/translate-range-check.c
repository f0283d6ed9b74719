// A pointer outside [host_min, host_max] (a device address, a data pointer,
// an unregistered function) is returned by the range check alone: the
// lookup never reads a slot or a row for it. Shown with a hand-made block
// whose slots and rows map such pointers to 0xbad: had the lookup looked
// there, it would return 0xbad. Inside the range the same block answers
// from its slots. Both ends of the range are in it.
// RUN: %build-translate-test %s -o %t
// RUN: %t | FileCheck %s

#include "driver.h"

#include <stddef.h>
#include <string.h>

static struct {
  __omp_offloading_fptr_table_ty Header;
  __omp_offloading_fptr_map_ty Slots[8];
  __omp_offloading_fptr_map_ty Rows[4];
} Block = {
    {OMP_INDIRECT_TABLE_MAGIC, sizeof Block, 4,
     offsetof(__typeof__(Block), Rows), 0x2000, 0x3000, 4,
     OMP_INDIRECT_SLOTS_OFFSET, /*hash_mul=*/0, /*hash_shift=*/62,
     /*max_probe=*/3},
    /* Slots and rows (all four keys share home slot 0 with hash_mul 0):
       out-of-range keys that must never be found, and the two in range. */
    {{0x1000, 0xbad}, {0x4000, 0xbad}, {0x2000, 0xd2000}, {0x3000, 0xd3000}},
    {{0x1000, 0xbad}, {0x2000, 0xd2000}, {0x3000, 0xd3000}, {0x4000, 0xbad}}};

_Static_assert(offsetof(__typeof__(Block), Slots) == OMP_INDIRECT_SLOTS_OFFSET,
               "the slots follow the header");

void run_cases(void) {
  set_block(&Block);
  lookup("below the range, in the slots", 0x1000, 0x1000);
  lookup("above the range, in the slots", 0x4000, 0x4000);
  lookup("just below", 0x1fff, 0x1fff);
  lookup("just above", 0x3001, 0x3001);
  lookup("low end", 0x2000, 0xd2000);
  lookup("high end", 0x3000, 0xd3000);
  lookup("inside, missing", 0x2800, 0x2800);
  // Without slots (empty ones, which miss at once), the fallback search
  // reads the rows instead.
  memset(Block.Slots, 0, sizeof Block.Slots);
  Block.Header.num_slots = 0;
  Block.Header.max_probe = 0;
  lookup("search: below the range, in the rows", 0x1000, 0x1000);
  lookup("search: above the range, in the rows", 0x4000, 0x4000);
  lookup("search: low end", 0x2000, 0xd2000);
  set_block(0);
}

// CHECK:      below the range, in the slots: 0x1000 -> 0x1000{{$}}
// CHECK-NEXT: above the range, in the slots: 0x4000 -> 0x4000{{$}}
// CHECK-NEXT: just below: 0x1fff -> 0x1fff{{$}}
// CHECK-NEXT: just above: 0x3001 -> 0x3001{{$}}
// CHECK-NEXT: low end: 0x2000 -> 0xd2000{{$}}
// CHECK-NEXT: high end: 0x3000 -> 0xd3000{{$}}
// CHECK-NEXT: inside, missing: 0x2800 -> 0x2800{{$}}
// CHECK-NEXT: search: below the range, in the rows: 0x1000 -> 0x1000{{$}}
// CHECK-NEXT: search: above the range, in the rows: 0x4000 -> 0x4000{{$}}
// CHECK-NEXT: search: low end: 0x2000 -> 0xd2000{{$}}
// CHECK-NEXT: failures: 0
