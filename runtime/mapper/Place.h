/*===- Place.h - the placement of exits and updates, apart ----------------===*
 *
 * The placement step (Bulk.h) in two files: Place.c (its entry point, and
 * entering constructs) and PlaceOwned.c (exits and updates).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_PLACE_H
#define OMP_INDIRECT_PLACE_H

#include "Bulk.h"

/// Exits and updates: owned pointees get their device address (and, on
/// exit, lose a reference, or all with `delete`); the rest go to \p L per
/// item. Called with the table's lock held.
void omp_indirect_place_owned(omp_indirect_bulk *B, omp_indirect_map_list *L);

#endif /* OMP_INDIRECT_PLACE_H */
