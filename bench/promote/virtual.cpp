// bench/promote/virtual.cpp: virtual calls on mapped host-built objects of
// three `indirect` classes, next to the same calls made non-virtually, on
// the host-offload device (bench/promote/run builds it with and without
// promotion). The objects share one size, so one mapped array holds them:
//  - virtual-mixed: s += o[i].area(x[i]), the classes at random, against a
//    switch on a per-object kind calling each class's area() by its
//    qualified name (a direct call, which the compiler inlines);
//  - virtual-same: the same loop over objects all of class Square, against
//    the loop calling Square::area directly.
// Prints "case" lines as kernels.c does (timing.h).
//
// USAGE: bench/promote/run [build-dir]
#include <new>

#pragma omp begin declare target indirect
struct Shape {
  double k = 1.0;
  virtual double area(double s) const { return k * s; }
};
struct Square : Shape {
  double area(double s) const override { return k * s * s; }
};
struct Circle : Shape {
  double area(double s) const override { return 3.0 * k * s * s; }
};
#pragma omp end declare target

enum { N = 1 << 16 };
#include "timing.h"

struct alignas(Shape) Slot {
  unsigned char bytes[sizeof(Shape)];
};
static Slot mixed[N], same[N];
static int kind[N];
static double x[N];
static volatile double sink;

static const Shape *at(const Slot *a, int i) {
  return reinterpret_cast<const Shape *>(&a[i]);
}

static double virtual_calls(const Slot *objs) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += at(objs, i)->area(x[i]);
  return s;
}

static double qualified_switch() {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s)
  for (int i = 0; i < N; i++) {
    const Shape *o = at(mixed, i);
    double v;
    switch (kind[i]) {
    case 0: v = o->Shape::area(x[i]); break;
    case 1: v = static_cast<const Square *>(o)->Square::area(x[i]); break;
    default: v = static_cast<const Circle *>(o)->Circle::area(x[i]); break;
    }
    s += v;
  }
  return s;
}

static double qualified_same() {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += static_cast<const Square *>(at(same, i))->Square::area(x[i]);
  return s;
}

static void run_mixed(int) { sink = virtual_calls(mixed); }
static void ref_mixed(int) { sink = qualified_switch(); }
static void run_same(int) { sink = virtual_calls(same); }
static void ref_same(int) { sink = qualified_same(); }

int main(int argc, char **argv) {
  int rounds = rounds_arg(argc, argv);
  srand(1);
  for (int i = 0; i < N; i++) {
    x[i] = i % 1000;
    kind[i] = rand() % 3;
    if (kind[i] == 0)
      new (&mixed[i]) Shape;
    else if (kind[i] == 1)
      new (&mixed[i]) Square;
    else
      new (&mixed[i]) Circle;
    new (&same[i]) Square;
  }
#pragma omp target data map(to : x, kind, mixed, same)
  {
    report("virtual-mixed", run_mixed, 0, ref_mixed, rounds);
    report("virtual-same", run_same, 0, ref_same, rounds);
  }
  return 0;
}
