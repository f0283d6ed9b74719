/*===- base/Populate.h - fresh host memory made present in one call --------===*
 *
 * The deep copy's large host buffers (the pointee records, the host
 * images, the per-pointee arrays, the mapper stack's top) are written whole
 * soon after they are taken. Faulting their fresh 4 KiB pages in one by one
 * as they are written costs 1.3 to 2 times what one MADV_POPULATE_WRITE over
 * them costs (docs/mapper.md, "Steady in a program's cadence"), and
 * transparent huge pages, which would cut the faults, can be several times
 * slower than either after an idle while on a virtual machine that gives
 * idle memory back to its host. So the runtime keeps its buffers in small
 * pages (omp_indirect_no_huge_pages) and populates what it will write.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_POPULATE_H
#define OMP_INDIRECT_POPULATE_H

#include <stddef.h>

/// Makes the pages of \p P[0:\p N] present and writable in one call, for
/// memory the caller is about to write whole: nothing for pages present
/// already (a walk of the page tables), and nothing at all below 64 KiB or
/// on a kernel without MADV_POPULATE_WRITE (before Linux 5.14), where the
/// pages fault in as they are written.
void omp_indirect_populate(void *P, size_t N);

/// Keeps the mapping \p P[0:\p N] (page-aligned) in 4 KiB pages whatever
/// the machine's transparent huge page policy (MADV_NOHUGEPAGE).
void omp_indirect_no_huge_pages(void *P, size_t N);

#endif /* OMP_INDIRECT_POPULATE_H */
