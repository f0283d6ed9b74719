// Multiple inheritance: a host-constructed object mapped to the device,
// called through its second base (whose vptr holds a secondary address point
// of the vtable, and whose slot holds a this-adjusting thunk), and through
// pointers to members that adjust `this`, virtual and non-virtual.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct A {
  int a = 1;
  virtual int fa() { dev_calls += 1; return a; }
  virtual ~A() {}
};
struct B {
  int b = 2;
  virtual int fb() { dev_calls += 10; return b; }
  int gb() { dev_calls += 100; return b * 3; }
  virtual ~B() {}
};
struct C : A, B {
  int c = 5;
  int fa() override { dev_calls += 1000; return a + c; }
  int fb() override { dev_calls += 10000; return b + c; }
};
#pragma omp end declare target

int main() {
  C obj;
  B *pb = &obj; // points 16 bytes into obj
  int (C::*pvirt)() = &B::fb;  // virtual, this adjusted by 16
  int (C::*pplain)() = &B::gb; // non-virtual, this adjusted by 16
  int r1 = 0, r2 = 0, r3 = 0, r4 = 0;
#pragma omp target map(to : obj, pvirt, pplain) map(from : r1, r2, r3, r4)
  {
    A *pa = &obj;
    r1 = pa->fa();        // C::fa, primary vtable
    r2 = pb->fb();        // thunk to C::fb, secondary vtable
    r3 = (obj.*pvirt)();  // C::fb through the secondary vtable
    r4 = (obj.*pplain)(); // B::gb on the B subobject
  }
#pragma omp target update from(dev_calls)
  // CHECK: 6 7 7 6, device calls = 21100
  std::printf("%d %d %d %d, device calls = %d\n", r1, r2, r3, r4, dev_calls);
  return !(r1 == 6 && r2 == 7 && r3 == 7 && r4 == 6 && dev_calls == 21100);
}
