// Element 500 of 1000 has d = NULL and len = 4: a NULL pointer with a
// nonzero length is no array section of any array ("The array section
// must be a subset of the original array", OpenMP 5.0 and 5.1 section
// 2.1.5, 5.2 section 3.2.5; the implicit array of a NULL pointer has no
// element), so the runtime stops before any data moves, for target, enter
// data and update, naming the element and the section. A NULL pointer with length 0 maps
// nothing (null-pointees-print-nothing.c). Before, and with stock
// clang-16: a segfault without a message.
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -g -O1 %s -o %t
// RUN: %t target 2>&1 | FileCheck %s --check-prefixes=CHECK,TARGET
// RUN: %t enter 2>&1 | FileCheck %s --check-prefixes=CHECK,ENTER
// RUN: %t update 2>&1 | FileCheck %s --check-prefixes=CHECK,UPDATE
// TARGET: omp-indirect: target at {{.*}}bad-input.h:[[#]], map(tofrom: p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) has a NULL pointer and a length of 16 bytes (only a zero-length section of a NULL pointer maps nothing); stopping before any data moves
// ENTER: omp-indirect: target enter data at {{.*}}, map(to: p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) has a NULL pointer and a length of 16 bytes
// UPDATE: omp-indirect: target update at {{.*}}, from(p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) has a NULL pointer and a length of 16 bytes
// CHECK-NOT: Libomptarget
// CHECK: child: signal Aborted
// CHECK-NEXT: host data: unchanged
#define BREAK(s) ((s)->d = NULL)
#include "Inputs/bad-input.h"
