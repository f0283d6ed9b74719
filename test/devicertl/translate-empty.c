// __kmpc_target_translate_fptr before any table is uploaded (a NULL block
// pointer) and with a block of zero rows: every pointer comes back
// unchanged, and NULL gives NULL. The empty block has no hash slots and an
// empty host range (host_min above host_max), so the range check turns
// every pointer away.
// RUN: %build-translate-test %s -o %t
// RUN: %t hash | FileCheck %s
// RUN: %t search | FileCheck %s

#include "driver.h"

#include <stdio.h>

void run_cases(void) {
  // The table global starts out empty.
  lookup("initial", 0x401000, 0x401000);
  lookup("initial, null", 0, 0);

  set_block(0);
  lookup("null block", 0x401000, 0x401000);

  const __omp_offloading_fptr_table_ty *T = set_table(0, 0);
  printf("empty block: %s, %llu rows, %llu slots, range %s\n",
         T ? "built" : "refused", (unsigned long long)T->num_rows,
         (unsigned long long)T->num_slots,
         T->host_min > T->host_max ? "empty" : "NOT EMPTY");
  lookup("empty block", 0x401000, 0x401000);
  lookup("empty block, top", 0xffffffffffffffff, 0xffffffffffffffff);
  lookup("empty block, null", 0, 0);
}

// CHECK:      initial: 0x401000 -> 0x401000{{$}}
// CHECK-NEXT: initial, null: 0x0 -> 0x0{{$}}
// CHECK-NEXT: null block: 0x401000 -> 0x401000{{$}}
// CHECK-NEXT: empty block: built, 0 rows, 0 slots, range empty
// CHECK-NEXT: empty block: 0x401000 -> 0x401000{{$}}
// CHECK-NEXT: empty block, top: 0xffffffffffffffff -> 0xffffffffffffffff{{$}}
// CHECK-NEXT: empty block, null: 0x0 -> 0x0{{$}}
// CHECK-NEXT: failures: 0
