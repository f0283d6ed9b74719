/*===- collect/Collect.h - run one mapper entry's mapper function ----------===*
 *
 * The first half of the expansion: Collect.c runs clang's mapper function
 * for one mapper entry and builds its tree (Tree.h) as components arrive;
 * Expand.c folds the tree and emits the flat list. docs/mapper.md,
 * "Flattening".
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_COLLECT_H
#define OMP_INDIRECT_COLLECT_H

#include "Collector.h"
#include "MapList.h"

/// Builds in \p C->T the tree of mapper entry \p K of \p In: its anchor,
/// then whatever its mapper function pushes (validated on the way). The
/// anchors stay open. Returns nonzero on failure (out of memory, or a
/// component refused, said why).
int omp_indirect_collect_run(collector *C, const omp_indirect_map_list *In,
                             int K);

#endif /* OMP_INDIRECT_COLLECT_H */
