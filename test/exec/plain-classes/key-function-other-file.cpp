// Key functions defined in another file than the one that builds the
// objects and calls them: the defining unit emits and registers the
// vtables; the calling unit only reads the vptr, which the device
// translates.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s %S/Inputs/key-function-b.cpp -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s %S/Inputs/key-function-b.cpp -o %t && %t | FileCheck %s
#include "Inputs/key-function.h"
#include <cstdio>

#pragma omp begin declare target
int dev_calls = 0;
#pragma omp end declare target

int main() {
  Probe p;
  const Sensor *s = &p;
  double v = 0;
#pragma omp target map(to : p) map(from : v)
  v = s->read();
#pragma omp target update from(dev_calls)
  // CHECK: read = 2.5, device calls = 10
  std::printf("read = %.1f, device calls = %d\n", v, dev_calls);
  return !(v == 2.5 && dev_calls == 10);
}
