/*===- ItemHull.c - an item's many member ranges as one entry per direction ===*
 *
 * ItemHull.h.
 *
 *===----------------------------------------------------------------------===*/
#include "ItemHull.h"

#include "Scratch.h"

#include <stdlib.h>
#include <string.h>

int omp_indirect_dir_push(omp_indirect_dir_ranges *L, uintptr_t Lo,
                          uintptr_t Hi) {
  if ((size_t)L->N == L->Cap &&
      omp_indirect_scratch_grow((void **)&L->R, &L->Cap, (size_t)L->N + 1,
                                sizeof *L->R))
    return 1;
  if (L->N && Lo < L->R[L->N - 1].Lo)
    L->Unsorted = 1;
  L->R[L->N++] = (omp_indirect_range){Lo, Hi, 0};
  return 0;
}

void omp_indirect_dir_free(omp_indirect_dir_ranges *L) {
  omp_indirect_scratch_give(L->R);
  memset(L, 0, sizeof *L);
}

static int byLo(const void *A, const void *B) {
  const omp_indirect_range *X = A, *Y = B;
  return X->Lo < Y->Lo ? -1 : X->Lo > Y->Lo;
}

/* Sorts (when a range came out of order) and merges what overlaps or
   touches. */
static void settle(omp_indirect_dir_ranges *L) {
  if (!L->Unsorted)
    return;
  qsort(L->R, (size_t)L->N, sizeof *L->R, byLo);
  int64_t M = 0;
  for (int64_t I = 0; I < L->N; ++I) {
    if (M && L->R[I].Lo <= L->R[M - 1].Hi) {
      if (L->R[I].Hi > L->R[M - 1].Hi)
        L->R[M - 1].Hi = L->R[I].Hi;
      continue;
    }
    L->R[M++] = L->R[I];
  }
  L->N = M;
  L->Unsorted = 0;
}

int omp_indirect_item_hull_emit(omp_indirect_map_list *O,
                                omp_indirect_deep *D, int32_t K, int64_t Dir,
                                omp_indirect_dir_ranges *L, int64_t Bits) {
  if (!L->N)
    return 0;
  settle(L);
  if (omp_indirect_grow((void **)&D->Hulls, &D->CapHulls,
                        (size_t)D->NHulls + 1, sizeof *D->Hulls))
    return 1;
  for (int64_t I = 0; I < L->N; ++I)
    L->R[I].Motion = Dir;
  uintptr_t Lo = L->R[0].Lo, Hi = L->R[L->N - 1].Hi;
  D->Hulls[D->NHulls++] =
      (omp_indirect_item_hull){K, O->Count, Dir, L->R, L->N};
  omp_indirect_list_append_range(O, Lo, Hi, Dir | Bits);
  memset(L, 0, sizeof *L);
  return 0;
}
