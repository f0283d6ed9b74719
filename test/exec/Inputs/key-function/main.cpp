// Builds a B and a D on the host, maps them, and calls f() through `const
// B *` in a target region; the device copies add 1 and 10 to `dev`.
#include "shapes.h"
#include <cstdio>

int main() {
  D d;
  B b;
  int r1 = 0, r2 = 0;
#pragma omp target map(to : d, b) map(from : r1, r2)
  {
    const B *p = &d, *q = &b;
    r1 = p->f();
    r2 = q->f();
  }
#pragma omp target update from(dev)
  std::printf("%d %d dev %d\n", r1, r2, dev);
  return dev != 11;
}
