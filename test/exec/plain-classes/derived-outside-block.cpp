// A class in a plain `declare target` block, derived outside any block: the
// override outside gets a device copy (it overrides a function with one),
// so the derived class registers its vtable too and a host-built object of
// it reaches the device copy of its override. Also a class outside that
// overrides nothing.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

#pragma omp begin declare target
int dev_calls = 0;
struct Base {
  virtual int f() const { dev_calls += 1; return 1; }
  virtual ~Base() {}
};
#pragma omp end declare target

struct Over : Base {
  int f() const override { dev_calls += 10; return 2; }
};
struct Plain : Base {
  int x = 0;
};

int main() {
  Over o;
  Plain p;
  int r[2] = {0, 0};
  // The pointers are taken on the device, to the device copies of the
  // host-built objects (which keep the host's vptrs): an array of host
  // pointers would be copied as it is and fault on a GPU.
#pragma omp target map(to : o, p) map(from : r)
  {
    const Base *b[2] = {&o, &p};
    for (int i = 0; i < 2; i++)
      r[i] = b[i]->f();
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 2 1, device calls = 11
  std::printf("r = %d %d, device calls = %d\n", r[0], r[1], dev_calls);
  return !(r[0] == 2 && r[1] == 1 && dev_calls == 11);
}
