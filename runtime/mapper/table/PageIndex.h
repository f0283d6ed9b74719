/*===- table/PageIndex.h - which blocks of owned pointees cover a page -----===*
 *
 * The table of owned pointees (Table.h) finds the blocks that can hold an
 * address through this index: for each host page, the blocks whose small
 * pointees cover it. Pointees larger than OMP_INDIRECT_BIG_PAGES pages stay
 * out of it (their blocks are on a list of their own, Table.c). Called with
 * the table's lock held.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_PAGEINDEX_H
#define OMP_INDIRECT_PAGEINDEX_H

#include "Block.h"

#include <stddef.h>
#include <stdint.h>

/// Makes room for \p More pages. Returns 0, or nonzero when out of memory.
int omp_indirect_page_index_reserve(size_t More);
/// Whether the index was ever made (lookups walk the blocks until then).
int omp_indirect_page_index_ready(void);
/// Names the pages of block \p B, added to the table (room reserved; its
/// Dense set), or takes them back.
void omp_indirect_page_index_add(omp_indirect_block *B);
void omp_indirect_page_index_remove(omp_indirect_block *B);
/// Calls \p Fn once for each block on \p Device (not a big one) that the
/// index names for a page in [\p First, \p Last], until it returns nonzero;
/// returns that value, or 0.
int omp_indirect_page_index_visit(int Device, uintptr_t First, uintptr_t Last,
                                  int (*Fn)(omp_indirect_block *B, void *Ctx),
                                  void *Ctx);

#endif /* OMP_INDIRECT_PAGEINDEX_H */
