// The warning about host addresses of functions that are not indirect
// reaching a target region is in clang's -Wopenmp-target group (a clang-16
// plugin cannot add a group of its own): -Wno-openmp-target turns it off,
// and so do -Wno-openmp and -w.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Wno-openmp-target -Xclang -verify %s
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Wno-openmp -Xclang -verify %s
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -w -Xclang -verify %s
// The same source warns without the flag.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s
// expected-no-diagnostics

int plain(int x) { return x; }

int captured(int n) {
  int (*fp)(int) = plain;
  int r = 0;
#pragma omp target map(from : r)
  r = fp(n);
  return r;
}
// CHECK: warning: the address of 'plain' reaches a target region
