/*===- DeviceTableInPlace.c - the table block over the rows themselves ----===*
 *
 * See DeviceTable.h (omp_indirect_device_table_build_in). The buffer holds
 * the rows at its start. They are copied past where the slots may end
 * (alignUp(slots_end), 16 bytes a row: the room
 * omp_indirect_device_table_bytes asks for), the slots are zeroed and the
 * rows inserted into them one pass in key order, Robin Hood style: a key
 * that meets a key closer to its own home, or as close with a higher
 * address, takes its slot and carries that key on. That leaves each run of
 * full slots ordered by home and then by key, the very slots
 * DeviceTable.c's home-order fill gives, so both builders give the same
 * block; the insertion computes the sum and the longest of the keys'
 * distances from home as it goes. At 65,536 functions it replaces a
 * counting sort by home, an in-place permutation of the rows and a fill
 * from the last row to the first (about 140 instructions a row, with a
 * memset call a row) by a copy, a memset and the insertion (about 30 a
 * row), for 1 MiB more of the buffer.
 *
 *===----------------------------------------------------------------------===*/
#include "DeviceTable.h"
#include "DeviceTableBuild.h"

typedef __omp_offloading_fptr_map_ty row;

size_t omp_indirect_device_table_bytes(uint64_t N, uint64_t NumCodeRanges,
                                       omp_indirect_lookup Lookup) {
  if (N > (UINT64_MAX >> 8) || NumCodeRanges > (UINT64_MAX >> 8))
    return 0;
  uint64_t NumSlots = omp_indirect_num_slots(N, Lookup);
  /* With slots: the slots, then the rows' copy. */
  uint64_t HashEnd =
      NumSlots ? omp_indirect_align_up(omp_indirect_slots_end(NumSlots)) +
                     N * sizeof(row)
               : 0;
  uint64_t RowsEnd = ROWS_OFFSET + N * sizeof(row);
  return (size_t)(omp_indirect_align_up(HashEnd > RowsEnd ? HashEnd : RowsEnd) +
                  NumCodeRanges * sizeof(omp_indirect_code_range));
}

/* Inserts Rows[0..N), sorted by key, into the zeroed Slots under Mul (see
   the banner). Returns 0 as soon as a key would sit more than
   OMP_INDIRECT_MAX_PROBE_LIMIT slots from home (the slots then hold part
   of the rows); else 1, with the sum of the distances in *Total and the
   longest in *Longest. A key never moves back: the longest distance a key
   is put at is the longest at the end. */
static int insertAll(const row *Rows, uint64_t N, row *Slots, unsigned Shift,
                     uint64_t Mul, uint64_t *Total, uint64_t *Longest) {
  uint64_t Sum = 0, Max = 0;
  for (uint64_t R = 0; R < N; ++R) {
    row Cur = Rows[R];
    uint64_t Home = omp_indirect_home(Cur.host_ptr, Mul, Shift);
    uint64_t P = Home, D = 0; /* Cur's slot to try, and its distance. */
    while (Slots[P].host_ptr) {
      uint64_t Their = P - omp_indirect_home(Slots[P].host_ptr, Mul, Shift);
      if (Their < D || (Their == D &&
                        (uint64_t)Slots[P].host_ptr > (uint64_t)Cur.host_ptr)) {
        row Out = Slots[P];
        Slots[P] = Cur;
        Cur = Out;
        Max = D > Max ? D : Max;
        D = Their;
      }
      ++P;
      if (++D > OMP_INDIRECT_MAX_PROBE_LIMIT)
        return 0;
    }
    Slots[P] = Cur;
    Max = D > Max ? D : Max;
    Sum += P - Home; /* The one slot that filled, from the new key's home. */
  }
  *Total = Sum;
  *Longest = Max;
  return 1;
}

/* Chooses the multiplier as DeviceTable.c's chooseMultiplier does (the
   first whose keys sit on average within a quarter slot of home, else the
   one with the least total among those whose longest probe is short
   enough) and leaves the slots of T filled with it. Slots: room for
   omp_indirect_slots_end. Returns 0 when none serves (slots then dirty). */
static int hashInto(__omp_offloading_fptr_table_ty *T, const row *Rows,
                    uint64_t N, row *Slots,
                    const omp_indirect_table_options *Opts) {
  uint64_t NumSlots = T->num_slots;
  size_t SlotBytes =
      omp_indirect_slots_end(NumSlots) - OMP_INDIRECT_SLOTS_OFFSET;
  unsigned Shift = 64 - (unsigned)__builtin_ctzll(NumSlots);
  const uint64_t *Muls = OmpIndirectMultipliers;
  unsigned NumMuls = NUM_MULTIPLIERS;
  if (Opts->fixed_multiplier) {
    Muls = &Opts->multiplier;
    NumMuls = 1;
  }
  uint64_t BestTotal = UINT64_MAX, BestMul = 0, BestLongest = 0, LastMul = 0;
  int LastFits = 0;
  for (unsigned M = 0; M < NumMuls && BestTotal > N / GOOD_AVERAGE_PROBE; ++M) {
    uint64_t Total, Longest;
    LastMul = Muls[M];
    memset(Slots, 0, SlotBytes);
    LastFits = insertAll(Rows, N, Slots, Shift, LastMul, &Total, &Longest);
    if (!LastFits || Total >= BestTotal)
      continue;
    BestTotal = Total;
    BestMul = LastMul;
    BestLongest = Longest;
  }
  if (BestTotal == UINT64_MAX)
    return 0;
  if (LastMul != BestMul || !LastFits) { /* A later try filled them. */
    uint64_t Total, Longest;
    memset(Slots, 0, SlotBytes);
    insertAll(Rows, N, Slots, Shift, BestMul, &Total, &Longest);
  }
  T->hash_mul = BestMul;
  T->hash_shift = Shift;
  T->max_probe = (uint32_t)BestLongest;
  return 1;
}

int omp_indirect_device_table_build_in(void *Buffer, uint64_t N, size_t *Bytes,
                                       const omp_indirect_table_options *Opts) {
  static const omp_indirect_table_options Defaults;
  if (!Opts)
    Opts = &Defaults;
  char *Buf = Buffer;
  const row *Rows = Buffer;
  uint64_t NumCode = Opts->num_code_ranges;
  if (!omp_indirect_rows_well_formed(Rows, N) || N > (UINT64_MAX >> 8) ||
      NumCode > (UINT64_MAX >> 8) ||
      !omp_indirect_code_well_formed(Opts->code_ranges, NumCode))
    return 1;
  /* The header is written last: until then the rows' first 128 bytes are
     where it goes. */
  __omp_offloading_fptr_table_ty T = {0};
  T.magic = OMP_INDIRECT_TABLE_MAGIC;
  T.host_min = N ? (uint64_t)Rows[0].host_ptr : UINT64_MAX;
  T.host_max = N ? (uint64_t)Rows[N - 1].host_ptr : 0;
  T.num_slots = omp_indirect_num_slots(N, Opts->lookup);
  T.slots_offset = OMP_INDIRECT_SLOTS_OFFSET;
  row *Slots = (row *)(Buf + OMP_INDIRECT_SLOTS_OFFSET);
  if (T.num_slots) { /* Out of the slots' way (the copy never overlaps). */
    char *Copy =
        Buf + omp_indirect_align_up(omp_indirect_slots_end(T.num_slots));
    memcpy(Copy, Buf, N * sizeof *Rows);
    Rows = (const row *)Copy;
  }
  uint64_t End;
  if (T.num_slots && hashInto(&T, Rows, N, Slots, Opts)) {
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
    memmove(Buf + ROWS_OFFSET, Rows, N * sizeof *Rows);
    memset(Buf + OMP_INDIRECT_SLOTS_OFFSET, 0,
           ROWS_OFFSET - OMP_INDIRECT_SLOTS_OFFSET);
    End = ROWS_OFFSET + N * sizeof *Rows;
  }
  uint64_t CodeOffset = omp_indirect_align_up(End);
  memset(Buf + End, 0, CodeOffset - End);
  omp_indirect_put_stop(&T, Buf, CodeOffset, Opts);
  T.total_bytes = CodeOffset + NumCode * sizeof(omp_indirect_code_range);
  memcpy(Buf, &T, sizeof T);
  *Bytes = (size_t)T.total_bytes;
  return 0;
}
