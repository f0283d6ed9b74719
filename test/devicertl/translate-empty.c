// __kmpc_target_translate_fptr before any table is uploaded: with a NULL
// table pointer and size 0, with a non-NULL pointer and size 0, and with a
// NULL pointer but a non-zero size (the size must not lead it to read
// through NULL), every pointer comes back unchanged, and NULL gives NULL.
// RUN: %clang %host-sanitize -I%S/../../devicertl/include -I%S/Inputs \
// RUN:   %S/../../devicertl/src/Translate.c %S/Inputs/driver.c %s -o %t
// RUN: %t | FileCheck %s

#include "driver.h"

void run_cases(void) {
  // The table globals start out empty.
  lookup("initial", 0x401000, 0x401000);

  set_table(0, 0);
  lookup("null table", 0x401000, 0x401000);
  lookup("null table, null", 0, 0);

  __omp_offloading_fptr_map_ty Rows[1] = {{0x401000, 0xd000}};
  set_table(Rows, 0);
  lookup("size 0", 0x401000, 0x401000);
  lookup("size 0, null", 0, 0);

  set_table(0, 4);
  lookup("null table of size 4", 0x401000, 0x401000);
}

// CHECK:      initial: 0x401000 -> 0x401000{{$}}
// CHECK-NEXT: null table: 0x401000 -> 0x401000{{$}}
// CHECK-NEXT: null table, null: 0x0 -> 0x0{{$}}
// CHECK-NEXT: size 0: 0x401000 -> 0x401000{{$}}
// CHECK-NEXT: size 0, null: 0x0 -> 0x0{{$}}
// CHECK-NEXT: null table of size 4: 0x401000 -> 0x401000{{$}}
// CHECK-NEXT: failures: 0
