// Multiple inheritance in a plain `declare target` block: a call through
// the second base reads the secondary vtable and runs a this-adjusting
// thunk. Every address point of the vtable group is registered, so both
// bases reach the device copies.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

#pragma omp begin declare target
int dev_calls = 0;
struct Left {
  int l = 1;
  virtual int left() const { dev_calls += 1; return l; }
  virtual ~Left() {}
};
struct Right {
  int r = 2;
  virtual int right() const { dev_calls += 10; return r; }
  virtual ~Right() {}
};
struct Both : Left, Right {
  int left() const override { dev_calls += 100; return 30; }
  int right() const override { dev_calls += 1000; return 40 + r; }
};
#pragma omp end declare target

int main() {
  Both b;
  const Left *lp = &b;
  const Right *rp = &b;
  int x = 0, y = 0;
#pragma omp target map(to : b) map(from : x, y)
  {
    x = lp->left();
    y = rp->right(); // the secondary vtable, a thunk adjusts `this`
  }
#pragma omp target update from(dev_calls)
  // CHECK: left = 30, right = 42, device calls = 1100
  std::printf("left = %d, right = %d, device calls = %d\n", x, y, dev_calls);
  return !(x == 30 && y == 42 && dev_calls == 1100);
}
