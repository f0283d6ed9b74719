// The table is sorted by host address compared as unsigned, so keys at and
// above 2^63 come after every smaller one; __kmpc_target_translate_fptr
// must search it that way, and its range check must compare that way too. A
// signed comparison would take the top rows for the smallest and miss rows
// on either side of 2^63.
// RUN: %build-translate-test %s -o %t
// RUN: %t hash | FileCheck %s
// RUN: %t search | FileCheck %s

#include "driver.h"

void run_cases(void) {
  __omp_offloading_fptr_map_ty Rows[5] = {
      {0x1000, 0xa1},
      {0x7ffffffffffff000, 0xa2},
      {(int64_t)0x8000000000000000ULL, 0xa3},
      {(int64_t)0x8000000000001000ULL, 0xa4},
      {(int64_t)0xfffffffffffff000ULL, 0xa5}};
  set_table(Rows, 5);
  lookup("low", 0x1000, 0xa1);
  lookup("just below 2^63", 0x7ffffffffffff000, 0xa2);
  lookup("2^63", 0x8000000000000000, 0xa3);
  lookup("above 2^63", 0x8000000000001000, 0xa4);
  lookup("top", 0xfffffffffffff000, 0xa5);
  lookup("miss between 2^63 rows", 0x8000000000000800, 0x8000000000000800);
  lookup("miss above top", 0xfffffffffffffff0, 0xfffffffffffffff0);
  lookup("miss below low", 0x10, 0x10);
}

// CHECK:      low: 0x1000 -> 0xa1{{$}}
// CHECK-NEXT: just below 2^63: 0x7ffffffffffff000 -> 0xa2{{$}}
// CHECK-NEXT: 2^63: 0x8000000000000000 -> 0xa3{{$}}
// CHECK-NEXT: above 2^63: 0x8000000000001000 -> 0xa4{{$}}
// CHECK-NEXT: top: 0xfffffffffffff000 -> 0xa5{{$}}
// CHECK-NEXT: miss between 2^63 rows: 0x8000000000000800 -> 0x8000000000000800{{$}}
// CHECK-NEXT: miss above top: 0xfffffffffffffff0 -> 0xfffffffffffffff0{{$}}
// CHECK-NEXT: miss below low: 0x10 -> 0x10{{$}}
// CHECK-NEXT: failures: 0
