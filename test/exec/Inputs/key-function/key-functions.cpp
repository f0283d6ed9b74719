// The key functions of shapes.h: this unit emits (and registers) the
// vtables of B and D.
#include "shapes.h"

int dev = 0;
int B::f() const { dev += 1; return 1; }
int D::f() const { dev += 10; return 2; }
