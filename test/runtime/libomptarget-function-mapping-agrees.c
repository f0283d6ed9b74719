// libomptarget 19 and 22 map each `indirect` function's host address to its
// device copy, from clang's own entries (which the pass renames per
// unit, ClangIndirectEntries.cpp). That mapping must still be found after
// the renaming, and must agree with our table: omp_get_mapped_ptr(f) is the
// device address that a `declare target` global initialized with &f holds
// in the device image, and a call through the host address reaches it.
// libomptarget 16 has no such mapping (NULL). A pointer captured into a
// kernel then arrives translated on every release: the runtime's map-time
// translation associates it on 16 and leaves libomptarget 19's and 22's own
// mapping alone (associating it again is an error there: stderr stays clean).
// RUN: %wclang %host-offload %s -o %t
// RUN: %t 2>&1 | FileCheck %s --check-prefixes=CHECK,%llvm-prefix \
// RUN:   --implicit-check-not=omptarget --implicit-check-not=omp-indirect
// LLVM16: twice: no mapping
// LLVM16: thrice: no mapping
// LLVM19: twice: mapped to its device copy
// LLVM19: thrice: mapped to its device copy
// LLVM22: twice: mapped to its device copy
// LLVM22: thrice: mapped to its device copy
// CHECK: r = 105, device calls = 2
// CHECK: captured: r = 42, device calls = 3, arrived translated: yes
#include <omp.h>
#include <stdio.h>

int calls = 0;
#pragma omp declare target to(calls)

int twice(int x) { calls++; return 2 * x; }
static int thrice(int x) { calls++; return 3 * x; }
#pragma omp declare target to(twice, thrice) indirect

typedef int (*fn)(int);
fn dev_addr[2] = {twice, thrice};
#pragma omp declare target to(dev_addr)

static void report(const char *name, fn host, int i, int dev) {
  fn want = 0;
  omp_target_memcpy(&want, omp_get_mapped_ptr(&dev_addr[i], dev), sizeof want,
                    0, 0, omp_get_initial_device(), dev);
  void *mapped = omp_get_mapped_ptr((void *)host, dev);
  if (!mapped)
    printf("%s: no mapping\n", name);
  else if (mapped == (void *)want && mapped != (void *)host)
    printf("%s: mapped to its device copy\n", name);
  else
    printf("%s: mapped to %p, device copy at %p\n", name, mapped, (void *)want);
}

int main(void) {
  int dev = omp_get_default_device();
  fn fps[2] = {twice, thrice};
  int r = 0;
#pragma omp target map(to : fps) map(from : r)
  r = fps[0](21) + fps[1](21);
  report("twice", twice, 0, dev);
  report("thrice", thrice, 1, dev);
#pragma omp target update from(calls)
  printf("r = %d, device calls = %d\n", r, calls);
  fn f = twice; /* captured: a size-0 kernel argument, translated at launch */
  int translated = 0;
#pragma omp target map(from : r, translated)
  {
    translated = f == twice; /* twice: the device copy, on the device */
    r = f(21);
  }
#pragma omp target update from(calls)
  printf("captured: r = %d, device calls = %d, arrived translated: %s\n", r,
         calls, translated ? "yes" : "no");
  return 0;
}
