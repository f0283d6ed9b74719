/*===- move/Coalesce.h - one libomptarget entry per direction for an item --===*
 *
 * The expansion gives each range of a mapped item that moves its own entry
 * (docs/mapper.md, "Flattening"); adjacent ranges with the same motion
 * merge, so a C struct array mapped whole is one entry. flang's default
 * mapper maps each record's members apart with different motions (the
 * scalar `tofrom`, the descriptor `always, to`, its address `tofrom`), so an
 * array of N records became 3N entries, each looked up by libomptarget,
 * and an exit or an update copied two 8-byte ranges per record.
 *
 * The expansion gives an item with many member ranges one entry per
 * direction instead, over the hull of the ranges that move that way
 * (ItemHull.h), and this file, before and after the construct's one
 * libomptarget call, keeps the gaps between them as they were:
 *  - from: one copy back of the hull; the bytes between the ranges (those
 *    that do not come back) are saved on the host before the call and put
 *    back after it;
 *  - to: one entry where the ranges leave no gap; otherwise (an update, or
 *    `always`) the device hull is read, the ranges written into it and the
 *    hull copied back once, after the call; a `to` that only an entering
 *    call without `always` makes (libomptarget copies it when it allocates
 *    the item) goes as its ranges, one entry each;
 *  - an entering call's pointers that are NULL (an unallocated component:
 *    flang pushes it as a pointee of size 0 at address 0, which goes per
 *    item, docs/mapper.md) are not attached one by one: in an item new on
 *    the device they are NULL already (its host image was copied), in one
 *    already present they are set to NULL in one read-modify-write.
 * The list the transfers read (Transfer.c) is not changed.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_COALESCE_H
#define OMP_INDIRECT_COALESCE_H

#include "MapList.h"

/// A gap-preserving copy of one item's hull (see above).
typedef struct omp_indirect_hull {
  uintptr_t Lo, Hi;
  const omp_indirect_item_hull *Item; ///< The ranges that move (the
                                      ///< expansion's, ItemHull.h).
  char *Saved;           ///< from: the host's gaps before the call, one
                         ///< after the other.
  int To;                ///< to: read, patch and write after the call.
  uintptr_t *Null;       ///< Device words to set to NULL (Item is then
  int64_t NNull;         ///< NULL).
} omp_indirect_hull;

/// The state of one call.
typedef struct omp_indirect_coalesced {
  omp_indirect_map_list List; ///< What to forward, when Used.
  int Used;
  int Device;
  omp_indirect_hull *H;
  int NH;
  size_t CapH;
} omp_indirect_coalesced;

/// Returns the list to forward for \p Out (the construct's first \p NumIn
/// entries are its own): \p Out itself, or C->List. \p Fresh (enter only,
/// else NULL): per construct entry, whether the transfers copy its item
/// from a host image (Bulk.h). \p D: the construct's pointees and its
/// items' hulls (ItemHull.h), which must outlive \p C. Stops the program with a message when out
/// of memory.
const omp_indirect_map_list *
omp_indirect_coalesce_before(omp_indirect_coalesced *C,
                             omp_indirect_map_kind Kind, int64_t DeviceId,
                             int32_t NumIn, const omp_indirect_map_list *Out,
                             const char *Fresh, const omp_indirect_deep *D);

/// After the call: gaps back on the host, patched hulls onto the device;
/// frees what before allocated.
void omp_indirect_coalesce_after(omp_indirect_coalesced *C);

#endif /* OMP_INDIRECT_COALESCE_H */
