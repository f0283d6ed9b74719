// Call promotion on the C++ shapes: virtual calls on host-built objects of
// three indirect classes in a mapped array (OpenMP 5.1 `indirect`), a
// pointer to a non-virtual member function, and a captureless lambda of
// the block converted to a function pointer. At -O2 each call is promoted (the
// remarks name the candidates); device-side counters prove that every call
// reached the device copy of the right function, at -O0 and -O2.
// RUN: %wclangxx %host-offload -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Rpass=omp-indirect %s -o %t2 \
// RUN:   2>%t2.remarks && %t2 | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file %t2.remarks
#include <cstdio>

int calls[8] = {0};
#pragma omp declare target to(calls)

#pragma omp begin declare target indirect
struct Shape {
  virtual double area(double s) const { calls[0]++; return s; }
  int scaled(int x) { calls[3]++; return 10 * x; }
  int shifted(int x) { calls[4]++; return x + 10; }
};
struct Square : Shape {
  double area(double s) const override { calls[1]++; return s * s; }
};
struct Circle : Shape {
  double area(double s) const override { calls[2]++; return 3.0 * s * s; }
};
int (*lam)(int) = [](int x) { calls[5]++; return 3 * x; };
#pragma omp end declare target

int main() {
  Shape sh;
  Square sq;
  Circle ci;
  Shape *objs[3] = {&sh, &sq, &ci};
  double a = 0;
#pragma omp target map(to : sh, sq, ci, objs) map(tofrom : a)
  for (int i = 0; i < 30; i++)
    a += objs[i % 3]->area(2.0);
// REMARK-DAG: promote-cxx-shapes.cpp:[[@LINE-1]]:23: remark: indirect call promoted to direct calls of Shape::area(double) const, Square::area(double) const and Circle::area(double) const; any other target goes through the table
  int (Shape::*pm)(int) = &Shape::shifted;
  int m = 0;
#pragma omp target map(to : sh) map(tofrom : m) firstprivate(pm)
  for (int i = 0; i < 4; i++)
    m += (sh.*pm)(i);
// REMARK-DAG: promote-cxx-shapes.cpp:[[@LINE-1]]:10: remark: indirect call promoted to direct calls of Shape::scaled(int) and Shape::shifted(int); any other target goes through the table
  int (*lp)(int) = lam;
  int l = 0;
#pragma omp target firstprivate(lp) map(tofrom : l)
  for (int i = 0; i < 4; i++)
    l += lp(i);
// REMARK-DAG: promote-cxx-shapes.cpp:[[@LINE-1]]:10: remark: indirect call promoted to direct calls of lam::{{.*}}__invoke(int); any other target goes through the table
#pragma omp target update from(calls)
  // CHECK: areas 180 members 46 lambda 18
  std::printf("areas %.0f members %d lambda %d\n", a, m, l);
  // CHECK: device calls: 10 10 10 0 4 4
  std::printf("device calls: %d %d %d %d %d %d\n", calls[0], calls[1],
              calls[2], calls[3], calls[4], calls[5]);
  return !(a == 180 && m == 46 && l == 18 && calls[0] == 10 &&
           calls[1] == 10 && calls[2] == 10 && calls[3] == 0 &&
           calls[4] == 4 && calls[5] == 4);
}
