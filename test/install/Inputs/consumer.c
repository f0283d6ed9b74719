// A user's program built against an installed omp-indirect (the CMake and
// the Makefile consumers): device calls through host function pointers, a
// `declare mapper` deep copy, and the installed header. device_calls counts
// calls that ran on the device: only the device copies can change it there.
// Valid C and C++.
#include <omp-indirect.h>
#include <omp.h>
#include <stdio.h>

int device_calls;
#pragma omp declare target to(device_calls)

#pragma omp begin declare target indirect
int twice(int x) { device_calls++; return 2 * x; }
int square(int x) { device_calls++; return x * x; }
#pragma omp end declare target

typedef int (*op_fn)(int);
typedef struct { int n; int *v; } Vec;
#pragma omp declare mapper(Vec s) map(s, s.v[0:s.n])

int main(void) {
  op_fn ops[2] = {twice, square}; // host addresses
  int data[4] = {1, 2, 3, 4};
  Vec vec = {4, data};
  int out[4];
#pragma omp target map(to : ops) map(tofrom : vec) map(from : out)
  for (int i = 0; i < 4; i++) {
    out[i] = ops[i % 2](vec.v[i]);
    vec.v[i] += 10;
  }
#pragma omp target update from(device_calls)
  int dev = omp_get_default_device();
  printf("results %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  printf("data back %d %d %d %d\n", data[0], data[1], data[2], data[3]);
  printf("calls that ran on the device: %d of 4\n", device_calls);
  printf("uploads to device %d: %d\n", dev, omp_indirect_upload_count(dev));
  return device_calls == 4 ? 0 : 1;
}
