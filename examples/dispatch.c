// dispatch.c - a table of operations, called through host function pointers
// inside a target region. With omp-indirect each call reaches the device
// copy of the operation; `device_calls` counts calls made on the device.
// Built without an offload target (no -fopenmp-targets= or --offload-arch=),
// or run with OMP_TARGET_OFFLOAD=DISABLED, the region runs on the host, and
// the program says so and fails rather than count host calls as device ones.
//
// USAGE: build/bin/omp-indirect-clang -fopenmp \
//          -fopenmp-targets=x86_64-pc-linux-gnu examples/dispatch.c -o dispatch
#include <omp.h>
#include <stdio.h>

typedef double (*op_fn)(double, double);

int device_calls = 0;
#pragma omp declare target to(device_calls)

#pragma omp begin declare target indirect
double op_add(double a, double b) { device_calls++; return a + b; }
double op_sub(double a, double b) { device_calls++; return a - b; }
double op_mul(double a, double b) { device_calls++; return a * b; }
double op_max(double a, double b) { device_calls++; return a > b ? a : b; }
#pragma omp end declare target

int main(void) {
  const char *names[] = {"add", "sub", "mul", "max"};
  op_fn ops[] = {op_add, op_sub, op_mul, op_max}; // host addresses
  enum { N = 4 };
  double out[N];
  int on_host = 1;

#pragma omp target map(to : ops) map(from : out, on_host)
  {
    on_host = omp_is_initial_device();
    for (int i = 0; i < N; i++)
      out[i] = ops[i](6.0, 4.0);
  }

#pragma omp target update from(device_calls)
  for (int i = 0; i < N; i++)
    printf("%s(6, 4) = %g\n", names[i], out[i]);
  if (on_host) {
    printf("the target region ran on the host, not on a device: build with "
           "-fopenmp-targets=x86_64-pc-linux-gnu (or --offload-arch=sm_90)\n");
    return 1;
  }
  printf("calls that ran on the device: %d of %d\n", device_calls, N);
  return device_calls == N ? 0 : 1;
}
