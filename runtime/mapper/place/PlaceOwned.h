/*===- place/PlaceOwned.h - the placement of exits and updates -------------===*
 *
 * The placement step (Bulk.h) in four files: Place.c (its entry point, and
 * entering constructs), Stage.c (what entering constructs stage as they
 * place), PlaceOwned.c (exits and updates, here) and PlaceSpans.c (pointees
 * out of order, the construct's own ranges, and OMP_INDIRECT_DEBUG's
 * reasons; PlaceSpans.h).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_PLACEOWNED_H
#define OMP_INDIRECT_PLACEOWNED_H

#include "Bulk.h"

/// Exits and updates: owned pointees get their device address (and, on
/// exit, lose a reference, or all with `delete`); the rest go to \p L per
/// item. Called with the table's lock held.
void omp_indirect_place_owned(omp_indirect_bulk *B, omp_indirect_map_list *L);
/// Drops the groups of B->Groups, and the blocks' marks.
void omp_indirect_place_ungroup(omp_indirect_bulk *B);

#endif /* OMP_INDIRECT_PLACEOWNED_H */
