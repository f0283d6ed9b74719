// Classes in no `declare target` block at all: a target region calls their
// virtual functions on host-built objects, so clang gives the functions an
// implicit device copy, and the plugin registers the vtables of the class
// called and of the classes derived from it (every virtual function they
// declare is defined in this unit). Through a function the region calls,
// too.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

struct Animal {
  virtual int legs() const { dev_calls += 1; return 0; }
  virtual ~Animal() {}
};
struct Bird : Animal {
  int legs() const override { dev_calls += 10; return 2; }
};
struct Cat : Animal {
  int legs() const override { dev_calls += 100; return 4; }
  virtual int lives() const { dev_calls += 1000; return 9; }
};

static int count(const Animal *a) { return a->legs(); }

int main() {
  Bird b;
  Cat c;
  int n[3] = {0, 0, 0};
  // The pointers are taken on the device, to the device copies of the
  // host-built objects: an array of host pointers would fault on a GPU.
#pragma omp target map(to : b, c) map(from : n)
  {
    const Animal *p[2] = {&b, &c};
    n[0] = count(p[0]);
    n[1] = p[1]->legs();
    n[2] = c.lives(); // not dispatched: a direct call
  }
#pragma omp target update from(dev_calls)
  // CHECK: legs = 2 4, lives = 9, device calls = 1110
  std::printf("legs = %d %d, lives = %d, device calls = %d\n", n[0], n[1],
              n[2], dev_calls);
  return !(n[0] == 2 && n[1] == 4 && n[2] == 9 && dev_calls == 1110);
}
