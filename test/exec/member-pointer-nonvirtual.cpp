// Pointers to non-virtual member functions of a class in a
// `begin declare target indirect` block: the pointer holds the host address
// of the member, and the call in the target region reaches its device copy.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct C {
  int y;
  int add(int x) { dev_calls++; return x + y; }
  int mul(int x) { dev_calls += 100; return x * y; }
};
#pragma omp end declare target

int main() {
  C c{27};
  int (C::*pmf)(int) = &C::add;
  int (C::*table[2])(int) = {&C::add, &C::mul};
  int x = 0, r[2] = {0, 0};
#pragma omp target map(to : c, pmf, table) map(from : x, r)
  {
    x = (c.*pmf)(42);
    for (int i = 0; i < 2; i++)
      r[i] = (c.*table[i])(2);
  }
#pragma omp target update from(dev_calls)
  // CHECK: x = 69, r = 29 54, device calls = 102
  std::printf("x = %d, r = %d %d, device calls = %d\n", x, r[0], r[1],
              dev_calls);
  return !(x == 69 && r[0] == 29 && r[1] == 54 && dev_calls == 102);
}
