// __kmpc_target_translate_fptr on a pointer that is not in the table
// returns it unchanged: below the first key, between two keys (next to
// either neighbour), above the last key, and a device address (the value of
// a row, not a key) passes through as it is. NULL gives NULL, even from a
// (malformed) table whose first key is 0.
// RUN: %clang %host-sanitize -I%S/../../devicertl/include -I%S/Inputs \
// RUN:   %S/../../devicertl/src/Translate.c %S/Inputs/driver.c %s -o %t
// RUN: %t | FileCheck %s

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

  __omp_offloading_fptr_map_ty ZeroKey[2] = {{0, 0xd0}, {0x401000, 0xd01000}};
  set_table(ZeroKey, 2);
  lookup("null, row keyed 0", 0, 0);
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
// CHECK-NEXT: null, row keyed 0: 0x0 -> 0x0{{$}}
// CHECK-NEXT: failures: 0
