// __kmpc_target_translate_fptr on a pointer that is not in the table
// returns it unchanged: below the first key, between two keys (next to
// either neighbour), above the last key, and a device address (the value of
// a row, not a key) passes through as it is. NULL gives NULL. Misses inside
// [first key, last key] reach the hash probe (or the binary search); the
// others stop at the range check (translate-range-check.c shows that).
// RUN: %build-translate-test %s -o %t
// RUN: %t hash | FileCheck %s
// RUN: %t search | FileCheck %s

#include "driver.h"

void run_cases(void) {
  __omp_offloading_fptr_map_ty Rows[4] = {{0x401000, 0xd01000},
                                          {0x401100, 0xd02000},
                                          {0x401200, 0xd03000},
                                          {0x401300, 0xd04000}};
  set_table(Rows, 4);
  lookup("below first", 0x400fff, 0x400fff);
  lookup("far below first", 0x8, 0x8);
  lookup("just above first", 0x401001, 0x401001);
  lookup("between", 0x401180, 0x401180);
  lookup("just below last", 0x4012ff, 0x4012ff);
  lookup("above last", 0x401301, 0x401301);
  lookup("far above last", 0x7fffffffffff, 0x7fffffffffff);
  lookup("device address", 0xd02000, 0xd02000);
  lookup("null", 0, 0);
  // The misses did not disturb the table.
  lookup("hit after misses", 0x401200, 0xd03000);
}

// CHECK:      below first: 0x400fff -> 0x400fff{{$}}
// CHECK-NEXT: far below first: 0x8 -> 0x8{{$}}
// CHECK-NEXT: just above first: 0x401001 -> 0x401001{{$}}
// CHECK-NEXT: between: 0x401180 -> 0x401180{{$}}
// CHECK-NEXT: just below last: 0x4012ff -> 0x4012ff{{$}}
// CHECK-NEXT: above last: 0x401301 -> 0x401301{{$}}
// CHECK-NEXT: far above last: 0x7fffffffffff -> 0x7fffffffffff{{$}}
// CHECK-NEXT: device address: 0xd02000 -> 0xd02000{{$}}
// CHECK-NEXT: null: 0x0 -> 0x0{{$}}
// CHECK-NEXT: hit after misses: 0x401200 -> 0xd03000{{$}}
// CHECK-NEXT: failures: 0
