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
 * probes further. This builder (rows given apart, as
 * __tgt_rtl_set_function_ptr_map gives them) places the keys in home order
 * after a counting sort by home; the runtime's own, DeviceTableInPlace.c,
 * gives the same slots by Robin Hood insertion.
 *
 *===----------------------------------------------------------------------===*/
#include "DeviceTable.h"
#include "DeviceTableBuild.h"

#include <stdlib.h>
#include <string.h>

/* The rows' indices in order of home slot under Mul, into Order[0..N): a
   counting sort, stable (rows with one home stay in key order), with
   Count[0..NumSlots] as scratch. 12 bytes per row in all (a sort of
   {key, index} pairs took 32). */
static void byHome(const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
                   uint64_t NumSlots, unsigned Shift, uint64_t Mul,
                   uint32_t *Count, uint32_t *Order) {
  memset(Count, 0, (NumSlots + 1) * sizeof *Count);
  for (uint64_t R = 0; R < N; ++R)
    ++Count[omp_indirect_home(Rows[R].host_ptr, Mul, Shift) + 1];
  for (uint64_t H = 0; H < NumSlots; ++H)
    Count[H + 1] += Count[H];
  for (uint64_t R = 0; R < N; ++R)
    Order[Count[omp_indirect_home(Rows[R].host_ptr, Mul, Shift)]++] =
        (uint32_t)R;
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
    uint64_t Home = omp_indirect_home(Rows[Order[I]].host_ptr, Mul, Shift);
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
    uint64_t Home = omp_indirect_home(Rows[Order[I]].host_ptr, Mul, Shift);
    uint64_t Pos = Home > Next ? Home : Next;
    Slots[Pos] = Rows[Order[I]];
    Next = Pos + 1;
  }
}

/* Chooses the multiplier for T (num_slots set) and sets hash_mul,
   hash_shift and max_probe; leaves Order[0..N) in home order under it.
   Count and Order: (num_slots + 1 + N) * 4 bytes of scratch. Returns 0 when
   no multiplier gives a short enough probe (T unchanged). */
static int chooseMultiplier(__omp_offloading_fptr_table_ty *T,
                            const __omp_offloading_fptr_map_ty *Rows,
                            uint64_t N, uint32_t *Count, uint32_t *Order,
                            const omp_indirect_table_options *Opts) {
  uint64_t NumSlots = T->num_slots;
  unsigned Shift = 64 - (unsigned)__builtin_ctzll(NumSlots);
  const uint64_t *Muls = OmpIndirectMultipliers;
  unsigned NumMuls = NUM_MULTIPLIERS;
  if (Opts && Opts->fixed_multiplier) {
    Muls = &Opts->multiplier;
    NumMuls = 1;
  }
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
  if (BestTotal == UINT64_MAX)
    return 0;
  /* A later, worse try sorted over the best order: sort it again. */
  if (LastMul != BestMul)
    byHome(Rows, N, NumSlots, Shift, BestMul, Count, Order);
  T->hash_mul = BestMul;
  T->hash_shift = Shift;
  T->max_probe = (uint32_t)BestLongest;
  return 1;
}

/* Chooses the multiplier and fills the slots of T. Returns 0 when no
   multiplier gives a short enough probe, or out of memory (T then keeps no
   slots). */
static int buildHash(__omp_offloading_fptr_table_ty *T,
                     const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
                     __omp_offloading_fptr_map_ty *Slots,
                     const omp_indirect_table_options *Opts) {
  if (N > UINT32_MAX)
    return 0; /* Indices are 32 bits: the binary search serves. */
  uint32_t *Count = malloc((T->num_slots + 1 + N) * sizeof(uint32_t));
  if (!Count)
    return 0; /* Out of memory for the hash: the binary search still works. */
  uint32_t *Order = Count + T->num_slots + 1;
  int Rc = chooseMultiplier(T, Rows, N, Count, Order, Opts);
  if (Rc)
    fill(Rows, Order, N, T->hash_shift, T->hash_mul, Slots);
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
  if (!omp_indirect_rows_well_formed(Rows, N) || N > (UINT64_MAX >> 8) ||
      NumCode > (UINT64_MAX >> 8) ||
      !omp_indirect_code_well_formed(Opts->code_ranges, NumCode))
    return NULL;
  uint64_t NumSlots = omp_indirect_num_slots(N, Opts->lookup);
  /* Room for the longest probe the builder accepts past the last home
     slot and one empty slot, or for one empty slot and the rows. */
  uint64_t SlotsEnd = OMP_INDIRECT_SLOTS_OFFSET +
                      (NumSlots + OMP_INDIRECT_MAX_PROBE_LIMIT + 1) *
                          sizeof *Rows;
  uint64_t RowsOffset = ROWS_OFFSET;
  uint64_t RowsEnd = RowsOffset + N * sizeof *Rows;
  uint64_t Room = SlotsEnd > RowsEnd ? SlotsEnd : RowsEnd;
  uint64_t CodeBytes = NumCode * sizeof(omp_indirect_code_range);
  /* Zeroed: the empty slots. Offsets, not addresses, are 64-byte aligned. */
  char *Block = calloc(1, omp_indirect_align_up(Room) + CodeBytes);
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
  uint64_t CodeOffset = omp_indirect_align_up(End);
  omp_indirect_put_stop(T, Block, CodeOffset, Opts);
  uint64_t Total = CodeOffset + CodeBytes;
  T->total_bytes = Total;
  *Bytes = (size_t)Total;
  return Block;
}

void *omp_indirect_device_table_build(const __omp_offloading_fptr_map_ty *Rows,
                                      uint64_t N, size_t *Bytes) {
  return omp_indirect_device_table_build_with(Rows, N, Bytes, NULL);
}
