/*===- DeviceTable.c - build the table block the device searches ----------===*
 *
 * See DeviceTable.h. The block: the header, then, right after it (offset
 * 128, where the lookup expects them), the hash slots, or, without them,
 * one empty slot and (64-byte aligned) the rows as given (the device reads
 * the rows only when there are no slots, so a block carries one or the
 * other), then (64-byte aligned) the host code ranges, if any. The slots
 * are an open-addressing table with linear probing that does not wrap:
 * 2^k home slots for N rows with 2^k >= 2N, at most half full, then as many
 * slots again as the longest probe and one more, which stays empty (32 to
 * 64 bytes of slots per function). A key's home slot
 * is the top k bits of key * multiplier (Fibonacci hashing, which spreads
 * evenly the arithmetic-progression-like addresses functions have). The
 * builder tries a few odd multipliers and keeps the one whose keys sit
 * closest to their homes in total, stopping early when every key is at
 * home; the longest distance goes into the header, and the device never
 * probes further.
 *
 *===----------------------------------------------------------------------===*/
#include "DeviceTable.h"

#include <stdlib.h>
#include <string.h>

/* Odd multipliers: the 64-bit golden ratio first, then the mixing constants
   of splitmix64 and murmur3's finalizer. Trying one costs a radix sort of
   the rows by home slot (a counting sort); only the best one fills the
   slots. */
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

/* The home slot of Key under Mul. */
static uint64_t home(int64_t Key, uint64_t Mul, unsigned Shift) {
  return ((uint64_t)Key * Mul) >> Shift;
}

/* The rows' indices in order of home slot under Mul, into Order[0..N): a
   counting sort, stable (rows with one home stay in key order), with
   Count[0..NumSlots] as scratch. 12 bytes per row in all (a sort of
   {key, index} pairs took 32). */
static void byHome(const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
                   uint64_t NumSlots, unsigned Shift, uint64_t Mul,
                   uint32_t *Count, uint32_t *Order) {
  memset(Count, 0, (NumSlots + 1) * sizeof *Count);
  for (uint64_t R = 0; R < N; ++R)
    ++Count[home(Rows[R].host_ptr, Mul, Shift) + 1];
  for (uint64_t H = 0; H < NumSlots; ++H)
    Count[H + 1] += Count[H];
  for (uint64_t R = 0; R < N; ++R)
    Order[Count[home(Rows[R].host_ptr, Mul, Shift)]++] = (uint32_t)R;
}

/* The sum of all probe lengths with keys placed in home order (each at
   max(home, previous + 1)): what linear probing without wrapping gives,
   whatever the order of insertion. Also the longest, in *Longest. */
static uint64_t cost(const __omp_offloading_fptr_map_ty *Rows,
                     const uint32_t *Order, uint64_t N, unsigned Shift,
                     uint64_t Mul, uint64_t *Longest) {
  uint64_t Total = 0, Next = 0;
  *Longest = 0;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t Home = home(Rows[Order[I]].host_ptr, Mul, Shift);
    uint64_t Pos = Home > Next ? Home : Next;
    uint64_t P = Pos - Home;
    Total += P;
    if (P > *Longest)
      *Longest = P;
    Next = Pos + 1;
  }
  return Total;
}

/* Fills Slots (zero, 2^k home slots and at least the longest probe's
   worth after them) with the rows in home order: each at the first free
   slot from its home, found without probing (the slot after the previous
   row's, or its home). Writes go front to back. */
static void fill(const __omp_offloading_fptr_map_ty *Rows,
                 const uint32_t *Order, uint64_t N, unsigned Shift,
                 uint64_t Mul, __omp_offloading_fptr_map_ty *Slots) {
  uint64_t Next = 0;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t Home = home(Rows[Order[I]].host_ptr, Mul, Shift);
    uint64_t Pos = Home > Next ? Home : Next;
    Slots[Pos] = Rows[Order[I]];
    Next = Pos + 1;
  }
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
                     const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
                     __omp_offloading_fptr_map_ty *Slots,
                     const omp_indirect_table_options *Opts) {
  uint64_t NumSlots = T->num_slots;
  unsigned Shift = 64 - (unsigned)__builtin_ctzll(NumSlots);
  const uint64_t *Muls = Multipliers;
  unsigned NumMuls = NUM_MULTIPLIERS;
  if (Opts && Opts->fixed_multiplier) {
    Muls = &Opts->multiplier;
    NumMuls = 1;
  }
  if (N > UINT32_MAX)
    return 0; /* Indices are 32 bits: the binary search serves. */
  size_t ScratchBytes = (NumSlots + 1 + N) * sizeof(uint32_t);
  int Own = !Opts || !Opts->scratch || Opts->scratch_bytes < ScratchBytes;
  uint32_t *Count = Own ? malloc(ScratchBytes) : Opts->scratch;
  if (!Count)
    return 0; /* Out of memory for the hash: the binary search still works. */
  uint32_t *Order = Count + NumSlots + 1;
  uint64_t BestTotal = UINT64_MAX, BestMul = 0, BestLongest = 0, LastMul = 0;
  for (unsigned M = 0; M < NumMuls && BestTotal > N / GOOD_AVERAGE_PROBE;
       ++M) {
    LastMul = Muls[M];
    byHome(Rows, N, NumSlots, Shift, LastMul, Count, Order);
    uint64_t Longest, Total = cost(Rows, Order, N, Shift, LastMul, &Longest);
    if (Longest > OMP_INDIRECT_MAX_PROBE_LIMIT || Total >= BestTotal)
      continue;
    BestTotal = Total;
    BestMul = LastMul;
    BestLongest = Longest;
  }
  int Rc = 0;
  if (BestTotal != UINT64_MAX) {
    /* A later, worse try sorted over the best order: sort it again. */
    if (LastMul != BestMul)
      byHome(Rows, N, NumSlots, Shift, BestMul, Count, Order);
    T->hash_mul = BestMul;
    T->hash_shift = Shift;
    T->max_probe = (uint32_t)BestLongest;
    fill(Rows, Order, N, Shift, BestMul, Slots);
    Rc = 1;
  }
  if (Own)
    free(Count);
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
  /* Room for the longest probe the builder accepts past the last home
     slot and one empty slot, or for one empty slot and the rows. */
  uint64_t SlotsEnd = OMP_INDIRECT_SLOTS_OFFSET +
                      (NumSlots + OMP_INDIRECT_MAX_PROBE_LIMIT + 1) *
                          sizeof *Rows;
  uint64_t RowsOffset =
      alignUp(OMP_INDIRECT_SLOTS_OFFSET + sizeof(__omp_offloading_fptr_map_ty));
  uint64_t RowsEnd = RowsOffset + N * sizeof *Rows;
  uint64_t Room = SlotsEnd > RowsEnd ? SlotsEnd : RowsEnd;
  uint64_t CodeBytes = NumCode * sizeof(omp_indirect_code_range);
  /* Zeroed: the empty slots. Offsets, not addresses, are 64-byte aligned. */
  char *Block = calloc(1, alignUp(Room) + CodeBytes);
  if (!Block)
    return NULL;
  __omp_offloading_fptr_table_ty *T = (__omp_offloading_fptr_table_ty *)Block;
  T->magic = OMP_INDIRECT_TABLE_MAGIC;
  T->host_min = N ? (uint64_t)Rows[0].host_ptr : UINT64_MAX;
  T->host_max = N ? (uint64_t)Rows[N - 1].host_ptr : 0;
  T->num_slots = NumSlots;
  T->slots_offset = OMP_INDIRECT_SLOTS_OFFSET;
  __omp_offloading_fptr_map_ty *Slots =
      (__omp_offloading_fptr_map_ty *)(Block + OMP_INDIRECT_SLOTS_OFFSET);
  uint64_t End;
  if (NumSlots && buildHash(T, Rows, N, Slots, Opts)) {
    T->rows_offset = OMP_INDIRECT_SLOTS_OFFSET;
    End = OMP_INDIRECT_SLOTS_OFFSET +
          (NumSlots + T->max_probe + 1) * sizeof *Rows;
  } else {
    /* The fallback: one empty slot (every probe misses at once), and the
       rows, which the device binary-searches. A hash that failed wrote no
       slot: they are still zero. */
    T->num_slots = 0;
    T->hash_mul = 0;
    T->hash_shift = 0;
    T->max_probe = 0;
    T->num_rows = N;
    T->rows_offset = RowsOffset;
    if (N)
      memcpy(Block + RowsOffset, Rows, N * sizeof *Rows);
    End = RowsEnd;
  }
  uint64_t CodeOffset = alignUp(End);
  putStop(T, Block, CodeOffset, Opts);
  uint64_t Total = CodeOffset + CodeBytes;
  T->total_bytes = Total;
  *Bytes = (size_t)Total;
  return Block;
}

void *omp_indirect_device_table_build(const __omp_offloading_fptr_map_ty *Rows,
                                      uint64_t N, size_t *Bytes) {
  return omp_indirect_device_table_build_with(Rows, N, Bytes, NULL);
}
