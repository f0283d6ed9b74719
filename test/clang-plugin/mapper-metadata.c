// Every `declare mapper` is recorded in !omp_indirect.mappers, in source
// order, on the host and on the device: identifier, mapped type, and each map
// clause item as written with its map type.
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - | FileCheck %s
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - | FileCheck %s

typedef struct V { int n; double *x; } V;
typedef struct W { V v; int k; V *vs; } W;
#pragma omp declare mapper(V v) map(tofrom : v, v.x[0:v.n])
#pragma omp declare mapper(id : W w) map(to : w.v) map(alloc : w.vs[0:w.k])

void use(W *w, int n) {
#pragma omp target map(mapper(id), tofrom : w[0:n])
  ;
}

// CHECK: !omp_indirect.mappers = !{![[V:[0-9]+]], ![[W:[0-9]+]]}
// CHECK: ![[V]] = !{!"default", !"struct V", ![[V1:[0-9]+]], ![[V2:[0-9]+]]}
// CHECK: ![[V1]] = !{!"v", !"tofrom"}
// CHECK: ![[V2]] = !{!"v.x[0:v.n]", !"tofrom"}
// CHECK: ![[W]] = !{!"id", !"struct W", ![[W1:[0-9]+]], ![[W2:[0-9]+]]}
// CHECK: ![[W1]] = !{!"w.v", !"to"}
// CHECK: ![[W2]] = !{!"w.vs[0:w.k]", !"alloc"}
