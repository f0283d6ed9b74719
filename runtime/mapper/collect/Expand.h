/*===- collect/Expand.h - flatten `declare mapper` uses into one map list --===*
 *
 * The first step of a construct with mappers (docs/mapper.md). Every entry
 * that names a mapper is expanded by running clang's mapper function
 * against the runtime's own component collector. The components become
 * plain entries that stock libomptarget handles in ONE call, with no
 * per-element callbacks and no MEMBER_OF index above the construct's own
 * entries, and pointees, which the bulk deep copy moves.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_EXPAND_H
#define OMP_INDIRECT_EXPAND_H

#include "MapList.h"

/// Expands every mapper entry of \p In into \p Out (arrays malloc'd; free
/// them with omp_indirect_free_map_list) and \p Deep (free with
/// omp_indirect_free_deep). Entries without a mapper keep their position
/// and type, so MEMBER_OF references among them stay valid; a mapper entry
/// is narrowed to what its mapper maps. Pointees whose parents are the
/// item or other such pointees go to \p Deep; the rest stay in \p Out.
/// Returns 0, or nonzero after printing an error.
int omp_indirect_expand(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind, omp_indirect_map_list *Out,
                        omp_indirect_deep *Deep);

#endif /* OMP_INDIRECT_EXPAND_H */
