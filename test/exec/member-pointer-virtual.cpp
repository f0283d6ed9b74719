// Pointers to virtual member functions (the Itanium vtable-offset form) on a
// host-constructed, mapped object: the device reads its own copy of the
// vtable through the translated vptr, and calls the device copy of the
// final overrider.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct Base {
  int y = 1;
  virtual int f(int x) { dev_calls += 1; return x + y; }
  virtual int g(int x) { dev_calls += 10; return x - y; }
  virtual ~Base() {}
};
struct Derived : Base {
  int f(int x) override { dev_calls += 100; return x * 2; }
};
#pragma omp end declare target

int main() {
  Derived d;
  int (Base::*pf)(int) = &Base::f; // Derived::f through the vtable
  int (Base::*pg)(int) = &Base::g; // Base::g, inherited
  int a = 0, b = 0;
#pragma omp target map(to : d, pf, pg) map(from : a, b)
  {
    a = (d.*pf)(21);
    b = (d.*pg)(21);
  }
#pragma omp target update from(dev_calls)
  // CHECK: a = 42, b = 20, device calls = 110
  std::printf("a = %d, b = %d, device calls = %d\n", a, b, dev_calls);
  return !(a == 42 && b == 20 && dev_calls == 110);
}
