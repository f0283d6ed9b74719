/*===- DeviceTableBuild.h - what both table builders share ----------------===*
 *
 * Internal to DeviceTable.c (the block from rows given apart) and
 * DeviceTableInPlace.c (the block over the rows themselves): the
 * multipliers tried, the slots' hash, the checks of the input and the
 * header's stop fields. Both builders give the same block for the same rows
 * (test/fuzz checks it byte for byte).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_DEVICETABLEBUILD_H
#define OMP_INDIRECT_DEVICETABLEBUILD_H

#include "DeviceTableOptions.h"

#include <string.h>

/* Odd multipliers: the 64-bit golden ratio first, then the mixing constants
   of splitmix64 and murmur3's finalizer. */
static const uint64_t OmpIndirectMultipliers[] = {
    0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL, 0x94d049bb133111ebULL,
    0xff51afd7ed558ccdULL, 0xc4ceb9fe1a85ec53ULL};
#define NUM_MULTIPLIERS                                                        \
  (sizeof OmpIndirectMultipliers / sizeof OmpIndirectMultipliers[0])

#define BLOCK_ALIGN 64

/* A multiplier whose keys sit on average at most 1/GOOD_AVERAGE_PROBE of a
   slot from home is kept without trying the others (a random hash at half
   load averages 1/2; Fibonacci hashing of function addresses, which are
   nearly evenly spaced, usually much less). */
#define GOOD_AVERAGE_PROBE 4

/* Where the rows go in a block without hash slots. */
#define ROWS_OFFSET                                                            \
  ((OMP_INDIRECT_SLOTS_OFFSET + sizeof(__omp_offloading_fptr_map_ty) +         \
    BLOCK_ALIGN - 1) &                                                         \
   ~(uint64_t)(BLOCK_ALIGN - 1))

static inline uint64_t omp_indirect_align_up(uint64_t X) {
  return (X + BLOCK_ALIGN - 1) & ~(uint64_t)(BLOCK_ALIGN - 1);
}

/* The home slot of Key under Mul. */
static inline uint64_t omp_indirect_home(int64_t Key, uint64_t Mul,
                                         unsigned Shift) {
  return ((uint64_t)Key * Mul) >> Shift;
}

/* Home slots for N rows: the power of two at least 2N, or none. */
static inline uint64_t omp_indirect_num_slots(uint64_t N,
                                              omp_indirect_lookup Lookup) {
  uint64_t NumSlots = 0;
  if (N && Lookup == OMP_INDIRECT_LOOKUP_HASH)
    for (NumSlots = 2; NumSlots < 2 * N; NumSlots *= 2)
      ;
  return NumSlots;
}

/* Where the slots of a block for N rows may end: the longest probe the
   builder accepts past the last home slot, and one empty slot. */
static inline uint64_t omp_indirect_slots_end(uint64_t NumSlots) {
  return OMP_INDIRECT_SLOTS_OFFSET +
         (NumSlots + OMP_INDIRECT_MAX_PROBE_LIMIT + 1) *
             sizeof(__omp_offloading_fptr_map_ty);
}

/* Sorted, distinct, non-zero keys: the form the device relies on. */
static inline int
omp_indirect_rows_well_formed(const __omp_offloading_fptr_map_ty *Rows,
                              uint64_t N) {
  for (uint64_t R = 0; R < N; ++R)
    if (!Rows[R].host_ptr ||
        (R && (uint64_t)Rows[R - 1].host_ptr >= (uint64_t)Rows[R].host_ptr))
      return 0;
  return 1;
}

/* Non-empty, sorted, disjoint ranges, none at 0: the form the device's
   binary search and its bounds check rely on. */
static inline int
omp_indirect_code_well_formed(const omp_indirect_code_range *R, uint64_t N) {
  for (uint64_t I = 0; I < N; ++I)
    if (!R[I].begin || R[I].begin >= R[I].end ||
        (I && R[I - 1].end > R[I].begin))
      return 0;
  return 1;
}

/* Copies the stop's fields of Opts into T and its ranges to Block + Offset. */
static inline void
omp_indirect_put_stop(__omp_offloading_fptr_table_ty *T, char *Block,
                      uint64_t Offset, const omp_indirect_table_options *Opts) {
  uint64_t N = Opts->num_code_ranges;
  T->num_code_ranges = N;
  T->code_ranges_offset = Offset;
  T->code_begin = N ? Opts->code_ranges[0].begin : 0;
  T->code_end = N ? Opts->code_ranges[N - 1].end : 0;
  T->stop_fn = Opts->stop_fn;
  T->device_id = Opts->device_id;
  if (N)
    memcpy(Block + Offset, Opts->code_ranges, N * sizeof *Opts->code_ranges);
}

#endif /* OMP_INDIRECT_DEVICETABLEBUILD_H */
