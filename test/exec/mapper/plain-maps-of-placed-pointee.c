// Every plain construct (no mapper) that names a pointee a mapper made
// present finds the same device copy and moves data as for any present
// section: tofrom/from of a present section move nothing, `always, to`
// moves, alloc and present find it, and `target update` of part of it moves
// only that part. omp_get_mapped_ptr, use_device_ptr, use_device_addr and
// an implicitly mapped pointer give the device address a kernel sees; once
// the struct exits, the pointee is gone.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: maps: host 0 10 20 30 40 50
// CHECK-NEXT: update from part: host 0 10 24 34 44 50
// CHECK-NEXT: update to part: host 4 14 102 103 104 54
// CHECK-NEXT: present: 1 1 addresses: 1 1 1 1
// CHECK-NEXT: implicit: host 5 15 103 104 105 55
// CHECK-NEXT: exit: 0 0
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

enum { LEN = 6 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static int h[LEN];
static void show(const char *what) {
  printf("%s: host", what);
  for (int i = 0; i < LEN; i++)
    printf(" %d", h[i]);
  printf("\n");
}
#define ADD1(MAP)                                                              \
  _Pragma(MAP) for (int i = 0; i < LEN; i++) s.d[i] += 1;

int main(void) {
  int dev = omp_get_default_device();
  S s = {LEN, h};
#pragma omp target enter data map(to : s)
  ADD1("omp target map(tofrom : s.d[0 : LEN])") // Device 1, 2, ...
  for (int i = 0; i < LEN; i++)
    h[i] = 10 * i;
  ADD1("omp target map(always, to : s.d[0 : LEN])") // Device 10 * i + 1.
  ADD1("omp target map(from : s.d[0 : LEN])")
  ADD1("omp target map(alloc : s.d[0 : LEN])")
  ADD1("omp target map(present, tofrom : s.d[0 : LEN])") // 10 * i + 4.
  show("maps");
#pragma omp target update from(s.d[2 : 3])
  show("update from part");
  for (int i = 0; i < LEN; i++)
    h[i] = 100 + i;
#pragma omp target update to(s.d[2 : 3])
#pragma omp target update from(s.d[0 : LEN])
  show("update to part");
  uintptr_t mapped = (uintptr_t)omp_get_mapped_ptr(s.d, dev), seen = 0,
            by_ptr = 0, by_addr = 0;
#pragma omp target map(present, alloc : s.d[0 : LEN]) map(from : seen)
  seen = (uintptr_t)s.d;
  int *q = s.d;
#pragma omp target data use_device_ptr(q)
  by_ptr = (uintptr_t)q;
#pragma omp target data use_device_addr(q[0])
  by_addr = (uintptr_t)&q[0];
  printf("present: %d %d addresses: %d %d %d %d\n",
         omp_target_is_present(s.d, dev),
         omp_target_is_present(s.d + LEN - 1, dev), mapped != 0,
         seen == mapped, by_ptr == mapped, by_addr == mapped);
#pragma omp target // q: a zero-length section, the device copy.
  for (int i = 0; i < LEN; i++)
    q[i] += 1;
#pragma omp target update from(s.d[0 : LEN])
  show("implicit");
#pragma omp target exit data map(release : s)
  printf("exit: %d %d\n", omp_target_is_present(s.d, dev),
         omp_target_is_present(s.d + LEN - 1, dev));
  return 0;
}
