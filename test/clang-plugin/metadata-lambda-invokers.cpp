// The static invokers of captureless lambdas whose code is in an indirect
// block are listed like indirect functions, with the same names on the host
// and the device: those in a namespace-scope variable's initializer are
// named after the variable (no `$_N` numbering of the code generator's own),
// those in a function after the function, one entry per signature a generic
// lambda is converted to. A lambda in a plain `declare target` block, and
// one that is never converted, are not listed.
// RUN: %wclangxx %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s
// RUN: %wclangxx %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s

#pragma omp begin declare target
int (*plain)(int) = [](int x) { return x; };
#pragma omp end declare target

#pragma omp begin declare target indirect
int (*inc)(int) = [](int x) { return x + 1; };
int (*twice)(int) = [](auto x) { return 2 * x; };
long (*twice_long)(long) = [](auto x) { return 2 * x; };
inline int (*make())(int) { return [](int x) { return x + 2; }; }
inline int never() { return [](int x) { return x; }(1); }
#pragma omp end declare target

int use() { return make()(1) + never(); }

// CHECK:      !omp_indirect.entries = !{![[A:[0-9]+]], ![[B:[0-9]+]], ![[C:[0-9]+]], ![[D:[0-9]+]], ![[E:[0-9]+]], ![[F:[0-9]+]]}
// CHECK:      ![[A]] = !{i32 2, !"_ZN3incMUliE_8__invokeEi", i32 0}
// CHECK-NEXT: ![[B]] = !{i32 2, !"_ZN5twiceMUlT_E_8__invokeIiEEDaS0_", i32 1}
// CHECK-NEXT: ![[C]] = !{i32 2, !"_ZN10twice_longMUlT_E_8__invokeIlEEDaS0_", i32 2}
// CHECK-NEXT: ![[D]] = !{i32 2, !"_Z4makev", i32 3}
// CHECK-NEXT: ![[E]] = !{i32 2, !"_ZZ4makevENUliE_8__invokeEi", i32 4}
// CHECK-NEXT: ![[F]] = !{i32 2, !"_Z5neverv", i32 5}
