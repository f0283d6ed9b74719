// A class hierarchy in a plain `declare target` block in a header, used from
// two translation units, each with objects built on the host and virtual
// calls in its own target region: each unit registers the vtables it
// emits, the runtime drops the repeated pairs, and every call reaches the
// device copy of its override.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s %S/Inputs/two-units-b.cpp -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s %S/Inputs/two-units-b.cpp -o %t && %t | FileCheck %s
#include "Inputs/shapes.h"
#include <cstdio>

#pragma omp begin declare target
int dev_calls = 0;
#pragma omp end declare target

int sides_in_b();

int main() {
  Triangle t;
  Square q;
  int n[2] = {0, 0};
  // The pointers are taken on the device, to the device copies of the
  // host-built objects: an array of host pointers would fault on a GPU.
#pragma omp target map(to : t, q) map(from : n)
  {
    const Shape *p[2] = {&t, &q};
    for (int i = 0; i < 2; i++)
      n[i] = p[i]->sides();
  }
  int b = sides_in_b();
#pragma omp target update from(dev_calls)
  // CHECK: sides = 3 4 4, device calls = 210
  std::printf("sides = %d %d %d, device calls = %d\n", n[0], n[1], b,
              dev_calls);
  return !(n[0] == 3 && n[1] == 4 && b == 4 && dev_calls == 210);
}
