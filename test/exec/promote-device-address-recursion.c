// Call promotion and the pointers it must not get wrong: a device address
// stored on the device (by one region, read by the next), recursion through
// a host pointer held in a device global, and two candidates with the same
// body (compared by their own addresses even if the linker folds them). The
// device-side counters prove each call reached the right device copy, at
// -O0 and -O2.
// RUN: %wclang %host-offload -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t2 && %t2 | FileCheck %s
#include <stdio.h>

typedef int (*fn_t)(int);
int fact_calls = 0, twin_calls[2] = {0, 0}, dev_calls = 0;
fn_t stored = 0, rec = 0;
#pragma omp declare target to(fact_calls, twin_calls, dev_calls, stored, rec)

#pragma omp begin declare target indirect
int fact(int n) {
  fact_calls++;
  return n <= 1 ? 1 : n * rec(n - 1);
}
int twin1(int i) {
  twin_calls[i]++;
  return 3 * i + 1;
}
int twin2(int i) {
  twin_calls[i]++;
  return 3 * i + 1;
}
int on_device(int x) {
  dev_calls++;
  return x - 1;
}
#pragma omp end declare target

int main(void) {
  // Recursion: rec holds fact's host address on the device.
  rec = fact;
#pragma omp target update to(rec)
  fn_t f = fact;
  int r = 0;
#pragma omp target map(from : r)
  r = f(6);
  // Twins: the same body, one counter slot each by argument.
  fn_t t[2] = {twin1, twin2};
  int tr[2] = {0, 0};
#pragma omp target map(to : t) map(from : tr)
  for (int i = 0; i < 2; i++)
    tr[i] = t[i](i);
  // A device address, stored on the device and called by another region.
#pragma omp target
  stored = on_device;
  int d = 0;
#pragma omp target map(tofrom : d)
  for (int i = 0; i < 5; i++)
    d += stored(i);
#pragma omp target update from(fact_calls, twin_calls, dev_calls)
  // CHECK: fact 720 calls 6; twins 1 4 calls 1 1; device address 5 calls 5
  printf("fact %d calls %d; twins %d %d calls %d %d; device address %d calls "
         "%d\n", r, fact_calls, tr[0], tr[1], twin_calls[0], twin_calls[1], d,
         dev_calls);
  return !(r == 720 && fact_calls == 6 && tr[0] == 1 && tr[1] == 4 &&
           twin_calls[0] == 1 && twin_calls[1] == 1 && d == 5 &&
           dev_calls == 5);
}
