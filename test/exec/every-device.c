// Every offload device gets its own table: a target region on each device
// d in 0..omp_get_num_devices()-1 calls through host pointers d + 1 times,
// and device d's own counter must read d + 1.
// RUN: %compile-run-and-check
#include <omp.h>
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x) { dev_calls++; return x + 1; }
int mul2(int x) { dev_calls++; return x * 2; }
#pragma omp declare target to(add1, mul2) indirect

int main(void) {
  int n = omp_get_num_devices(), bad = n < 1;
  int (*fps[2])(int) = {add1, mul2};
  // CHECK: devices: {{[1-9][0-9]*}}
  printf("devices: %d\n", n);
  for (int d = 0; d < n; d++) {
    int sum = 0;
#pragma omp target device(d) map(to : fps) map(tofrom : sum)
    for (int k = 0; k <= d; k++)
      sum += fps[k % 2](10);
#pragma omp target update from(dev_calls) device(d)
    int want = 0;
    for (int k = 0; k <= d; k++)
      want += k % 2 ? 20 : 11;
    bad += sum != want || dev_calls != d + 1;
    printf("device %d: sum = %d, device calls = %d\n", d, sum, dev_calls);
  }
  // CHECK: device 0: sum = 11, device calls = 1
  // CHECK: device 1: sum = 31, device calls = 2
  // CHECK: bad = 0
  printf("bad = %d\n", bad);
  return bad != 0;
}
