// Every section of 1000 is 1/600 of the host's memory: each could be
// mapped, but an entering construct's sections add up to more than the
// device can hold. The placement sums them and stops, naming the element
// that crosses the limit, before any data moves (and before it would read
// past the one small buffer every pointer here shares).
// RUN: %wclang %host-offload -g -O1 %s -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// CHECK: omp-indirect: target enter data at {{.*}}bad-sections-add-up.c:[[#]], map(to: p[0:N]) with mapper 'default' for 'S': element 60{{[0-9]}}: the section of [[#]] bytes at 0x{{[0-9a-f]+}} (its pointer at 0x{{[0-9a-f]+}}) brings the construct's sections to [[#]] bytes, more than the device can hold ([[#]] bytes); stopping before any data moves
// CHECK-NOT: mapped
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
  long len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

enum { N = 1000 };

int main(void) {
  long Host = sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE);
  int *Shared = calloc(16, sizeof(int));
  S *p = malloc(N * sizeof *p);
  for (int i = 0; i < N; ++i) {
    p[i].len = Host / 600 / (long)sizeof(int);
    p[i].d = Shared;
  }
#pragma omp target enter data map(to : p[0 : N])
  printf("mapped: not expected\n");
  return 0;
}
