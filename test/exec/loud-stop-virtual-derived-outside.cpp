// A class derived outside any `declare target` block from an indirect class
// that adds a virtual function of its own with no device copy: Extra::extra
// is defined in another file, host code only (a function the unit defines
// would get an implicit device copy: plain-classes/implicit-device-copy.cpp).
// So the class is not indirect and its vtable has no device copy. An object
// built on the host and mapped keeps the host vptr, the vptr's lookup
// misses, and the device reads the host vtable; because the lookup missed,
// each slot read from it is looked up too, at -O0 and at -O2 alike: the
// inherited indirect function reaches its device copy, and the added one,
// host code without a device copy, stops the program with the line (naming
// the mangled function; -rdynamic exports it).
// With LLVM 22 the program does not link: clang 22 defines Extra's vtable
// in the device image of every unit that uses the class in a target
// region, and that device vtable needs a device copy of Extra::extra, which
// no unit has (stock clang-22 alike). The stop is then at link time.
// RUN: %if llvm-22 %{ not %} %wclangxx %host-offload -O0 -rdynamic \
// RUN:   -Wno-openmp-mapping -Wno-openmp-target %s \
// RUN:   %S/Inputs/loud-stop-virtual-derived-outside-b.cpp -o %t 2> %t.link
// RUN: %if llvm-22 %{ FileCheck %s --check-prefix=LINK22 --input-file %t.link %}
// RUN: %if !llvm-22 %{ not --crash %t > %t.out 2>&1 %}
// RUN: %if !llvm-22 %{ FileCheck %s --input-file %t.out %}
// RUN: %if llvm-22 %{ not %} %wclangxx %host-offload -O2 -rdynamic \
// RUN:   -Wno-openmp-mapping -Wno-openmp-target %s \
// RUN:   %S/Inputs/loud-stop-virtual-derived-outside-b.cpp -o %t 2> %t.link
// RUN: %if llvm-22 %{ FileCheck %s --check-prefix=LINK22 --input-file %t.link %}
// RUN: %if !llvm-22 %{ not --crash %t > %t.out 2>&1 %}
// RUN: %if !llvm-22 %{ FileCheck %s --input-file %t.out %}
// LINK22: undefined reference to {{.*}}Extra

// The remarks say what the code does: the vptr is translated, and the slot
// is looked up where that lookup missed, never "no lookup needed".
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping -Wno-openmp-target \
// RUN:   -Rpass=omp-indirect -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not="no lookup needed"
// REMARK: remark: vtable pointer routed through __kmpc_target_translate_fptr
// REMARK: remark: virtual call: the slot of a translated vtable is called without a lookup; where the vtable lookup missed (a class without a registered vtable), the slot is looked up
#include "Inputs/loud-stop-virtual-derived-outside.h"
#include <cstdio>

int dev = 0;

int main() {
  Extra e;
  int r[2] = {0, 0};
  // CHECK: omp-indirect: device 0: the target region in main at line [[#@LINE+2]] called Extra::extra() const (0x{{[0-9a-f]+}} in {{.*}}) through a host address: Extra::extra() const has no device copy (it is not declare target, or was not emitted for the device); stopping
  // CHECK-NOT: r =
#pragma omp target map(to : e) map(from : r)
  {
    const Extra *p = &e;
    r[0] = p->area();
    r[1] = p->extra();
  }
#pragma omp target update from(dev)
  std::printf("r = %d %d, device copy calls %d\n", r[0], r[1], dev);
  return 1; // The call of extra() should have stopped the program.
}
