// Two translation units define the same indirect classes (from one header,
// no key function): each emits the linkonce_odr vtables, host and device,
// and registers their address points. The linker keeps one copy of each,
// the runtime drops the repeated pairs, and virtual calls on a host object
// in target regions of both units reach the device copy.
// RUN: %wclangxx %host-offload -O0 %s %S/Inputs/virtual-call-two-units-b.cpp \
// RUN:   -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s %S/Inputs/virtual-call-two-units-b.cpp \
// RUN:   -o %t && %t | FileCheck %s
#include "Inputs/virtual-call-two-units.h"
#include <cstdio>

int dev_calls = 0;
int areaInOtherUnit(const Square &s);

int main() {
  Square sq;
  int here = 0;
#pragma omp target map(to : sq) map(from : here)
  {
    const Shape *p = &sq;
    here = p->area();
  }
  int there = areaInOtherUnit(sq);
#pragma omp target update from(dev_calls)
  // CHECK: here = 9, there = 9, device calls = 20
  std::printf("here = %d, there = %d, device calls = %d\n", here, there,
              dev_calls);
  return !(here == 9 && there == 9 && dev_calls == 20);
}
