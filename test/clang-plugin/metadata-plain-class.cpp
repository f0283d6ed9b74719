// Classes without `indirect` whose virtual functions have device copies are
// registered as indirect classes are (OpenMP 5.2): their virtual functions
// (kind 2) and the address points of their vtables (kind 3), the same on
// the host and the device. A: in a plain `begin declare target` block. B:
// in no block, but a target region calls it virtually and the unit defines
// its functions (implicit device copies), and C, derived from it. N: in no
// block and never called on the device: not registered.
// RUN: %wclangxx %host-offload --offload-device-only -S -emit-llvm \
// RUN:   -Wno-openmp-mapping %s -o - | FileCheck %s
// RUN: %wclangxx %host-offload --offload-host-only -S -emit-llvm \
// RUN:   -Wno-openmp-mapping %s -o - | FileCheck %s
// CHECK: !omp_indirect.pointer_calls = !{}
// CHECK-DAG: !{i32 2, !"_ZN1A1fEv", i32 [[#]]}
// CHECK-DAG: !{i32 2, !"_ZN1B1gEv", i32 [[#]]}
// CHECK-DAG: !{i32 2, !"_ZN1C1gEv", i32 [[#]]}
// CHECK-DAG: !{i32 3, !"_ZTV1A", i32 [[#]], i64 16}
// CHECK-DAG: !{i32 3, !"_ZTV1B", i32 [[#]], i64 16}
// CHECK-DAG: !{i32 3, !"_ZTV1C", i32 [[#]], i64 16}
// CHECK-NOT: _ZN1N1hEv
// CHECK-NOT: _ZTV1N

#pragma omp begin declare target
struct A {
  virtual int f() { return 1; }
  virtual ~A() {}
};
#pragma omp end declare target

struct B {
  virtual int g() { return 2; }
  virtual ~B() {}
};
struct C : B {
  int g() override { return 3; }
};
struct N {
  virtual int h() { return 4; }
  virtual ~N() {}
};

int main() {
  A a;
  C c;
  N n;
  A *ap = &a;
  B *bp = &c;
  int r = n.h();
#pragma omp target map(to : a, c) map(tofrom : r)
  r += ap->f() + bp->g();
  return r != 8;
}
