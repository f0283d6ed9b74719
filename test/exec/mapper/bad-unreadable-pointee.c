// Element 500 of 1000 points at memory the program cannot read or write:
// d = (int *)0x10 before target and enter data, its page unmapped before
// target update from and exit data map(from). The fault in the runtime's
// own copy loop is caught and named (the construct, the clause, the
// mapper, the element, the section, the address) instead of a bare
// SIGSEGV; an update or exit checks every page it will write before
// anything comes back, so the host data is unchanged. Before, and with
// stock clang-16: a segfault without a message.
// RUN: %wclang %host-offload -g -O1 %s -o %t
// RUN: %t target 2>&1 | FileCheck %s --check-prefixes=CHECK,TARGET
// RUN: %t enter 2>&1 | FileCheck %s --check-prefixes=CHECK,ENTER
// RUN: %t update 2>&1 | FileCheck %s --check-prefixes=CHECK,UPDATE
// RUN: %t exit 2>&1 | FileCheck %s --check-prefixes=CHECK,EXIT
// TARGET: omp-indirect: target at {{.*}}bad-input.h:[[#]], map(tofrom: p[0:N]) with mapper 'default' for 'S': element 500: cannot read the section's data: 16 bytes at 0x10 (its pointer at 0x{{[0-9a-f]+}}), address 0x10 is not readable (SIGSEGV); stopping rather than map partial data
// ENTER: omp-indirect: target enter data at {{.*}}, map(to: p[0:N]) with mapper 'default' for 'S': element 500: cannot read the section's data: 16 bytes at 0x10 (its pointer at 0x{{[0-9a-f]+}}), address 0x10 is not readable (SIGSEGV)
// UPDATE: omp-indirect: target update at {{.*}}, from(p[0:N]) with mapper 'default' for 'S': element 500: cannot write the section's data: 16 bytes at 0x{{[0-9a-f]+}} (its pointer at 0x{{[0-9a-f]+}}), address 0x{{[0-9a-f]+}} is not writable (SIGSEGV)
// EXIT: omp-indirect: target exit data at {{.*}}, map(from: p[0:N]) with mapper 'default' for 'S': element 500: cannot write the section's data: 16 bytes at 0x{{[0-9a-f]+}} (its pointer at 0x{{[0-9a-f]+}}), address 0x{{[0-9a-f]+}} is not writable (SIGSEGV)
// CHECK-NOT: Libomptarget
// CHECK: child: signal Aborted
// CHECK-NEXT: host data: unchanged
#define BREAK(s)                                                               \
  (strcmp(Mode, "update") && strcmp(Mode, "exit")                             \
       ? (void)((s)->d = (int *)0x10)                                          \
       : (void)munmap((s)->d, 4096))
#include "Inputs/bad-input.h"
