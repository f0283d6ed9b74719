// Element 500 of 1000 has len = -5: the runtime stops before any data
// moves, with one line naming the construct and its line, the map clause,
// the mapper and its type, the element and the section; for target, enter
// data, update and exit data. Without debug info the line says how to get the names.
// Stock clang-16: libomptarget's "Failure to allocate device memory" chain.
// RUN: %wclang %host-offload -g -O1 %s -o %t
// RUN: %t target 2>&1 | FileCheck %s --check-prefixes=CHECK,TARGET
// RUN: %t enter 2>&1 | FileCheck %s --check-prefixes=CHECK,ENTER
// RUN: %t update 2>&1 | FileCheck %s --check-prefixes=CHECK,UPDATE
// RUN: %t exit 2>&1 | FileCheck %s --check-prefixes=CHECK,EXIT
// RUN: %wclang %host-offload -O1 %s -o %t0
// RUN: %t0 target 2>&1 | FileCheck %s --check-prefix=NODEBUG
// TARGET: omp-indirect: target at {{.*}}bad-input.h:[[#]], map(tofrom: p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}bad-input.h:[[#]]) has a negative length (-20 bytes); stopping before any data moves
// ENTER: omp-indirect: target enter data at {{.*}}bad-input.h:[[#]], map(to: p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) has a negative length (-20 bytes); stopping before any data moves
// UPDATE: omp-indirect: target update at {{.*}}bad-input.h:[[#]], from(p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) has a negative length (-20 bytes); stopping before any data moves
// EXIT: omp-indirect: target exit data at {{.*}}bad-input.h:[[#]], map(from: p[0:N]) with mapper 'default' for 'S': element 500: section s.d[0:s.len] (mapper at {{.*}}) has a negative length (-20 bytes); stopping before any data moves
// CHECK-NOT: Libomptarget
// CHECK: child: signal Aborted
// CHECK-NEXT: host data: unchanged
// NODEBUG: omp-indirect: target at an unknown line (compile with -g or -gline-tables-only to name the line and the clause), map(tofrom: 16000 bytes at 0x{{[0-9a-f]+}}) with mapper 'default' for 'S': element 500: the section whose pointer is at offset 8 of the element has a negative length (-20 bytes); stopping before any data moves
// NODEBUG: host data: unchanged
#define BREAK(s) ((s)->len = -5)
#include "Inputs/bad-input.h"
