/*===- base/ItemHull.h - an item's member ranges, one entry per direction --===*
 *
 * flang's default mapper maps each record of an array apart, in pieces
 * with different motions (the scalar `tofrom`, the descriptor `always,
 * to`, its address field `tofrom`): N records are 3N member ranges of one
 * mapped item. The expansion keeps such an item's ranges as one list per
 * direction, merged as they come and folded into runs (equal ranges at
 * equal distances: a `from` list of N records is one run), and gives the
 * item ONE entry per direction over the hull of that list
 * (omp_indirect_item_hull, in the construct's omp_indirect_deep): no entry
 * per range, nothing per range for libomptarget to look up, no memory per
 * record. Coalesce.c then moves the hull so that the gaps between its
 * ranges come out as they were (docs/mapper.md, "Fortran").
 *
 * USAGE, in the expansion, per item with many members:
 *   omp_indirect_dir_ranges To = {0};
 *   omp_indirect_dir_add(&To, Lo, Hi);   // each range that moves `to`
 *   omp_indirect_item_hull_emit(&List, &Deep, K, OMP_INDIRECT_MAP_TO, &To,
 *                               Bits);    // takes To's runs
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_ITEMHULL_H
#define OMP_INDIRECT_ITEMHULL_H

#include "MapList.h"

#include <stddef.h>
#include <stdint.h>

/// Items with fewer member ranges keep an entry per range.
#define OMP_INDIRECT_HULL_MIN 8

/// The ranges of one direction as they come: the last one open (a range
/// that overlaps or touches it merges into it), the ones before it folded
/// into runs.
typedef struct omp_indirect_dir_ranges {
  omp_indirect_run *R;
  int64_t N;
  size_t Cap;
  uintptr_t OpenLo, OpenHi; ///< The open range (empty: none yet).
  int Unsorted; ///< One came below the last: sorted and merged at the end.
} omp_indirect_dir_ranges;

/// Slow half of omp_indirect_dir_add: a range that does not merge.
int omp_indirect_dir_push(omp_indirect_dir_ranges *L, uintptr_t Lo,
                          uintptr_t Hi);

/// Adds [\p Lo, \p Hi) (not empty) to \p L. Returns 0, or 1 when out of
/// memory. Always inline: the collector calls it five times per flang
/// record (each range, once per direction it moves).
static inline __attribute__((always_inline)) int
omp_indirect_dir_add(omp_indirect_dir_ranges *L, uintptr_t Lo, uintptr_t Hi) {
  uintptr_t OLo = L->OpenLo, OHi = L->OpenHi;
  if (OLo <= Lo && Lo <= OHi && OLo < OHi) {
    if (Hi > OHi)
      L->OpenHi = Hi;
    return 0;
  }
  /* The open range extends the last run of two or more by one, and a range
     after it opens (flang's `from` list: each record's scalar and address
     field, one run): what omp_indirect_dir_push does then, without the
     call. */
  if (L->N && OLo < OHi && OHi < Lo) {
    omp_indirect_run *R = &L->R[L->N - 1];
    if (R->Count > 1 && R->Len == OHi - OLo &&
        OLo == R->Lo + R->Count * R->Stride) {
      R->Count++;
      L->OpenLo = Lo;
      L->OpenHi = Hi;
      return 0;
    }
  }
  return omp_indirect_dir_push(L, Lo, Hi);
}

/// Frees what \p L holds.
void omp_indirect_dir_free(omp_indirect_dir_ranges *L);

/// Appends to \p O (which has room for it) the entry of construct entry
/// \p K's ranges in \p L that move in direction \p Dir: their hull, of type
/// \p Dir | \p Bits, and notes it in \p D->Hulls with the runs, which \p D
/// takes from \p L. Nothing when \p L is empty. Returns 0, or 1 when out of
/// memory.
int omp_indirect_item_hull_emit(omp_indirect_map_list *O,
                                omp_indirect_deep *D, int32_t K, int64_t Dir,
                                omp_indirect_dir_ranges *L, int64_t Bits);

/// \name What Coalesce.c does with a hull's ranges.
///{
/// Bytes between its ranges.
size_t omp_indirect_item_hull_gap_bytes(const omp_indirect_item_hull *H);
/// Copies the host's bytes between its ranges into \p Buf, one gap after
/// the other (\p Save), or back from \p Buf onto the host.
void omp_indirect_item_hull_gaps(const omp_indirect_item_hull *H, char *Buf,
                                 int Save);
/// Copies its ranges from the host into \p Img, an image of the hull.
void omp_indirect_item_hull_overlay(const omp_indirect_item_hull *H,
                                    char *Img);
/// Appends its ranges to \p L (room for H->NR more), each of type \p Type.
void omp_indirect_item_hull_append(const omp_indirect_item_hull *H,
                                   omp_indirect_map_list *L, int64_t Type);
///}

#endif /* OMP_INDIRECT_ITEMHULL_H */
