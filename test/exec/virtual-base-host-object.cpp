// Virtual inheritance on a host-constructed, mapped object. The device reads
// virtual-base offsets and vcall offsets from the vtable (to reach V's
// members, and in the virtual thunk that adjusts `this` for L::fv), so it
// needs its own vtable for those reads too. M declares no virtual function
// of its own: its vtable holds indirect functions, so it is registered.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct V {
  int v = 7;
  virtual int fv() { dev_calls += 1; return v; }
  virtual ~V() {}
};
struct L : virtual V {
  int l = 1;
  int fv() override { dev_calls += 10; return v + l; }
};
struct R : virtual V {
  int r = 2;
  virtual int fr() { dev_calls += 100; return v + r; }
};
struct M : L, R {
  int m = 3;
};
int readV(R &x) { return x.v; }   // through R's virtual-base offset
int callFv(R &x) { return x.fv(); } // virtual thunk to L::fv
#pragma omp end declare target

int main() {
  M obj;
  int a = 0, b = 0, c = 0;
#pragma omp target map(to : obj) map(from : a, b, c)
  {
    a = readV(obj);
    b = callFv(obj);
    R &rr = obj;
    c = rr.fr();
  }
#pragma omp target update from(dev_calls)
  // CHECK: a = 7, b = 8, c = 9, device calls = 110
  std::printf("a = %d, b = %d, c = %d, device calls = %d\n", a, b, c,
              dev_calls);
  return !(a == 7 && b == 8 && c == 9 && dev_calls == 110);
}
