/*===- DeviceTable.c - build the table block the device searches ----------===*
 *
 * See DeviceTable.h. The block: the header, then (at the next 64-byte
 * boundary) the rows as given, then (again 64-byte aligned) the host code
 * ranges, if any, then (again 64-byte aligned) the hash slots.
 * The slots are an open-addressing table with linear probing, at most half
 * full: 2^k slots for N rows with 2^k >= 2N (32 to 64 bytes of slots per
 * function). A key's home slot
 * is the top k bits of key * multiplier (Fibonacci hashing, which spreads
 * evenly the arithmetic-progression-like addresses functions have). The
 * builder tries a few odd multipliers and keeps the one whose keys sit
 * closest to their homes in total, stopping early when every key is at
 * home; the longest distance goes into the header, and the device never
 * probes further.
 *
 *===----------------------------------------------------------------------===*/
#include "DeviceTable.h"
#include "SortByKey.h"

#include <stdlib.h>
#include <string.h>

/* Odd multipliers: the 64-bit golden ratio first, then the mixing constants
   of splitmix64 and murmur3's finalizer. Trying one costs a radix sort of
   the rows by home slot (SortByKey.c); only the best one fills the slots. */
static const uint64_t Multipliers[] = {
    0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL, 0x94d049bb133111ebULL,
    0xff51afd7ed558ccdULL, 0xc4ceb9fe1a85ec53ULL};
#define NUM_MULTIPLIERS (sizeof Multipliers / sizeof Multipliers[0])


#define BLOCK_ALIGN 64

/* A multiplier whose keys sit on average at most 1/GOOD_AVERAGE_PROBE of a
   slot from home is kept without trying the others (a random hash at half
   load averages 1/2; Fibonacci hashing of function addresses, which are
   nearly evenly spaced, usually much less). */
#define GOOD_AVERAGE_PROBE 4

static uint64_t alignUp(uint64_t X) {
  return (X + BLOCK_ALIGN - 1) & ~(uint64_t)(BLOCK_ALIGN - 1);
}

/* The rows in order of home slot under Mul (Keys and Tmp: N items each, of
   which the result is one). A stable radix sort: rows with one home stay in
   key order. */
static omp_indirect_keyed *byHome(const __omp_offloading_fptr_map_ty *Rows,
                                  uint64_t N, unsigned Shift, uint64_t Mul,
                                  omp_indirect_keyed *Keys,
                                  omp_indirect_keyed *Tmp) {
  for (uint64_t R = 0; R < N; ++R)
    Keys[R] = (omp_indirect_keyed){((uint64_t)Rows[R].host_ptr * Mul) >> Shift,
                                   R};
  return omp_indirect_sort_by_key(Keys, Tmp, N);
}

/* The sum of all probe lengths with keys placed in home order (each at
   max(home, previous + 1), as if the slots did not wrap): what linear
   probing gives, whatever the order of insertion, up to the rare keys that
   wrap past the last slot. Also the longest, in *Longest. */
static uint64_t cost(const omp_indirect_keyed *ByHome, uint64_t N,
                     uint64_t *Longest) {
  uint64_t Total = 0, Next = 0;
  *Longest = 0;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t Pos = ByHome[I].key > Next ? ByHome[I].key : Next;
    uint64_t P = Pos - ByHome[I].key;
    Total += P;
    if (P > *Longest)
      *Longest = P;
    Next = Pos + 1;
  }
  return Total;
}

/* Fills Slots (NumSlots = 2^k) with the rows in home order: each at the
   first free slot from its home, found without probing (the slot after the
   previous row's, or its home) until the end of the slots; the few that
   wrap probe from their home. Writes go front to back. Returns the longest
   probe. */
static uint64_t fill(const __omp_offloading_fptr_map_ty *Rows,
                     const omp_indirect_keyed *ByHome, uint64_t N,
                     __omp_offloading_fptr_map_ty *Slots, uint64_t NumSlots) {
  uint64_t Mask = NumSlots - 1, Next = 0, Longest = 0; /* Slots are zero. */
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t Home = ByHome[I].key, Pos = Home > Next ? Home : Next;
    if (Pos >= NumSlots) /* Wraps: probe (the slots are at most half full). */
      for (Pos = Home; Slots[Pos & Mask].host_ptr; ++Pos)
        ;
    Slots[Pos & Mask] = Rows[ByHome[I].index];
    if (Pos - Home > Longest)
      Longest = Pos - Home;
    Next = Pos + 1;
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

/* Non-empty, sorted, disjoint ranges, none at 0: the form the device's
   binary search and its bounds check rely on. */
static int codeWellFormed(const omp_indirect_code_range *R, uint64_t N) {
  for (uint64_t I = 0; I < N; ++I)
    if (!R[I].begin || R[I].begin >= R[I].end ||
        (I && R[I - 1].end > R[I].begin))
      return 0;
  return 1;
}

/* Copies the stop's fields of Opts into T and its ranges to Block + Offset. */
static void putStop(__omp_offloading_fptr_table_ty *T, char *Block,
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

/* Chooses the multiplier and fills the slots of T. Returns 0 when no
   multiplier gives a short enough probe, or out of memory (T then keeps no
   slots). */
static int buildHash(__omp_offloading_fptr_table_ty *T,
                     const __omp_offloading_fptr_map_ty *Rows,
                     __omp_offloading_fptr_map_ty *Slots,
                     const omp_indirect_table_options *Opts) {
  uint64_t N = T->num_rows;
  unsigned Shift = 64 - (unsigned)__builtin_ctzll(T->num_slots);
  const uint64_t *Muls = Multipliers;
  unsigned NumMuls = NUM_MULTIPLIERS;
  if (Opts && Opts->fixed_multiplier) {
    Muls = &Opts->multiplier;
    NumMuls = 1;
  }
  omp_indirect_keyed *Keys = malloc(2 * N * sizeof *Keys);
  if (!Keys)
    return 0; /* Out of memory for the hash: the binary search still works. */
  omp_indirect_keyed *Best = NULL, *Order = NULL;
  uint64_t BestTotal = UINT64_MAX, BestMul = 0, LastMul = 0;
  for (unsigned M = 0; M < NumMuls && BestTotal > N / GOOD_AVERAGE_PROBE;
       ++M) {
    LastMul = Muls[M];
    Order = byHome(Rows, N, Shift, LastMul, Keys, Keys + N);
    uint64_t Longest, Total = cost(Order, N, &Longest);
    if (Longest > OMP_INDIRECT_MAX_PROBE_LIMIT || Total >= BestTotal)
      continue;
    BestTotal = Total;
    BestMul = LastMul;
    Best = Order;
  }
  /* A later, worse try sorted over the best order: sort it again. */
  if (Best && LastMul != BestMul)
    Best = byHome(Rows, N, Shift, BestMul, Keys, Keys + N);
  int Rc = 0;
  if (Best) {
    T->hash_mul = BestMul;
    T->hash_shift = Shift;
    T->max_probe = (uint32_t)fill(Rows, Best, N, Slots, T->num_slots);
    Rc = T->max_probe <= OMP_INDIRECT_MAX_PROBE_LIMIT;
  }
  free(Keys);
  return Rc;
}

void *omp_indirect_device_table_build_with(
    const __omp_offloading_fptr_map_ty *Rows, uint64_t N, size_t *Bytes,
    const omp_indirect_table_options *Opts) {
  static const omp_indirect_table_options Defaults;
  if (!Opts)
    Opts = &Defaults;
  uint64_t NumCode = Opts->num_code_ranges;
  if (!wellFormed(Rows, N) || N > (UINT64_MAX >> 8) ||
      NumCode > (UINT64_MAX >> 8) ||
      !codeWellFormed(Opts->code_ranges, NumCode))
    return NULL;
  uint64_t NumSlots = 0;
  if (N && Opts->lookup == OMP_INDIRECT_LOOKUP_HASH)
    for (NumSlots = 2; NumSlots < 2 * N; NumSlots *= 2)
      ;
  uint64_t RowsOffset = alignUp(sizeof(__omp_offloading_fptr_table_ty));
  uint64_t CodeOffset = alignUp(RowsOffset + N * sizeof *Rows);
  uint64_t SlotsOffset =
      alignUp(CodeOffset + NumCode * sizeof(omp_indirect_code_range));
  uint64_t Total = SlotsOffset + NumSlots * sizeof *Rows;
  /* Zeroed: the empty slots. Offsets, not addresses, are 64-byte aligned. */
  char *Block = calloc(1, Total);
  if (!Block)
    return NULL;
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
  putStop(T, Block, CodeOffset, Opts);
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
