// Virtual inheritance in a plain `declare target` block: the device reads
// the virtual base's offset and the virtual thunks' vcall offsets from its
// own vtable (the translated vptr), so calls through the virtual base and
// through each side reach the device copies.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

#pragma omp begin declare target
int dev_calls = 0;
struct Top {
  int t = 5;
  virtual int id() const { dev_calls += 1; return t; }
  virtual ~Top() {}
};
struct L : virtual Top {
  int l = 7;
  int id() const override { dev_calls += 10; return t + l; }
};
struct R : virtual Top {
  int r = 9;
};
struct M : L, R {
  int id() const override { dev_calls += 100; return t + l + r; }
};
#pragma omp end declare target

int main() {
  M m;
  const Top *tp = &m;
  const R *rp = &m;
  int a = 0, b = 0, c = 0;
#pragma omp target map(to : m) map(from : a, b, c)
  {
    a = tp->id(); // through the virtual base
    b = rp->id(); // through R: a virtual thunk
    c = rp->t;    // the virtual base's offset, read from the vtable
  }
#pragma omp target update from(dev_calls)
  // CHECK: ids = 21 21, t = 5, device calls = 200
  std::printf("ids = %d %d, t = %d, device calls = %d\n", a, b, c, dev_calls);
  return !(a == 21 && b == 21 && c == 5 && dev_calls == 200);
}
