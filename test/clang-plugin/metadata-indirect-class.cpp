// The metadata and FPTR entries of C++ classes in a `begin declare target
// indirect` block, the same on the host and the device: every member
// function that a pointer can name (virtual or not; no constructor or
// destructor), then, with kind 3, one entry per address point of each vtable
// the unit emits: C's vtable group has two (its primary vtable, shared with
// A, at 16, and the one of its B subobject at 64). K's key function is
// defined in another unit, which emits (and registers) K's vtable, so this
// unit lists only K::inl. The entry of an address point is the vtable plus
// the offset, named "<vtable>+<offset>".
// RUN: %wclangxx %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV
// RUN: %wclangxx %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST

#pragma omp begin declare target indirect
struct A {
  virtual int fa() { return 1; }
  virtual ~A() {}
};
struct B {
  virtual int fb() { return 2; }
  int gb() { return 3; }
  virtual ~B() {}
};
struct C : A, B {
  int fa() override { return 4; }
  int fb() override { return 5; }
};
struct K {
  virtual int key(); // key function, defined in another unit
  virtual int inl() { return 6; }
};
#pragma omp end declare target

// CHECK-DAG: @_ZTV1A = linkonce_odr {{.*}}constant { [5 x ptr] }
// CHECK-DAG: @_ZTV1C = linkonce_odr {{.*}}constant { [6 x ptr], [5 x ptr] }
// HOST-DAG: @[[NAMES:.+]] = private unnamed_addr constant [107 x i8] c"{{.*}}\00_ZTV1C+16\00_ZTV1C+64\00"
// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [10 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [10 x %[[FPTR]]]
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @_ZN1A2faEv{{[ ,]}}
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @_ZN1B2fbEv{{[ ,]}}
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @_ZN1B2gbEv{{[ ,]}}
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @_ZN1C2faEv{{[ ,]}}
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @_ZN1C2fbEv{{[ ,]}}
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @_ZN1K3inlEv{{[ ,]}}
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} getelementptr (i8, ptr @_ZTV1A, i64 16){{.*}}, i32 398642567 }
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} getelementptr (i8, ptr @_ZTV1B, i64 16)
// HOST-SAME: { ptr getelementptr (i8, ptr @_ZTV1C, i64 16), ptr getelementptr inbounds {{(nuw )?}}(i8, ptr @[[NAMES]], i64 87), i64 0, i32 8,
// HOST-SAME: { ptr getelementptr (i8, ptr @_ZTV1C, i64 64), ptr getelementptr inbounds {{(nuw )?}}(i8, ptr @[[NAMES]], i64 97), i64 0, i32 8,
// DEV-SAME: { i32 trunc (i64 sub ({{(i64 sub \()?}}i64 ptrtoint (ptr getelementptr (i8, ptr @_ZTV1C, i64 16) to i64),
// DEV-SAME: { i32 trunc (i64 sub ({{(i64 sub \()?}}i64 ptrtoint (ptr getelementptr (i8, ptr @_ZTV1C, i64 64) to i64),
// CHECK-NOT: _ZTV1K

// CHECK: !omp_indirect.entries = !{
// CHECK-DAG: !{i32 2, !"_ZN1B2gbEv", i32 2}
// CHECK-DAG: !{i32 2, !"_ZN1K3inlEv", i32 5}
// CHECK-DAG: !{i32 3, !"_ZTV1A", i32 6, i64 16}
// CHECK-DAG: !{i32 3, !"_ZTV1B", i32 7, i64 16}
// CHECK-DAG: !{i32 3, !"_ZTV1C", i32 8, i64 16}
// CHECK-DAG: !{i32 3, !"_ZTV1C", i32 9, i64 64}
