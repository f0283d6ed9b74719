/*===- TableMerge.c - one sorted table from every image's pairs ------------===*
 *
 * A host function appears once per unit that registers it, and once per
 * image whose table refers to it: one source file linked into an executable
 * and a library gives two device copies for the one host copy the dynamic
 * linker chose. The device copy of the image that defines the host function
 * wins; any other disagreement is an error, never a guess.
 *
 *===----------------------------------------------------------------------===*/
#include "TableMerge.h"
#include "OmpIndirectRT.h"
#include "SortByKey.h"

#include <stdlib.h>
#include <string.h>

/* Puts Pairs[0..N) in order of host address, stably (a radix sort,
   SortByKey.c; qsort's comparisons dominated the registration of tens of
   thousands of functions). Returns 0, or nonzero when out of memory. */
static int sortPairs(omp_indirect_pair *Pairs, size_t N) {
  size_t Run = 1;
  while (Run < N && Pairs[Run - 1].host <= Pairs[Run].host)
    ++Run;
  if (Run >= N)
    return 0; /* Already in order: the usual case (units in link order). */
  omp_indirect_keyed *Keys = malloc(2 * N * sizeof *Keys);
  omp_indirect_pair *Sorted = malloc(N * sizeof *Sorted);
  if (!Keys || !Sorted) {
    free(Keys);
    free(Sorted);
    return 1;
  }
  for (size_t I = 0; I < N; ++I)
    Keys[I] = (omp_indirect_keyed){Pairs[I].host, I};
  omp_indirect_keyed *Order = omp_indirect_sort_by_key(Keys, Keys + N, N);
  for (size_t I = 0; I < N; ++I)
    Sorted[I] = Pairs[Order[I].index];
  memcpy(Pairs, Sorted, N * sizeof *Pairs);
  free(Sorted);
  free(Keys);
  return 0;
}

/* True when the pairs to keep (host != tgt) have increasing host
   addresses, none repeated: units in link order, each function registered
   once, as in most programs. They then need no sort and no choice. */
static int inStrictOrder(const omp_indirect_pair *Pairs, size_t N) {
  uint64_t Prev = 0;
  for (size_t I = 0; I < N; ++I) {
    if (Pairs[I].host == Pairs[I].tgt)
      continue;
    if (Pairs[I].host <= Prev)
      return 0;
    Prev = Pairs[I].host;
  }
  return 1;
}

/* Of the pairs P[0..N) for one host address, the one to keep, or NULL after
   an error. */
static const omp_indirect_pair *choose(int DeviceId,
                                       const omp_indirect_image *Images,
                                       const omp_indirect_pair *P, size_t N) {
  if (N == 1)
    return P; /* The usual case: one unit registers the function. */
  const omp_indirect_pair *Owner = NULL;
  int Agree = 1, Owners = 1;
  for (size_t I = 0; I < N; ++I) {
    Agree &= P[I].tgt == P[0].tgt;
    if (!omp_indirect_image_owns(&Images[P[I].image], P[I].host))
      continue;
    if (!Owner)
      Owner = &P[I];
    else if (Owner->tgt != P[I].tgt)
      Owners = 0; /* Two defining images disagree: no answer. */
  }
  if (Agree)
    return P;
  if (Owner && Owners)
    return Owner;
  const omp_indirect_pair *Other = &P[0];
  for (size_t I = 1; I < N; ++I)
    if (P[I].tgt != P[0].tgt)
      Other = &P[I];
  omp_indirect_error(DeviceId,
                     "indirect function '%s' (host %p) has two device "
                     "addresses, %p in image '%s' and %p in image '%s'",
                     P[0].name, (void *)(uintptr_t)P[0].host,
                     (void *)(uintptr_t)P[0].tgt, Images[P[0].image].name,
                     (void *)(uintptr_t)Other->tgt, Images[Other->image].name);
  return NULL;
}

int omp_indirect_merge_pairs(int DeviceId, const omp_indirect_image *Images,
                             omp_indirect_pair *Pairs, size_t N,
                             __omp_offloading_fptr_map_ty *Map,
                             uint64_t *Len) {
  /* A device copy never sits at its host function's address. Such a pair
     comes from a unit that only declares the function: on the host-offload
     device the dynamic linker bound its device reference to the host copy
     (or, in a non-PIE executable, to the canonical PLT entry). The image
     that defines the function gives the device copy. */
  if (inStrictOrder(Pairs, N)) { /* The usual case: the rows as they come. */
    uint64_t Out = 0;
    for (size_t I = 0; I < N; ++I) {
      uint64_t Host = Pairs[I].host, Tgt = Pairs[I].tgt; /* Before Map[Out]. */
      if (Host == Tgt)
        continue;
      Map[Out].host_ptr = (int64_t)Host;
      Map[Out].tgt_ptr = (int64_t)Tgt;
      ++Out;
    }
    *Len = Out;
    return 0;
  }
  size_t Kept = 0;
  for (size_t I = 0; I < N; ++I)
    if (Pairs[I].host != Pairs[I].tgt)
      Pairs[Kept++] = Pairs[I];
  N = Kept;
  if (sortPairs(Pairs, N)) {
    omp_indirect_error(DeviceId, "out of memory sorting %zu FPTR entries", N);
    return 1;
  }
  uint64_t Out = 0;
  for (size_t I = 0; I < N;) {
    size_t J = I + 1;
    while (J < N && Pairs[J].host == Pairs[I].host)
      ++J;
    const omp_indirect_pair *Keep = choose(DeviceId, Images, &Pairs[I], J - I);
    if (!Keep)
      return 1;
    /* Read before the row is written: it may overlay Pairs[0] (TableMerge.h). */
    uint64_t Host = Keep->host, Tgt = Keep->tgt;
    Map[Out].host_ptr = (int64_t)Host;
    Map[Out].tgt_ptr = (int64_t)Tgt;
    ++Out;
    I = J;
  }
  *Len = Out;
  return 0;
}
