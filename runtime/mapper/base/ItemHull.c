/*===- base/ItemHull.c - an item's member ranges, one entry per direction --===*
 *
 * ItemHull.h.
 *
 *===----------------------------------------------------------------------===*/
#include "ItemHull.h"

#include "Scratch.h"

#include <stdlib.h>
#include <string.h>

static uintptr_t lastHi(const omp_indirect_run *R) {
  return R->Lo + (R->Count - 1) * R->Stride + R->Len;
}

/* Folds [Lo, Hi) (after every range of L, not touching the last) into
   L's last run, or starts a run. */
static int addRun(omp_indirect_dir_ranges *L, uintptr_t Lo, uintptr_t Hi) {
  if (L->N) {
    omp_indirect_run *R = &L->R[L->N - 1];
    if (R->Len == Hi - Lo &&
        (R->Count == 1 ? Lo > R->Lo + R->Len
                       : Lo == R->Lo + R->Count * R->Stride)) {
      if (R->Count == 1)
        R->Stride = Lo - R->Lo;
      R->Count++;
      return 0;
    }
  }
  if ((size_t)L->N == L->Cap &&
      omp_indirect_scratch_grow((void **)&L->R, &L->Cap, (size_t)L->N + 1,
                                sizeof *L->R))
    return 1;
  L->R[L->N++] = (omp_indirect_run){Lo, Hi - Lo, 0, 1};
  return 0;
}

int omp_indirect_dir_push(omp_indirect_dir_ranges *L, uintptr_t Lo,
                          uintptr_t Hi) {
  if (L->OpenLo < L->OpenHi) {
    if (Lo < L->OpenLo)
      L->Unsorted = 1;
    if (addRun(L, L->OpenLo, L->OpenHi))
      return 1;
  }
  L->OpenLo = Lo;
  L->OpenHi = Hi;
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

/* Closes the open range; where ranges came out of order, sorts and merges
   them and folds them into runs again. */
static int settle(omp_indirect_dir_ranges *L) {
  if (L->OpenLo < L->OpenHi && addRun(L, L->OpenLo, L->OpenHi))
    return 1;
  L->OpenLo = L->OpenHi = 0;
  if (!L->Unsorted)
    return 0;
  int64_t N = 0;
  for (int64_t I = 0; I < L->N; ++I)
    N += (int64_t)L->R[I].Count;
  omp_indirect_range *R = malloc(sizeof *R * (size_t)N);
  if (!R)
    return 1;
  N = 0;
  for (int64_t I = 0; I < L->N; ++I)
    for (uint64_t K = 0; K < L->R[I].Count; ++K) {
      uintptr_t Lo = L->R[I].Lo + K * L->R[I].Stride;
      R[N++] = (omp_indirect_range){Lo, Lo + L->R[I].Len, 0};
    }
  qsort(R, (size_t)N, sizeof *R, byLo);
  L->N = 0;
  uintptr_t Lo = R[0].Lo, Hi = R[0].Hi;
  int Failed = 0;
  for (int64_t I = 1; I <= N && !Failed; ++I) {
    if (I < N && R[I].Lo <= Hi) {
      Hi = R[I].Hi > Hi ? R[I].Hi : Hi;
      continue;
    }
    Failed = addRun(L, Lo, Hi);
    if (I < N) {
      Lo = R[I].Lo;
      Hi = R[I].Hi;
    }
  }
  free(R);
  L->Unsorted = 0;
  return Failed;
}

int omp_indirect_item_hull_emit(omp_indirect_map_list *O,
                                omp_indirect_deep *D, int32_t K, int64_t Dir,
                                omp_indirect_dir_ranges *L, int64_t Bits) {
  if (settle(L))
    return 1;
  if (!L->N)
    return 0;
  if (omp_indirect_grow((void **)&D->Hulls, &D->CapHulls,
                        (size_t)D->NHulls + 1, sizeof *D->Hulls))
    return 1;
  int64_t NR = 0;
  for (int64_t I = 0; I < L->N; ++I)
    NR += (int64_t)L->R[I].Count;
  uintptr_t Lo = L->R[0].Lo, Hi = lastHi(&L->R[L->N - 1]);
  D->Hulls[D->NHulls++] = (omp_indirect_item_hull){
      K, O->Count, Dir, L->R, L->N, NR, Lo, Hi};
  omp_indirect_list_append_range(O, Lo, Hi, Dir | Bits);
  memset(L, 0, sizeof *L);
  return 0;
}

size_t omp_indirect_item_hull_gap_bytes(const omp_indirect_item_hull *H) {
  size_t N = 0;
  for (int64_t I = 0; I < H->NRun; ++I) {
    const omp_indirect_run *R = &H->R[I];
    if (I > 0)
      N += R->Lo - lastHi(&R[-1]);
    N += (R->Count - 1) * (R->Stride - R->Len);
  }
  return N;
}

/* The gaps of one run, Count - 1 of G bytes each, Stride apart from At,
   into Buf one after the other (Save) or back. G is a constant where the
   caller names one: each gap is then a few moves, not a call to memcpy (a
   flang record's gap is 40 bytes, a million of them a construct). */
static inline __attribute__((always_inline)) char *
runGaps(char *At, uint64_t Count, size_t Stride, size_t G, char *Buf,
        int Save) {
  for (uint64_t K = 1; K < Count; ++K, At += Stride, Buf += G)
    memcpy(Save ? Buf : At, Save ? At : Buf, G);
  return Buf;
}

void omp_indirect_item_hull_gaps(const omp_indirect_item_hull *H, char *Buf,
                                 int Save) {
  for (int64_t I = 0; I < H->NRun; ++I) {
    const omp_indirect_run *R = &H->R[I];
    if (I > 0) {
      char *P = (char *)lastHi(&R[-1]);
      size_t N = R->Lo - (uintptr_t)P;
      memcpy(Save ? Buf : P, Save ? P : Buf, N);
      Buf += N;
    }
    size_t G = R->Stride - R->Len;
    char *P = (char *)R->Lo + R->Len;
    switch (G) {
    case 8:
      Buf = runGaps(P, R->Count, R->Stride, 8, Buf, Save);
      break;
    case 16:
      Buf = runGaps(P, R->Count, R->Stride, 16, Buf, Save);
      break;
    case 24:
      Buf = runGaps(P, R->Count, R->Stride, 24, Buf, Save);
      break;
    case 32:
      Buf = runGaps(P, R->Count, R->Stride, 32, Buf, Save);
      break;
    case 40:
      Buf = runGaps(P, R->Count, R->Stride, 40, Buf, Save);
      break;
    case 48:
      Buf = runGaps(P, R->Count, R->Stride, 48, Buf, Save);
      break;
    default:
      Buf = runGaps(P, R->Count, R->Stride, G, Buf, Save);
    }
  }
}

void omp_indirect_item_hull_overlay(const omp_indirect_item_hull *H,
                                    char *Img) {
  for (int64_t I = 0; I < H->NRun; ++I) {
    const omp_indirect_run *R = &H->R[I];
    for (uint64_t K = 0; K < R->Count; ++K) {
      uintptr_t Lo = R->Lo + K * R->Stride;
      memcpy(Img + (Lo - H->Lo), (void *)Lo, R->Len);
    }
  }
}

void omp_indirect_item_hull_append(const omp_indirect_item_hull *H,
                                   omp_indirect_map_list *L, int64_t Type) {
  for (int64_t I = 0; I < H->NRun; ++I) {
    const omp_indirect_run *R = &H->R[I];
    for (uint64_t K = 0; K < R->Count; ++K) {
      uintptr_t Lo = R->Lo + K * R->Stride;
      omp_indirect_list_append_range(L, Lo, Lo + R->Len, Type);
    }
  }
}
