/*===- TableMerge.h - one sorted table from every image's pairs ------------===*
 *
 * The pure part of building a device's table: no libomptarget, no locks, so
 * the fuzzer (test/fuzz/) drives it as it is.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_TABLEMERGE_H
#define OMP_INDIRECT_TABLEMERGE_H

#include "FptrMap.h"
#include "ImageRegistry.h"

#include <stddef.h>
#include <stdint.h>

/// Drops the pairs whose device address is their host address (never a
/// device copy), sorts the rest by host address, and writes one row per host
/// address to
/// \p Map (room for \p N rows), its length to *Len. Pairs for one host address
/// that disagree resolve to the pair of the one image that defines the host
/// function (omp_indirect_image_owns); with no such single image, prints an
/// error for \p DeviceId and returns nonzero. \p Map may be \p Pairs itself:
/// row K is written only after every pair it overlays was read (a row is
/// half a pair, and rows are never ahead of pairs).
int omp_indirect_merge_pairs(int DeviceId, const omp_indirect_image *Images,
                             omp_indirect_pair *Pairs, size_t N,
                             __omp_offloading_fptr_map_ty *Map, uint64_t *Len);

#endif /* OMP_INDIRECT_TABLEMERGE_H */
