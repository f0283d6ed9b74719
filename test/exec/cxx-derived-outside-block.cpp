// Classes derived from an indirect class outside any `declare target` block,
// their objects built on the host and mapped, called through `const Shape *`
// in a target region: Plain adds no virtual function (its vtable holds
// Shape's); Over overrides area(), and Deep, derived from Over, overrides
// id(); Inside overrides area() in a plain `begin declare target` block. An
// override of an indirect function becomes indirect itself, so each call
// reaches the device copy of the final overrider, at -O0 and -O2; the host
// copies would leave the device counter short.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

int dev = 0;
#pragma omp declare target to(dev)

#pragma omp begin declare target indirect
struct Shape {
  virtual int area() const { dev += 1; return 1; }
  virtual int id() const { dev += 10; return 2; }
  virtual ~Shape() {}
};
#pragma omp end declare target

struct Plain : Shape {};
struct Over : Shape {
  int area() const override { dev += 100; return 3; }
};
struct Deep : Over {
  int id() const override { dev += 1000; return 4; }
};
#pragma omp begin declare target
struct Inside : Shape {
  int area() const override { dev += 10000; return 5; }
};
#pragma omp end declare target

int main() {
  Plain p;
  Over o;
  Deep d;
  Inside n;
  int r[8] = {0};
#pragma omp target map(to : p, o, d, n) map(from : r)
  {
    const Shape *s[4] = {&p, &o, &d, &n};
    for (int i = 0; i < 4; i++) {
      r[2 * i] = s[i]->area();
      r[2 * i + 1] = s[i]->id();
    }
  }
#pragma omp target update from(dev)
  // CHECK: 1 2 3 2 3 4 5 2 dev 11231
  for (int i = 0; i < 8; i++)
    std::printf("%d ", r[i]);
  std::printf("dev %d\n", dev);
  return dev != 11231;
}
