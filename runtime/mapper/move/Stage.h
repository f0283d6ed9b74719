/*===- move/Stage.h - an entering construct's block, filled as placed ------===*
 *
 * Where every pointee of an entering construct is new and its parent is an
 * item that the runtime copies itself, the placement's one pass over the
 * pointees (Place.c) also fills the host images: each pointee's data into
 * the new block's image, its device address into its item's image. The
 * block's device memory is allocated first, at the bytes the expansion
 * counted for all of them (omp_indirect_deep::Bound), so each device
 * address is known when its slot is written, and the pointees are read
 * once in the construct, not twice. The transfers (Transfer.c) then copy
 * the images. A pointee that is not new (or a child, or in an item that
 * is present) ends the staging; what it staged is dropped and the
 * transfers fill the images as before. docs/mapper.md, "Staged as placed",
 * has the protocol.
 *
 * USAGE, in the placement of an entering construct:
 *   omp_indirect_stage_begin(&B->Stage, B, L);
 *   per new pointee, in order (Place.c, inline):
 *     at the first, omp_indirect_stage_setup(...) (St->State was WAIT)
 *     ... omp_indirect_stage_item(...) where the item's image is not ready
 *   omp_indirect_stage_end(B, Valid);  // Valid: every pointee new, settled
 * and in the transfers: B->Stage.State == OMP_INDIRECT_STAGE_DONE, the
 * images in B->Stage.Img, then omp_indirect_stage_free (Bulk.h).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_STAGE_H
#define OMP_INDIRECT_STAGE_H

#include "MapList.h"
#include "StagedImages.h"

#include <stddef.h>
#include <stdint.h>

struct omp_indirect_bulk;

/// Whether the runtime copies item \p K of \p L itself (Place.c): some
/// pointee's pointer lies in it, and libomptarget's copy would be its
/// first or an `always, to` one.
int omp_indirect_item_fresh(const struct omp_indirect_bulk *B,
                            const omp_indirect_map_list *L, int32_t K);

/// Items with pointees whose own data the runtime copies (B->Fresh: a
/// fresh or `always, to` item): their `to` (and `always`) cleared in \p L,
/// and their members', so libomptarget allocates them but copies nothing.
void omp_indirect_take_items(struct omp_indirect_bulk *B,
                             omp_indirect_map_list *L);

/// Sets \p St up for \p B's placement over \p L: WAIT where a block can be
/// staged (a device, pointees that all fit one block), else OFF.
void omp_indirect_stage_begin(omp_indirect_stage *St,
                              const struct omp_indirect_bulk *B,
                              const omp_indirect_map_list *L);

/// At the first new pointee, a pointee of item \p K: the block's device
/// memory and host image. Returns 0 (and leaves St OFF) where the item is
/// not one the runtime copies, or the device has no room.
int omp_indirect_stage_setup(omp_indirect_stage *St,
                             const struct omp_indirect_bulk *B, int32_t K);

/// The image of item \p K copied up to the slot at \p Slot and a chunk
/// beyond, made at its first pointee. Returns 0 where the item is not one
/// the runtime copies (the staging stops).
int omp_indirect_stage_item(omp_indirect_stage *St,
                            const struct omp_indirect_bulk *B, int32_t K,
                            uintptr_t Slot);

/// After the placement's pass: with \p Valid (every pointee new and
/// staged, B->Total the bytes placed), the images completed and, for a
/// kernel, the handover to its exit (Bulk.h) set; else whatever was
/// staged dropped, the device memory with it.
void omp_indirect_stage_end(struct omp_indirect_bulk *B, int Valid);

#endif /* OMP_INDIRECT_STAGE_H */
