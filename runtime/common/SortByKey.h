/*===- SortByKey.h - sort {key, index} pairs by a 64-bit key --------------===*
 *
 * The registration sorts every indirect function of every image by host
 * address. qsort's comparison calls dominated that at tens of thousands of
 * functions; this is an LSD radix sort over the bytes in which the keys
 * differ (host addresses of one process share their top bytes, so usually
 * three or four passes), with an O(N) exit for input already in order.
 *
 * USAGE: omp_indirect_keyed *Sorted = omp_indirect_sort_by_key(Items, Tmp, N);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_SORTBYKEY_H
#define OMP_INDIRECT_SORTBYKEY_H

#include <stddef.h>
#include <stdint.h>

/// An item to sort: its key and where it came from.
typedef struct omp_indirect_keyed {
  uint64_t key;   ///< Compared as unsigned.
  uint64_t index; ///< Carried along.
} omp_indirect_keyed;

/// Sorts \p Items[0..N) by key, stably, with \p Tmp[0..N) as scratch space.
/// Returns whichever of the two arrays holds the sorted items.
omp_indirect_keyed *omp_indirect_sort_by_key(omp_indirect_keyed *Items,
                                             omp_indirect_keyed *Tmp, size_t N);

#endif /* OMP_INDIRECT_SORTBYKEY_H */
