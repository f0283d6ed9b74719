/*===- DeviceTable.c - build the table block the device searches ----------===*
 *
 * See DeviceTable.h. The block: the header, then (at the next 64-byte
 * boundary) the rows as given, then (again 64-byte aligned) the hash slots.
 * The slots are an open-addressing table with linear probing, at most half
 * full: 2^k slots for N rows with 2^k >= 2N. A key's home slot is the top k
 * bits of key * multiplier (Fibonacci hashing, which spreads evenly the
 * arithmetic-progression-like addresses functions have). The builder tries
 * a few odd multipliers and keeps the one with the shortest longest probe,
 * stopping early at a good one; the device reads that bound from the header
 * and never probes further.
 *
 *===----------------------------------------------------------------------===*/
#include "DeviceTable.h"

#include <stdlib.h>
#include <string.h>

/* Odd multipliers: the 64-bit golden ratio first, then the mixing constants
   of splitmix64 and murmur3's finalizer. */
static const uint64_t Multipliers[] = {
    0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL, 0x94d049bb133111ebULL,
    0xff51afd7ed558ccdULL, 0xc4ceb9fe1a85ec53ULL};
#define NUM_MULTIPLIERS (sizeof Multipliers / sizeof Multipliers[0])

/* A longest probe this short is as good as it gets: stop trying. */
#define GOOD_ENOUGH_PROBE 4

#define BLOCK_ALIGN 64

static uint64_t alignUp(uint64_t X) {
  return (X + BLOCK_ALIGN - 1) & ~(uint64_t)(BLOCK_ALIGN - 1);
}

/* Fills Slots (NumSlots = 2^k, Shift = 64 - k) with Rows hashed by Mul and
   returns the longest probe. */
static uint64_t fillSlots(const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
                          __omp_offloading_fptr_map_ty *Slots,
                          uint64_t NumSlots, unsigned Shift, uint64_t Mul) {
  uint64_t Mask = NumSlots - 1, Longest = 0;
  memset(Slots, 0, NumSlots * sizeof *Slots);
  for (uint64_t R = 0; R < N; ++R) {
    uint64_t Home = ((uint64_t)Rows[R].host_ptr * Mul) >> Shift, P = 0;
    while (Slots[(Home + P) & Mask].host_ptr)
      ++P; /* Terminates: the slots are at most half full. */
    Slots[(Home + P) & Mask] = Rows[R];
    if (P > Longest)
      Longest = P;
  }
  return Longest;
}

/* Sorted, distinct, non-zero keys: the form the device relies on. */
static int wellFormed(const __omp_offloading_fptr_map_ty *Rows, uint64_t N) {
  for (uint64_t R = 0; R < N; ++R)
    if (!Rows[R].host_ptr ||
        (R && (uint64_t)Rows[R - 1].host_ptr >= (uint64_t)Rows[R].host_ptr))
      return 0;
  return 1;
}

/* Chooses the multiplier and fills the slots of T. Returns 0 when no
   multiplier gives a short enough probe (T then keeps no slots). */
static int buildHash(__omp_offloading_fptr_table_ty *T,
                     const __omp_offloading_fptr_map_ty *Rows,
                     __omp_offloading_fptr_map_ty *Slots,
                     const omp_indirect_table_options *Opts) {
  unsigned Shift = 64 - (unsigned)__builtin_ctzll(T->num_slots);
  T->hash_shift = Shift;
  const uint64_t *Muls = Multipliers;
  unsigned NumMuls = NUM_MULTIPLIERS;
  if (Opts && Opts->fixed_multiplier) {
    Muls = &Opts->multiplier;
    NumMuls = 1;
  }
  uint64_t Best = UINT64_MAX, BestMul = 0, FilledMul = 0;
  for (unsigned M = 0; M < NumMuls && Best > GOOD_ENOUGH_PROBE; ++M) {
    FilledMul = Muls[M];
    uint64_t Probe =
        fillSlots(Rows, T->num_rows, Slots, T->num_slots, Shift, FilledMul);
    if (Probe < Best) {
      Best = Probe;
      BestMul = FilledMul;
    }
  }
  if (Best > OMP_INDIRECT_MAX_PROBE_LIMIT)
    return 0;
  if (FilledMul != BestMul) /* The last try was not the best: fill again. */
    fillSlots(Rows, T->num_rows, Slots, T->num_slots, Shift, BestMul);
  T->hash_mul = BestMul;
  T->max_probe = (uint32_t)Best;
  return 1;
}

void *omp_indirect_device_table_build_with(
    const __omp_offloading_fptr_map_ty *Rows, uint64_t N, size_t *Bytes,
    const omp_indirect_table_options *Opts) {
  if (!wellFormed(Rows, N) || N > (UINT64_MAX >> 8))
    return NULL;
  uint64_t NumSlots = 0;
  if (N && (!Opts || Opts->lookup == OMP_INDIRECT_LOOKUP_HASH))
    for (NumSlots = 2; NumSlots < 2 * N; NumSlots *= 2)
      ;
  uint64_t RowsOffset = alignUp(sizeof(__omp_offloading_fptr_table_ty));
  uint64_t SlotsOffset = alignUp(RowsOffset + N * sizeof *Rows);
  uint64_t Total = SlotsOffset + NumSlots * sizeof *Rows;
  char *Block = aligned_alloc(BLOCK_ALIGN, alignUp(Total));
  if (!Block)
    return NULL;
  memset(Block, 0, SlotsOffset);
  __omp_offloading_fptr_table_ty *T = (__omp_offloading_fptr_table_ty *)Block;
  T->magic = OMP_INDIRECT_TABLE_MAGIC;
  T->num_rows = N;
  T->rows_offset = RowsOffset;
  T->host_min = N ? (uint64_t)Rows[0].host_ptr : UINT64_MAX;
  T->host_max = N ? (uint64_t)Rows[N - 1].host_ptr : 0;
  T->num_slots = NumSlots;
  T->slots_offset = SlotsOffset;
  if (N)
    memcpy(Block + RowsOffset, Rows, N * sizeof *Rows);
  if (NumSlots &&
      !buildHash(T, Rows, (__omp_offloading_fptr_map_ty *)(Block + SlotsOffset),
                 Opts)) {
    T->num_slots = 0; /* The fallback: the device binary-searches. */
    T->hash_mul = 0;
    T->hash_shift = 0;
    T->max_probe = 0;
    Total = SlotsOffset;
  }
  T->total_bytes = Total;
  *Bytes = (size_t)Total;
  return Block;
}

void *omp_indirect_device_table_build(const __omp_offloading_fptr_map_ty *Rows,
                                      uint64_t N, size_t *Bytes) {
  return omp_indirect_device_table_build_with(Rows, N, Bytes, NULL);
}
