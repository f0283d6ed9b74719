// Objects constructed on the device hold the device vtable's address; the
// translation of their vptr misses and passes it through, so virtual calls
// and pointers to virtual members still reach the device copies.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct Kernel {
  virtual int apply(int x) { dev_calls += 1; return x + 1; }
  virtual ~Kernel() {}
};
struct Square : Kernel {
  int apply(int x) override { dev_calls += 10; return x * x; }
};
int run(Kernel &k, int x) { return k.apply(x); }
#pragma omp end declare target

int main() {
  int (Kernel::*pm)(int) = &Kernel::apply;
  int a = 0, b = 0, c = 0;
#pragma omp target map(to : pm) map(from : a, b, c)
  {
    Square s;
    Kernel k;
    a = run(s, 7);
    b = run(k, 7);
    c = (s.*pm)(3);
  }
#pragma omp target update from(dev_calls)
  // CHECK: a = 49, b = 8, c = 9, device calls = 21
  std::printf("a = %d, b = %d, c = %d, device calls = %d\n", a, b, c,
              dev_calls);
  return !(a == 49 && b == 8 && c == 9 && dev_calls == 21);
}
