// On the host-offload device, whose memory is the process's own, a table
// block of 64 KiB or more is not copied: the device reads the host copy
// where it is (Upload.c), which saves the copy's allocation and its fresh
// pages (512 at 65,536 functions). 2048 functions give a block of about 66
// KiB (4096 home slots), 512 one of about 17 KiB, which takes the general
// way (omp_target_alloc and one copy). Every call goes through the table
// either way (callAll checks each function's result on the device).
// RUN: %wclang %host-offload -O1 -DMANY_FUNCTIONS=2048 %s -o %t-big
// RUN: env OMP_INDIRECT_DEBUG=1 %t-big 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: %wclang %host-offload -O1 -DMANY_FUNCTIONS=512 %s -o %t-small
// RUN: env OMP_INDIRECT_DEBUG=1 %t-small 2>&1 | FileCheck %s --check-prefix=SMALL
// BIG: uploaded 2048 FPTR entries to 1 image(s) ({{[0-9]+}} page faults; the device reads the host copy)
// BIG: calls: ok
// SMALL: uploaded 512 FPTR entries to 1 image(s) ({{[0-9]+}} page faults)
// SMALL-NOT: the device reads the host copy
// SMALL: calls: ok
#include "Inputs/many-functions.h"

#include <stdio.h>

int main(void) {
  printf("calls: %s\n", callAll() ? "WRONG" : "ok");
  return 0;
}
