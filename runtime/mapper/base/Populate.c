/*===- base/Populate.c - fresh host memory made present in one call --------===*
 *
 * Populate.h says why. Only whole pages inside the range are populated
 * (the partial pages at either end may belong to a neighbour and fault as
 * usual). Errors are ignored: populating is an optimization, the writes
 * that follow fault in whatever it did not.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "Populate.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14; older kernels say EINVAL. */
#endif

/* Below this, the faults cost less than the call. */
#define POPULATE_MIN ((size_t)64 << 10)

static uintptr_t pageSize(void) {
  static uintptr_t Page;
  uintptr_t P = __atomic_load_n(&Page, __ATOMIC_RELAXED);
  if (!P) {
    P = (uintptr_t)sysconf(_SC_PAGESIZE);
    __atomic_store_n(&Page, P, __ATOMIC_RELAXED);
  }
  return P;
}

void omp_indirect_populate(void *P, size_t N) {
  if (N < POPULATE_MIN)
    return;
  uintptr_t Page = pageSize();
  uintptr_t Lo = ((uintptr_t)P + Page - 1) & ~(Page - 1);
  uintptr_t Hi = ((uintptr_t)P + N) & ~(Page - 1);
  if (Hi > Lo)
    madvise((void *)Lo, Hi - Lo, MADV_POPULATE_WRITE);
}

void omp_indirect_no_huge_pages(void *P, size_t N) {
  madvise(P, N, MADV_NOHUGEPAGE);
}
