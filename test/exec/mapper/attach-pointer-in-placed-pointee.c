// A pointer that lies inside a pointee the deep copy placed, attached by a
// later construct without a mapper (`map(to: o.in->q[0:N])`): libomptarget
// maps q and sets the device pointer inside the runtime's device copy of
// *o.in (clang 22: an ATTACH entry, whose pointer the runtime lends; 16 and
// 19: a PTR_AND_OBJ entry). The kernel writes the device q only; the host
// sees the write once q is copied back.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: after kernel: host 0, device -1
// CHECK-NEXT: after exit: host -1
#include <omp.h>
#include <stdio.h>

enum { N = 8 };
typedef struct {
  int n;
  int *q;
} In;
typedef struct {
  In *in;
} Out;
#pragma omp declare mapper(Out o) map(o, o.in[0 : 1])

int main(void) {
  int buf[N] = {0};
  In in = {N, buf};
  Out o = {&in};
  int dev = omp_get_default_device();
#pragma omp target enter data map(to : o)
#pragma omp target enter data map(to : o.in->q[0 : N])
  int seen = 0;
#pragma omp target map(present, alloc : o) map(from : seen)
  {
    o.in->q[0] = -1;
    seen = o.in->q[0];
  }
  printf("after kernel: host %d, device %d\n", buf[0], seen);
#pragma omp target exit data map(from : o.in->q[0 : N])
  printf("after exit: host %d\n", buf[0]);
#pragma omp target exit data map(release : o)
  return !(buf[0] == -1 && !omp_target_is_present(&in, dev));
}
