// OpenMP 5.2's example: classes in a plain `begin declare target` block (no
// `indirect`), an object built on the host and mapped, and a virtual call
// through a base pointer in a target region: the device copy of the final
// overrider runs. The same through a reference (5.2 leaves it unspecified;
// it works the same way) and through a pointer to a virtual member. The
// device-side counter proves the device copies ran.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

#pragma omp begin declare target
int dev_calls = 0;
class A {
public:
  virtual int vf() { dev_calls += 1; return 1; }
  virtual ~A() {}
};
class D : public A {
public:
  int vf() override { dev_calls += 10; return 2; }
};
#pragma omp end declare target

int main() {
  D d;
  int r[3] = {0, 0, 0};
  int (A::*pm)() = &A::vf;
#pragma omp target data map(d)
  {
    A *ap = &d;
    A &ar = d;
#pragma omp target map(from : r) firstprivate(pm)
    {
      r[0] = ap->vf(); // through a pointer
      r[1] = ar.vf();  // through a reference
      r[2] = (ap->*pm)(); // through a pointer to a virtual member
    }
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 2 2 2, device calls = 30
  std::printf("r = %d %d %d, device calls = %d\n", r[0], r[1], r[2], dev_calls);
  return !(r[0] == 2 && r[1] == 2 && r[2] == 2 && dev_calls == 30);
}
