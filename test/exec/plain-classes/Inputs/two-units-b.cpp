// The second unit of two-units.cpp: its own target region over a Square it
// builds on the host.
#include "shapes.h"

int sides_in_b() {
  Square q;
  const Shape *p = &q;
  int n = 0;
#pragma omp target map(to : q) map(from : n)
  n = p->sides();
  return n;
}
