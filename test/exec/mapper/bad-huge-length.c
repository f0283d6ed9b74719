// Element 500 of 1000 has len = 2^40 (4 TiB of ints): a section larger
// than the device can hold (the host's memory) stops before any data
// moves, for target, enter data and update, with the construct, the
// clause, the mapper, the element and the section's size. Stock clang-16:
// an allocation failure; before, omp-indirect printed libomptarget's
// "explicit extension not allowed".
// RUN: %wclang %host-offload -gline-tables-only -O1 %s -o %t
// RUN: %t target 2>&1 | FileCheck %s --check-prefixes=CHECK,TARGET
// RUN: %t enter 2>&1 | FileCheck %s --check-prefixes=CHECK,ENTER
// RUN: %t update 2>&1 | FileCheck %s --check-prefixes=CHECK,UPDATE
// TARGET: omp-indirect: target at {{.*}}bad-input.h:[[#]], map(tofrom: p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) is 4398046511104 bytes, more than the device can hold ([[#]] bytes); stopping before any data moves
// ENTER: omp-indirect: target enter data at {{.*}}, map(to: p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) is 4398046511104 bytes, more than the device can hold ([[#]] bytes); stopping before any data moves
// UPDATE: omp-indirect: target update at {{.*}}, from(p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) is 4398046511104 bytes, more than the device can hold ([[#]] bytes); stopping before any data moves
// CHECK-NOT: Libomptarget
// CHECK: child: signal Aborted
// CHECK-NEXT: host data: unchanged
#define BREAK(s) ((s)->len = 1L << 40)
#include "Inputs/bad-input.h"
