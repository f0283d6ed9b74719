// Eight host threads launch their first target regions on device 0 at the
// same moment (a barrier right before): the runtime must upload the table
// exactly once, and every thread's calls must still reach the device copies.
// RUN: %wclang %host-offload %s -o %t && env OMP_INDIRECT_DEBUG=1 %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

#define NT 8

int omp_indirect_upload_count(long long dev);

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x) {
#pragma omp atomic
  dev_calls++;
  return x + 1;
}
int mul2(int x) {
#pragma omp atomic
  dev_calls++;
  return x * 2;
}
#pragma omp declare target to(add1, mul2) indirect

int main(void) {
  int (*fps[2])(int) = {add1, mul2};
  int r[NT] = {0}, threads = 0;
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num(), v = 0;
#pragma omp single
    threads = omp_get_num_threads();
#pragma omp barrier
#pragma omp target device(0) map(to : fps) map(from : v)
    v = fps[t % 2](t);
    r[t] = v;
  }
#pragma omp target update from(dev_calls) device(0)
  int bad = threads != NT;
  for (int t = 0; t < NT; t++)
    bad += r[t] != (t % 2 ? t * 2 : t + 1);
  int uploads = omp_indirect_upload_count(0);
  // CHECK: omp-indirect: device 0: uploaded 2 FPTR entries
  // CHECK-NOT: uploaded
  // CHECK: threads = 8, device calls = 8, uploads = 1, bad = 0
  // CHECK-NOT: uploaded
  printf("threads = %d, device calls = %d, uploads = %d, bad = %d\n", threads,
         dev_calls, uploads, bad);
  return bad || dev_calls != NT || uploads != 1;
}
