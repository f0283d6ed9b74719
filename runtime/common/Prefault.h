/*===- Prefault.h - fill fresh pages ahead of a large write ---------------===*
 *
 * A table build writes a few MiB of fresh memory at 65,536 functions: the
 * registry's snapshot, and, on the host-offload device, the block's device
 * copy, which is memory of this process. Taking them one page fault per
 * 4 KiB cost about as much as the rest of the build on a virtual machine:
 * the kernel fills the same pages faster in one call
 * (madvise(MADV_POPULATE_WRITE), Linux 5.14), without a trap per page. The
 * kernel still counts each page it fills as a minor fault of the thread
 * (getrusage), so the counts the tests bound still say how much fresh memory
 * a build touches.
 *
 * USAGE: void *P = malloc(N); omp_indirect_prefault(P, N); ...fill P...
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_PREFAULT_H
#define OMP_INDIRECT_PREFAULT_H

#include <stddef.h>

/// Makes the whole pages within [\p P, \p P + \p Bytes) present and
/// writable, without changing their contents, when they come to at least 64
/// KiB (below that, the call costs about what the faults do). Only for
/// memory the caller is about to write in full. Returns the pages it filled
/// (0: too small, or the kernel does not support it; the writes then fault
/// as usual).
size_t omp_indirect_prefault(void *P, size_t Bytes);

#endif /* OMP_INDIRECT_PREFAULT_H */
