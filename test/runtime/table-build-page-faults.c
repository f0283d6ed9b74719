// The page faults of the first table build: the registry's snapshot, then
// from the first read of the device tables to the block's copy on the
// device (the runtime counts them, getrusage's ru_minflt of the launching
// thread; device initialisation and the loading of the images come between
// and do not count), for 2048 indirect functions. What the build touches
// per function: the snapshot's pair (32 bytes), over which the pairs, the
// rows and the block are built in turn (the block takes 32 to 64 bytes a
// function, and a copy of the rows past it 16 more, some past the pairs),
// and the block's device copy (32 to 64; none on the host-offload device
// from 64 KiB on, where the device reads the host copy: Upload.c). About 64
// to 146 bytes, 32 to 73 pages at 2048 (42 measured; below the allocator's
// mmap threshold the buffers come partly from pages touched before; pages
// the runtime fills ahead of a write, Prefault.h, count as the faults they
// replace); the bound, 48 + 2048 * 256 / 4096 = 176 pages, leaves room for
// the allocator's own pages and fails if the build goes back to copying
// the table several times over (it took about 300 bytes per function).
// RUN: %wclang %host-offload -O1 -DMANY_FUNCTIONS=2048 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: calls: ok
// CHECK: table build page faults: within 176
#include "Inputs/many-functions.h"

#include <stdio.h>

long omp_indirect_build_faults(long long dev);

int main(void) {
  printf("calls: %s\n", callAll() ? "WRONG" : "ok");
  long faults = omp_indirect_build_faults(0);
  if (faults >= 0 && faults <= 48 + 2048 * 256 / 4096)
    printf("table build page faults: within %d\n", 48 + 2048 * 256 / 4096);
  else
    printf("table build page faults: %ld\n", faults);
  return 0;
}
