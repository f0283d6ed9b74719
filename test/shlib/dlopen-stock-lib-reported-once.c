// A library with target regions built with plain clang and opened with
// dlopen after the first kernel is named once, at the next table build (the
// one a library built with the plugin causes), and never again; nothing is
// named before.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %host-offload -O2 -fPIC -shared %S/Inputs/lib-plain.c -o %t/libstock.so
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 %s -ldl -DSTOCK=\"%t/libstock.so\" \
// RUN:   -DIND=\"%t/libind.so\" -o %t/a
// RUN: %t/a 2>&1 | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>

static int launch(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = 7;
  return r;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("first %d\n", launch());
  void *Stock = dlopen(STOCK, RTLD_NOW);
  void *Ind = dlopen(IND, RTLD_NOW);
  if (!Stock || !Ind)
    return 1;
  int (*Plain)(int) = (int (*)(int))dlsym(Stock, "lib_plain");
  printf("second %d\n", launch());
  printf("plain %d\n", Plain(1));
  printf("third %d\n", launch());
  return 0;
}
// CHECK-NOT: omp-indirect: image
// CHECK: first 7
// CHECK-NOT: omp-indirect: image
// CHECK: omp-indirect: image '{{.*}}/libstock.so' has target regions but was compiled without the omp-indirect plugin
// CHECK-NEXT: second 7
// CHECK-NEXT: plain 2
// CHECK-NEXT: third 7
// CHECK-NOT: omp-indirect: image
