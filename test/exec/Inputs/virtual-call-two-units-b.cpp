// Second unit of virtual-call-two-units.cpp: a virtual call on a mapped
// host object in its own target region.
#include "virtual-call-two-units.h"

int areaInOtherUnit(const Square &s) {
  int out[1] = {0};
  const Square *q = &s;
#pragma omp target map(to : q[0:1]) map(from : out)
  {
    const Shape *p = q;
    out[0] = p->area();
  }
  return out[0];
}
