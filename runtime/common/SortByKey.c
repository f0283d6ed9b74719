/*===- SortByKey.c - sort {key, index} pairs by a 64-bit key --------------===*
 *
 * See SortByKey.h.
 *
 *===----------------------------------------------------------------------===*/
#include "SortByKey.h"

static int inOrder(const omp_indirect_keyed *Items, size_t N) {
  for (size_t I = 1; I < N; ++I)
    if (Items[I - 1].key > Items[I].key)
      return 0;
  return 1;
}

/* One stable counting pass on the byte at Shift, From -> To. */
static void pass(const omp_indirect_keyed *From, omp_indirect_keyed *To,
                 size_t N, unsigned Shift) {
  size_t Count[256] = {0};
  for (size_t I = 0; I < N; ++I)
    ++Count[(From[I].key >> Shift) & 0xff];
  size_t Sum = 0;
  for (unsigned B = 0; B < 256; ++B) {
    size_t C = Count[B];
    Count[B] = Sum;
    Sum += C;
  }
  for (size_t I = 0; I < N; ++I)
    To[Count[(From[I].key >> Shift) & 0xff]++] = From[I];
}

omp_indirect_keyed *omp_indirect_sort_by_key(omp_indirect_keyed *Items,
                                             omp_indirect_keyed *Tmp,
                                             size_t N) {
  if (N < 2 || inOrder(Items, N))
    return Items;
  uint64_t All = ~(uint64_t)0, Any = 0;
  for (size_t I = 0; I < N; ++I) {
    All &= Items[I].key;
    Any |= Items[I].key;
  }
  uint64_t Differ = All ^ Any; /* Bits that are not the same in every key. */
  for (unsigned Shift = 0; Shift < 64; Shift += 8) {
    if (!((Differ >> Shift) & 0xff))
      continue; /* Every key has this byte: the pass would change nothing. */
    pass(Items, Tmp, N, Shift);
    omp_indirect_keyed *Swap = Items;
    Items = Tmp;
    Tmp = Swap;
  }
  return Items;
}
