// A virtual call in a target region on an object constructed on the host
// and mapped: its vptr holds the host vtable's address, which the device
// translates to its own vtable before it reads the slot.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct Material {
  virtual double density(double t) const { dev_calls += 1; return 1.0 + t; }
  virtual ~Material() {}
};
struct Steel : Material {
  double density(double t) const override { dev_calls += 10; return 7.8 * t; }
};
double weigh(const Material &m, double t) { return m.density(t); }
#pragma omp end declare target

int main() {
  Steel s;
  Material *m = &s;
  double w = 0, v = 0;
#pragma omp target map(to : s) map(from : w, v)
  {
    w = weigh(s, 2.0);  // through a reference, in a function
    v = m->density(1.0); // through the mapped pointer
  }
#pragma omp target update from(dev_calls)
  // CHECK: w = 15.6, v = 7.8, device calls = 20
  std::printf("w = %.1f, v = %.1f, device calls = %d\n", w, v, dev_calls);
  return !(w == 15.6 && v == 7.8 && dev_calls == 20);
}
