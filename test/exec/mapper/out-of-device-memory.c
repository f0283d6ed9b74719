// The bulk copy's one device allocation for a construct's new pointees
// fails (the host-offload device allocates host memory, and the program
// caps its address space just before): one line with the bytes asked, the
// pointees and the construct, instead of libomptarget's chain (its plugin
// may print its own line first), and nothing moved. The sanitizers reserve
// address space of their own: not with them.
// UNSUPPORTED: sanitize
// RUN: %wclang %host-offload -g -O1 %s -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// CHECK: warm-up: ok
// CHECK-NOT: Libomptarget
// CHECK: omp-indirect: target enter data at {{.*}}out-of-device-memory.c:[[#]]: out of device memory: the deep copy asked device 0 for 536870912 bytes (1024 new pointees) and got none; stopping before any data moves
// CHECK-NOT: Libomptarget
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

typedef struct {
  long len;
  char *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

enum { N = 1024, LEN = 512 << 10 };

/* The address space this process holds now, in bytes. */
static size_t mapped(void) {
  FILE *F = fopen("/proc/self/statm", "r");
  unsigned long Pages = 0;
  if (F && fscanf(F, "%lu", &Pages) != 1)
    Pages = 0;
  if (F)
    fclose(F);
  return Pages * 4096;
}

int main(void) {
  S *p = malloc(N * sizeof *p);
  /* 512 MiB of host data, never touched (it reads as zeros). */
  char *Data = mmap(NULL, (size_t)N * LEN, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  for (int i = 0; i < N; ++i) {
    p[i].len = LEN;
    p[i].d = Data + (size_t)i * LEN;
  }
  /* The device is set up by a first small deep copy. */
#pragma omp target enter data map(to : p[0 : 1])
#pragma omp target exit data map(release : p[0 : 1])
  printf("warm-up: ok\n");
  fflush(stdout);
  struct rlimit R = {mapped() + (64 << 20), RLIM_INFINITY};
  R.rlim_max = R.rlim_cur;
  setrlimit(RLIMIT_AS, &R);
#pragma omp target enter data map(to : p[0 : N])
  printf("mapped: not expected\n");
  return 0;
}
