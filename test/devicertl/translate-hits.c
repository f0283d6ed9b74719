// __kmpc_target_translate_fptr finds the device address of every host
// address in the table: the first row, the last row and rows in the middle,
// in tables of one, two, five (odd) and six (even) rows, so that the binary
// search (`search`) meets each row at every depth; the same through the hash
// slots (`hash`).
// RUN: %build-translate-test %s -o %t
// RUN: %t hash | FileCheck %s
// RUN: %t search | FileCheck %s

#include "driver.h"

void run_cases(void) {
  __omp_offloading_fptr_map_ty One[1] = {{0x401000, 0xd01000}};
  set_table(One, 1);
  lookup("one row", 0x401000, 0xd01000);

  __omp_offloading_fptr_map_ty Two[2] = {{0x401000, 0xd01000},
                                         {0x401040, 0xd02000}};
  set_table(Two, 2);
  lookup("two rows, first", 0x401000, 0xd01000);
  lookup("two rows, last", 0x401040, 0xd02000);

  // Device addresses out of order: the table is sorted by host address only.
  __omp_offloading_fptr_map_ty Five[5] = {{0x401000, 0xd05000},
                                          {0x401010, 0xd04000},
                                          {0x401020, 0xd03000},
                                          {0x402000, 0xd02000},
                                          {0x7f0000001000, 0xd01000}};
  set_table(Five, 5);
  lookup("five rows, first", 0x401000, 0xd05000);
  lookup("five rows, second", 0x401010, 0xd04000);
  lookup("five rows, middle", 0x401020, 0xd03000);
  lookup("five rows, fourth", 0x402000, 0xd02000);
  lookup("five rows, last", 0x7f0000001000, 0xd01000);

  __omp_offloading_fptr_map_ty Six[6] = {{0x1000, 0xa1}, {0x2000, 0xa2},
                                         {0x3000, 0xa3}, {0x4000, 0xa4},
                                         {0x5000, 0xa5}, {0x6000, 0xa6}};
  set_table(Six, 6);
  lookup("six rows, 1", 0x1000, 0xa1);
  lookup("six rows, 2", 0x2000, 0xa2);
  lookup("six rows, 3", 0x3000, 0xa3);
  lookup("six rows, 4", 0x4000, 0xa4);
  lookup("six rows, 5", 0x5000, 0xa5);
  lookup("six rows, 6", 0x6000, 0xa6);
}

// CHECK:      one row: 0x401000 -> 0xd01000{{$}}
// CHECK-NEXT: two rows, first: 0x401000 -> 0xd01000{{$}}
// CHECK-NEXT: two rows, last: 0x401040 -> 0xd02000{{$}}
// CHECK-NEXT: five rows, first: 0x401000 -> 0xd05000{{$}}
// CHECK-NEXT: five rows, second: 0x401010 -> 0xd04000{{$}}
// CHECK-NEXT: five rows, middle: 0x401020 -> 0xd03000{{$}}
// CHECK-NEXT: five rows, fourth: 0x402000 -> 0xd02000{{$}}
// CHECK-NEXT: five rows, last: 0x7f0000001000 -> 0xd01000{{$}}
// CHECK-NEXT: six rows, 1: 0x1000 -> 0xa1{{$}}
// CHECK-NEXT: six rows, 2: 0x2000 -> 0xa2{{$}}
// CHECK-NEXT: six rows, 3: 0x3000 -> 0xa3{{$}}
// CHECK-NEXT: six rows, 4: 0x4000 -> 0xa4{{$}}
// CHECK-NEXT: six rows, 5: 0x5000 -> 0xa5{{$}}
// CHECK-NEXT: six rows, 6: 0x6000 -> 0xa6{{$}}
// CHECK-NEXT: failures: 0
