/*===- place/PlaceSpans.h - the construct's own ranges, pointees apart -----===*
 *
 * What PlaceSpans.c gives the placement of entering constructs (Place.c):
 * the construct's own ranges as sorted spans, the new pointees that are not
 * in address order, and OMP_INDIRECT_DEBUG's reasons (PlaceOwned.h lists
 * the four files of the placement step).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_PLACESPANS_H
#define OMP_INDIRECT_PLACESPANS_H

#include "Bulk.h"

#include <stdint.h>

/// A range the construct maps itself.
typedef struct omp_indirect_span {
  uintptr_t Lo, Hi;
} omp_indirect_span;

/// The construct's own ranges (\p L's, but ATTACH entries), sorted, with Hi
/// turned into the running maximum, so that an overlap test is one binary
/// search (omp_indirect_spans_overlap); *\p N of them, to free.
omp_indirect_span *omp_indirect_own_spans(const omp_indirect_bulk *B,
                                          const omp_indirect_map_list *L,
                                          int64_t *N);

/// Whether [\p Lo, \p Hi) overlaps one of the \p N spans \p S.
static inline int omp_indirect_spans_overlap(const omp_indirect_span *S,
                                             int64_t N, uintptr_t Lo,
                                             uintptr_t Hi) {
  if (N == 0 || Hi <= S[0].Lo || S[N - 1].Hi <= Lo)
    return 0; /* Outside the hull of the spans (the last Hi is the max). */
  int64_t A = 0, Z = N; /* First span with S.Lo >= Hi. */
  while (A < Z) {
    int64_t M = (A + Z) / 2;
    if (S[M].Lo < Hi)
      A = M + 1;
    else
      Z = M;
  }
  return A > 0 && S[A - 1].Hi > Lo;
}

/// Entering constructs whose \p NC new pointees are not in address order
/// (PlaceSpans.c): each one that overlaps another becomes BULK_ITEM, each
/// exact repeat of one BULK_DUP (the rest stay BULK_NEW).
void omp_indirect_settle_new(omp_indirect_bulk *B, int64_t NC);

/// OMP_INDIRECT_DEBUG: names each pointee that goes per item (the first
/// 16), and why. \p Flat: the list's entries before the per-item ones were
/// added.
void omp_indirect_place_explain(omp_indirect_bulk *B,
                                const omp_indirect_map_list *L, int32_t Flat);

#endif /* OMP_INDIRECT_PLACESPANS_H */
