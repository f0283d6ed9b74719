// A pointee that is a `declare target` global, or memory the program
// associated with omp_target_associate_ptr, is libomptarget's already (the
// runtime never saw it mapped by a construct): the deep copy must find it
// present and leave it to libomptarget, never make a second device copy.
// The kernel then writes the device global (and the associated device
// memory) through the struct's pointer; the host copies stay as they were,
// since libomptarget holds both with an infinite count (stock clang-16
// prints the same).
// RUN: %wclang %host-offload -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t2 && %t2 | FileCheck %s
// RUN: env OMP_INDIRECT_DEBUG=1 %t2 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT-COUNT-2: goes per item: libomptarget holds it (the program mapped it)
// SPLIT-NEXT: 1 entries expanded to 3, 0 pointees in bulk, 2 per item
// CHECK: global: device 100..107, host 0..7
// CHECK: associated: device 200..207, host 0..7
#include <omp.h>
#include <stdio.h>

int gtab[8];
#pragma omp declare target(gtab)

typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  int buf[8];
  for (int i = 0; i < 8; i++)
    gtab[i] = buf[i] = i;
#pragma omp target update to(gtab)
  int *mem = omp_target_alloc(sizeof buf, dev);
  omp_target_memcpy(mem, buf, sizeof buf, 0, 0, dev, host);
  omp_target_associate_ptr(buf, mem, sizeof buf, 0, dev);
  S s[2] = {{8, gtab}, {8, buf}};
#pragma omp target map(tofrom : s[0 : 2])
  for (int i = 0; i < 8; i++) {
    s[0].d[i] += 100;
    s[1].d[i] += 200;
  }
  int out[8], back[8];
#pragma omp target map(from : out)
  for (int i = 0; i < 8; i++)
    out[i] = gtab[i];
  omp_target_memcpy(back, mem, sizeof back, 0, 0, host, dev);
  printf("global: device %d..%d, host %d..%d\n", out[0], out[7], gtab[0],
         gtab[7]);
  printf("associated: device %d..%d, host %d..%d\n", back[0], back[7],
         buf[0], buf[7]);
  omp_target_disassociate_ptr(buf, dev);
  omp_target_free(mem, dev);
  return 0;
}
