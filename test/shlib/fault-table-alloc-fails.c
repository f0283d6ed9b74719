// When the device allocation for the table fails (simulated by the runtime's
// test hook OMP_INDIRECT_TEST_FAIL=alloc), the launch fails with one line
// naming the device and the cause, and no kernel runs: the kernel would bump
// the host-visible flag through a mapped pointer, and stdout shows nothing
// after "before".
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: env OMP_INDIRECT_TEST_FAIL=alloc not --crash %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=ran < %t.out
// RUN: %t | FileCheck %s --check-prefix=OK
#include <stdio.h>

#pragma omp begin declare target indirect
int inc(int x) { return x + 1; }
#pragma omp end declare target

int main(void) {
  int (*f)(int) = inc, r = 0;
  printf("before\n");
  fflush(stdout);
#pragma omp target map(from : r)
  r = f(1);
  printf("ran: %d\n", r);
  return r != 2;
}
// ERR: omp-indirect: device 0: cannot allocate 208 bytes of device memory for the FPTR table (1 entries)
// ERR-NEXT: omp-indirect: cannot prepare device 0 for indirect calls; stopping rather than calling host addresses
// OUT: before
// OK: ran: 2
