/*===- DeviceTable.h - build the table block the device searches ----------===*
 *
 * The host side of the device table format (FptrMap.h, docs/format.md
 * section 3): from the sorted {host, device} rows, one malloc'd block that
 * holds the header, the hash slots (or, where there are none, one empty
 * slot and the rows) and the host code ranges, with offsets relative to its
 * start, so the runtime copies it to the device as it is (one allocation,
 * one copy) and points __omp_offloading_fptr_map_p at it.
 *
 * USAGE: void *B = omp_indirect_device_table_build(Rows, N, &Bytes);
 *        ...copy Bytes bytes of B to the device...; free(B);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_DEVICETABLE_H
#define OMP_INDIRECT_DEVICETABLE_H

#include "DeviceTableOptions.h"
#include "FptrMap.h"

#include <stddef.h>
#include <stdint.h>

/// Builds the block for the \p N rows at \p Rows, which must be sorted by
/// host_ptr (as unsigned), with distinct, non-zero host_ptr, and the code
/// ranges of \p Opts, which must be non-empty, sorted and disjoint. Returns
/// the malloc'd block and its size in *\p Bytes, or NULL (rows or ranges not
/// in that form, or out of memory). \p Opts may be NULL (the defaults).
void *omp_indirect_device_table_build_with(
    const __omp_offloading_fptr_map_ty *Rows, uint64_t N, size_t *Bytes,
    const omp_indirect_table_options *Opts);

/// omp_indirect_device_table_build_with with the defaults.
void *omp_indirect_device_table_build(const __omp_offloading_fptr_map_ty *Rows,
                                      uint64_t N, size_t *Bytes);

/// The room omp_indirect_device_table_build_in needs for \p N rows and
/// \p NumCodeRanges code ranges: the most bytes their block takes (the
/// longest probe the builder accepts) and, with hash slots, a copy of the
/// rows past the slots (16 bytes a row). 0 when too large.
size_t omp_indirect_device_table_bytes(uint64_t N, uint64_t NumCodeRanges,
                                       omp_indirect_lookup Lookup);

/// Builds the block over the rows themselves, with no other large buffer:
/// \p Buffer holds the \p N rows at its start (in the form
/// omp_indirect_device_table_build_with wants) and has room for
/// omp_indirect_device_table_bytes(N, Opts->num_code_ranges, Opts->lookup)
/// bytes, so pages the caller touched already hold the block (the rows are
/// copied past the slots and inserted into them: DeviceTableInPlace.c). On
/// success the buffer
/// holds the block (the same block the other builder gives), *\p Bytes its
/// size, and the rows are gone (the slots hold them); returns 0. Returns
/// nonzero, the rows untouched, when they or the ranges are not in form.
/// \p Opts may be NULL.
int omp_indirect_device_table_build_in(void *Buffer, uint64_t N, size_t *Bytes,
                                       const omp_indirect_table_options *Opts);

/// The slot or row of the block \p T (in host memory) whose host_ptr is
/// \p Key, or NULL: what the device lookup finds, for the host runtime.
static inline const __omp_offloading_fptr_map_ty *
omp_indirect_block_find(const __omp_offloading_fptr_table_ty *T,
                        uint64_t Key) {
  if (!Key || Key < T->host_min || Key > T->host_max)
    return 0;
  const __omp_offloading_fptr_map_ty *S =
      (const __omp_offloading_fptr_map_ty *)((const char *)T + T->rows_offset);
  if (!T->num_slots)
    return omp_indirect_find_row(S, T->num_rows, Key);
  S += (Key * T->hash_mul) >> T->hash_shift;
  for (uint64_t I = 0; I <= T->max_probe && S[I].host_ptr; ++I)
    if ((uint64_t)S[I].host_ptr == Key)
      return &S[I];
  return 0;
}

#endif /* OMP_INDIRECT_DEVICETABLE_H */
