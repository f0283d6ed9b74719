// One source compiled twice into one program, with different -D: each object
// has its own FPTR table (their names differ), and each static indirect
// function is reached on the device.
// RUN: %wclang %host-offload -DTYPE=int -DNAME=run_int -DCOUNT=int_calls \
// RUN:   -c %S/Inputs/same-source-kernel.c -o %t.int.o
// RUN: %wclang %host-offload -DTYPE=double -DNAME=run_double \
// RUN:   -DCOUNT=double_calls -c %S/Inputs/same-source-kernel.c -o %t.double.o
// RUN: %wclang %host-offload %s %t.int.o %t.double.o -o %t && %t | FileCheck %s
#include <stdio.h>

int run_int(int *calls);
double run_double(int *calls);

int main(void) {
  int ci = 0, cd = 0;
  int ri = run_int(&ci);
  double rd = run_double(&cd);
  // CHECK: int 9 (device calls 1), double 2.25 (device calls 1)
  printf("int %d (device calls %d), double %g (device calls %d)\n", ri, ci, rd,
         cd);
  return !(ri == 9 && rd == 2.25 && ci == 1 && cd == 1);
}
