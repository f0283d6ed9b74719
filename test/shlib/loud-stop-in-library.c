// The loud stop names names in a shared library too: a region of the
// library calls, through a host address, the library's own `declare
// target` function that is not indirect, or its static host-only function.
// The function's name comes from the library's symbol table (a static
// function is in no dynamic one), the region from the library's entries,
// and the case from the library's device image. -O0 and -O2. (A static
// `declare target` function that no device code names gets no device copy
// from clang, so it would stop as having none.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O0 -fPIC -shared -DLIB -Wno-openmp-target %s -o %t/libstop.so
// RUN: %wclang %host-offload -O0 %s -L%t -lstop -Wl,-rpath,%t -o %t/a
// RUN: not --crash %t/a 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not --crash %t/a host 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: %wclang %host-offload -O2 -fPIC -shared -DLIB -Wno-openmp-target %s -o %t/libstop.so
// RUN: %wclang %host-offload -O2 %s -L%t -lstop -Wl,-rpath,%t -o %t/a
// RUN: not --crash %t/a 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not --crash %t/a host 2>&1 | FileCheck %s --check-prefix=HOST
#include <stdio.h>

int lib_call(int host);

#ifdef LIB
#pragma omp begin declare target
int lib_plain(int x) { return x + 1; }
#pragma omp end declare target
static int lib_host(int x) { return x + 2; }

int lib_call(int host) {
  int (*f)(int) = host ? lib_host : lib_plain;
  int r = 0;
  // PLAIN: omp-indirect: device 0: the target region in lib_call at line [[#@LINE+4]] called lib_plain (0x{{[0-9a-f]+}} in {{.*}}libstop.so) through a host address: lib_plain is declare target but not indirect, so no table leads to its device copy (declare it indirect); stopping
  // HOST: omp-indirect: device 0: the target region in lib_call at line [[#@LINE+3]] called lib_host (0x{{[0-9a-f]+}} in {{.*}}libstop.so) through a host address: lib_host has no device copy (it is not declare target, or was not emitted for the device); stopping
  // PLAIN-NOT: r =
  // HOST-NOT: r =
#pragma omp target map(to : f) map(from : r)
  r = f(1);
  return r;
}
#else
int main(int argc, char **argv) {
  (void)argv;
  printf("r = %d\n", lib_call(argc > 1));
  return 1; // The call through f should have stopped the program.
}
#endif
