/*===- base/MapList.h - the map arrays of one construct, and its pointees --===*
 *
 * What the steps of a construct with mappers pass along (docs/mapper.md):
 * the construct's map arrays, flattened by Expand.c; the pointees that go
 * to the bulk deep copy; and the helpers that build map arrays, shared by
 * the expansion and the placement (a pointee the bulk copy cannot take
 * goes back into the list as plain entries).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_MAPLIST_H
#define OMP_INDIRECT_MAPLIST_H

#include "MapTypes.h"

#include <stddef.h>
#include <stdint.h>

/// The arrays of one libomptarget map call.
typedef struct omp_indirect_map_list {
  int32_t Count;
  void **Bases;
  void **Begins;
  int64_t *Sizes;
  int64_t *Types;
  void **Names;   ///< May be NULL.
  void **Mappers; ///< May be NULL; NULL in every expanded list.
  size_t Cap;     ///< Room in each array (0 for lists we did not build).
} omp_indirect_map_list;

/// A byte range of a pointee and the motion of its data.
typedef struct omp_indirect_range {
  uintptr_t Lo, Hi;
  int64_t Motion; ///< OMP_INDIRECT_MAP_TO and/or _FROM.
} omp_indirect_range;

/// Equal ranges at equal distances: [Lo + K * Stride, Lo + K * Stride +
/// Len) for K below Count (a member of each record of an array).
typedef struct omp_indirect_run {
  uintptr_t Lo;
  uint64_t Len, Stride, Count;
} omp_indirect_run;

/// The ranges of one mapped item that move one way, forwarded as ONE entry
/// over their hull (ItemHull.h): the item's members when it has many.
typedef struct omp_indirect_item_hull {
  int32_t Entry;         ///< The construct entry whose item they lie in.
  int32_t At;            ///< The hull's entry in the expanded list.
  int64_t Dir;           ///< OMP_INDIRECT_MAP_TO or _FROM.
  omp_indirect_run *R;   ///< The ranges in address order, disjoint and
  int64_t NRun;          ///< not adjacent, as runs.
  int64_t NR;            ///< Ranges in all: more than one leaves gaps,
                         ///< which must not move.
  uintptr_t Lo, Hi;      ///< The hull.
} omp_indirect_item_hull;

/// One pointee of a deep copy: the target of a pointer that a mapper maps
/// with a section (`s.d[0:s.len]`), handed to the bulk copy instead of to
/// libomptarget. 32 bytes: a construct may have millions.
typedef struct omp_indirect_pointee {
  void **Slot;      ///< Host address of the pointer (in the parent).
  uintptr_t Lo, Hi; ///< Host range of the pointee.
  uint16_t Type;    ///< Its component's type bits below MEMBER_OF (they
                    ///< fit in 16): the motion of the whole pointee.
  uint16_t Entry;   ///< The construct entry whose mapper produced it
                    ///< (a construct has fewer than 65535).
  int32_t Parent;   ///< Pointee holding Slot, or -1: the entry's own item.
} omp_indirect_pointee;
/* The collector's replay writes Type, Entry and Parent as one word
   (CycleReplay.h). */
_Static_assert(offsetof(omp_indirect_pointee, Type) + 8 ==
                       sizeof(omp_indirect_pointee) &&
                   offsetof(omp_indirect_pointee, Parent) + 4 ==
                       sizeof(omp_indirect_pointee),
               "Type, Entry and Parent end the record, in 8 bytes");

/// omp_indirect_deep::Bound from here on: no bound (pointees added after
/// such a one keep it there: they add less than this in all).
#define OMP_INDIRECT_NO_BOUND ((uint64_t)1 << 63)

/// The pointees of one construct, in the order the mappers produced them
/// (parents before children).
typedef struct omp_indirect_deep {
  omp_indirect_pointee *P;
  int64_t NP;
  size_t CapP;
  uint64_t Bound; ///< The bytes of one block holding every pointee, placed
                  ///< in their order (Table.h, omp_indirect_block_align);
                  ///< any of them placed in that order take no more (an
                  ///< entering construct stages into a block of this
                  ///< size before it knows which are new: Stage.h).
                  ///< OMP_INDIRECT_NO_BOUND or more: some pointee goes
                  ///< in no block (omp_indirect_block_fits).
  omp_indirect_range *R; ///< The member ranges of pointees that move in
  int64_t NR;            ///< part, pointee by pointee.
  size_t CapR;
  int32_t *RFirst, *RNum; ///< Per pointee: its ranges in R; NULL while no
                          ///< pointee has any.
  int64_t NumRanged;      ///< Pointees that RFirst and RNum cover.
  int64_t *User; ///< Per construct entry: its map type as the program gave
                 ///< it (ALWAYS, DELETE, the direction of an update).
  int32_t NumEntries;
  omp_indirect_item_hull *Hulls; ///< Items' members, one entry per
  int32_t NHulls;                ///< direction (ItemHull.h).
  size_t CapHulls;
} omp_indirect_deep;

/// The member ranges of pointee \p I (*\p Num of them; NULL if none): it
/// moves only those, each with its own motion.
static inline const omp_indirect_range *
omp_indirect_ranges(const omp_indirect_deep *D, int64_t I, int32_t *Num) {
  *Num = D->RNum ? D->RNum[I] : 0;
  return *Num ? D->R + D->RFirst[I] : (const omp_indirect_range *)0;
}

/// The construct's map type of the entry that produced pointee \p P.
static inline int64_t omp_indirect_user_type(const omp_indirect_deep *D,
                                             const omp_indirect_pointee *P) {
  return D->User[P->Entry];
}

/// What the construct does with the list.
typedef enum omp_indirect_map_kind {
  OMP_INDIRECT_MAP_ENTER,  ///< Mapping that allocates: begin of data, target.
  OMP_INDIRECT_MAP_EXIT,   ///< Mapping that releases: end of data, target.
  OMP_INDIRECT_MAP_UPDATE, ///< Motion only: target update to/from.
} omp_indirect_map_kind;

/// Grows *Data (of Elem-sized elements, capacity *Cap) to hold Need.
/// Returns 0, or 1 when out of memory.
int omp_indirect_grow(void **Data, size_t *Cap, size_t Need, size_t Elem);

/// Makes room in \p L for \p Extra more entries. Returns 0, or 1 when out
/// of memory.
int omp_indirect_list_reserve(omp_indirect_map_list *L, size_t Extra);

/// Appends one entry (no name) to \p L, which has room for it.
void omp_indirect_list_append(omp_indirect_map_list *L, void *Base,
                              void *Begin, int64_t Size, int64_t Type);

/// Appends the range [\p Lo, \p Hi) (base and begin both Lo), which \p L
/// has room for.
void omp_indirect_list_append_range(omp_indirect_map_list *L, uintptr_t Lo,
                                    uintptr_t Hi, int64_t Type);

/// A copy of \p L with arrays of its own (the placement adds to it).
/// Returns 0, or 1 when out of memory.
int omp_indirect_list_copy(omp_indirect_map_list *Out,
                           const omp_indirect_map_list *L);

/// Appends pointee \p I of \p D to \p L as plain libomptarget entries (the
/// per-item path): its own mapping and its ranges, or for an update the
/// ranges that move. Returns 0, or 1 when out of memory.
int omp_indirect_list_append_pointee(omp_indirect_map_list *L,
                                     const omp_indirect_deep *D, int64_t I,
                                     omp_indirect_map_kind Kind);

/// True if any entry of \p L names a mapper.
int omp_indirect_has_mapper(const omp_indirect_map_list *L);

/// Frees the arrays of a list we built, and of \p D.
void omp_indirect_free_map_list(omp_indirect_map_list *L);
void omp_indirect_free_deep(omp_indirect_deep *D);

#endif /* OMP_INDIRECT_MAPLIST_H */
