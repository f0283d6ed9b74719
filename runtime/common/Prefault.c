/*===- Prefault.c - fill fresh pages ahead of a large write ---------------===*
 *
 * See Prefault.h.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "Prefault.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14; older headers lack it. */
#endif

#define PREFAULT_MIN ((size_t)64 << 10)

size_t omp_indirect_prefault(void *P, size_t Bytes) {
  uintptr_t Page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t Begin = ((uintptr_t)P + Page - 1) & ~(Page - 1);
  uintptr_t End = ((uintptr_t)P + Bytes) & ~(Page - 1);
  if (!P || End <= Begin || End - Begin < PREFAULT_MIN)
    return 0;
  /* Fails (EINVAL) on kernels before 5.14: the writes then fault. */
  if (madvise((void *)Begin, End - Begin, MADV_POPULATE_WRITE))
    return 0;
  return (End - Begin) / Page;
}
