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
  const uint64_t *Muls = Multipliers;
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

/* Home slots for N rows: the power of two at least 2N, or none. */
static uint64_t numSlots(uint64_t N, omp_indirect_lookup Lookup) {
  uint64_t NumSlots = 0;
  if (N && Lookup == OMP_INDIRECT_LOOKUP_HASH)
    for (NumSlots = 2; NumSlots < 2 * N; NumSlots *= 2)
      ;
  return NumSlots;
}

/* Where the rows go in a block without hash slots. */
#define ROWS_OFFSET                                                            \
  ((OMP_INDIRECT_SLOTS_OFFSET + sizeof(__omp_offloading_fptr_map_ty) +       \
    BLOCK_ALIGN - 1) & ~(uint64_t)(BLOCK_ALIGN - 1))

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
  uint64_t NumSlots = numSlots(N, Opts->lookup);
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

size_t omp_indirect_device_table_bytes(uint64_t N, uint64_t NumCodeRanges,
                                       omp_indirect_lookup Lookup) {
  if (N > (UINT64_MAX >> 8) || NumCodeRanges > (UINT64_MAX >> 8))
    return 0;
  uint64_t SlotsEnd =
      OMP_INDIRECT_SLOTS_OFFSET + (numSlots(N, Lookup) +
                                   OMP_INDIRECT_MAX_PROBE_LIMIT + 1) *
                                      sizeof(__omp_offloading_fptr_map_ty);
  uint64_t RowsEnd = ROWS_OFFSET + N * sizeof(__omp_offloading_fptr_map_ty);
  return (size_t)(alignUp(SlotsEnd > RowsEnd ? SlotsEnd : RowsEnd) +
                  NumCodeRanges * sizeof(omp_indirect_code_range));
}

/* Puts Rows[0..N) in the order Order gives (row I becomes the row at
   Order[I]), in place, following each cycle; marks Order as it goes. */
static void permute(__omp_offloading_fptr_map_ty *Rows, uint32_t *Order,
                    uint64_t N) {
  for (uint64_t I = 0; I < N; ++I) {
    if (Order[I] == UINT32_MAX)
      continue;
    __omp_offloading_fptr_map_ty First = Rows[I];
    for (uint64_t J = I;;) {
      uint64_t K = Order[J];
      Order[J] = UINT32_MAX;
      if (K == I) {
        Rows[J] = First;
        break;
      }
      Rows[J] = Rows[K];
      J = K;
    }
  }
}

/* Rows whose slots fillBackward computes at a time (on its stack). */
#define FILL_CHUNK 512

/* Fills the NumTotal slots at Slots, which overlay the rows Rows[0..N) in
   home order (Slots is 128 bytes past Rows): each row goes to the first free
   slot from its home, as fill() places it, and every other slot is zeroed.
   From the last row to the first: row I's slot is never before slot I, so
   it lies past every row not yet moved. Starts[C]: the first free slot
   before chunk C of FILL_CHUNK rows. */
static void fillBackward(__omp_offloading_fptr_map_ty *Rows, uint64_t N,
                         unsigned Shift, uint64_t Mul,
                         __omp_offloading_fptr_map_ty *Slots, uint64_t NumTotal,
                         uint64_t *Starts) {
  uint64_t Next = 0;
  for (uint64_t I = 0; I < N; ++I) {
    if (I % FILL_CHUNK == 0)
      Starts[I / FILL_CHUNK] = Next;
    uint64_t Home = home(Rows[I].host_ptr, Mul, Shift);
    Next = (Home > Next ? Home : Next) + 1;
  }
  uint64_t Above = NumTotal; /* Slots from here on are written. */
  for (uint64_t C = (N + FILL_CHUNK - 1) / FILL_CHUNK; C-- > 0;) {
    uint64_t Lo = C * FILL_CHUNK, Hi = Lo + FILL_CHUNK < N ? Lo + FILL_CHUNK : N;
    uint64_t Pos[FILL_CHUNK];
    Next = Starts[C];
    for (uint64_t I = Lo; I < Hi; ++I) {
      uint64_t Home = home(Rows[I].host_ptr, Mul, Shift);
      Pos[I - Lo] = Home > Next ? Home : Next;
      Next = Pos[I - Lo] + 1;
    }
    for (uint64_t I = Hi; I-- > Lo;) {
      __omp_offloading_fptr_map_ty Row = Rows[I];
      uint64_t P = Pos[I - Lo];
      memset(&Slots[P + 1], 0, (Above - P - 1) * sizeof *Slots);
      Slots[P] = Row;
      Above = P;
    }
  }
  memset(Slots, 0, Above * sizeof *Slots);
}

/* The hash slots over the rows themselves (see
   omp_indirect_device_table_build_in). Returns 0, with the rows as they
   were, when no multiplier serves or out of memory. */
static int buildHashIn(__omp_offloading_fptr_table_ty *T, char *Buf,
                       uint64_t N, const omp_indirect_table_options *Opts) {
  __omp_offloading_fptr_map_ty *Rows = (__omp_offloading_fptr_map_ty *)Buf;
  if (N > UINT32_MAX - 1)
    return 0; /* Indices are 32 bits, and one marks a moved row. */
  uint32_t *Count = (uint32_t *)(Buf + N * sizeof *Rows);
  uint32_t *Order = Count + T->num_slots + 1;
  uint64_t *Starts = malloc((N / FILL_CHUNK + 1) * sizeof *Starts);
  if (!Starts || !chooseMultiplier(T, Rows, N, Count, Order, Opts)) {
    free(Starts);
    return 0;
  }
  permute(Rows, Order, N);
  fillBackward(Rows, N, T->hash_shift, T->hash_mul,
               (__omp_offloading_fptr_map_ty *)(Buf + OMP_INDIRECT_SLOTS_OFFSET),
               T->num_slots + T->max_probe + 1, Starts);
  free(Starts);
  return 1;
}

int omp_indirect_device_table_build_in(void *Buffer, uint64_t N,
                                       size_t *Bytes,
                                       const omp_indirect_table_options *Opts) {
  static const omp_indirect_table_options Defaults;
  if (!Opts)
    Opts = &Defaults;
  char *Buf = Buffer;
  const __omp_offloading_fptr_map_ty *Rows = Buffer;
  uint64_t NumCode = Opts->num_code_ranges;
  if (!wellFormed(Rows, N) || N > (UINT64_MAX >> 8) ||
      NumCode > (UINT64_MAX >> 8) ||
      !codeWellFormed(Opts->code_ranges, NumCode))
    return 1;
  /* The header is written last: until then the rows' first 128 bytes are
     where it goes. */
  __omp_offloading_fptr_table_ty T = {0};
  T.magic = OMP_INDIRECT_TABLE_MAGIC;
  T.host_min = N ? (uint64_t)Rows[0].host_ptr : UINT64_MAX;
  T.host_max = N ? (uint64_t)Rows[N - 1].host_ptr : 0;
  T.num_slots = numSlots(N, Opts->lookup);
  T.slots_offset = OMP_INDIRECT_SLOTS_OFFSET;
  uint64_t End;
  if (T.num_slots && buildHashIn(&T, Buf, N, Opts)) {
    T.rows_offset = OMP_INDIRECT_SLOTS_OFFSET;
    End = OMP_INDIRECT_SLOTS_OFFSET +
          (T.num_slots + T.max_probe + 1) * sizeof *Rows;
  } else { /* As in omp_indirect_device_table_build_with. */
    T.num_slots = 0;
    T.hash_mul = 0;
    T.hash_shift = 0;
    T.max_probe = 0;
    T.num_rows = N;
    T.rows_offset = ROWS_OFFSET;
    memmove(Buf + ROWS_OFFSET, Buf, N * sizeof *Rows);
    memset(Buf + OMP_INDIRECT_SLOTS_OFFSET, 0,
           ROWS_OFFSET - OMP_INDIRECT_SLOTS_OFFSET);
    End = ROWS_OFFSET + N * sizeof *Rows;
  }
  uint64_t CodeOffset = alignUp(End);
  memset(Buf + End, 0, CodeOffset - End);
  putStop(&T, Buf, CodeOffset, Opts);
  T.total_bytes = CodeOffset + NumCode * sizeof(omp_indirect_code_range);
  memcpy(Buf, &T, sizeof T);
  *Bytes = (size_t)T.total_bytes;
  return 0;
}
