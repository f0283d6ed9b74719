/*===- place/PlaceSpans.c - the ranges an entering construct maps itself ---===*
 *
 * For the placement (Place.c): new pointees that are not in address order
 * settled (overlaps go per item, repeats share one copy), the construct's
 * own ranges, which a new pointee must not overlap, and with
 * OMP_INDIRECT_DEBUG the reason each pointee that goes per item does.
 *
 *===----------------------------------------------------------------------===*/
#include "PlaceSpans.h"

#include "Foreign.h"
#include "OmpIndirectRT.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- New pointees out of address order. ---- */

typedef struct cand {
  uintptr_t Lo, Hi;
  int64_t I;
} cand;

static int byCand(const void *A, const void *B) {
  const cand *X = A, *Y = B;
  if (X->Lo != Y->Lo)
    return X->Lo < Y->Lo ? -1 : 1;
  if (X->Hi != Y->Hi) /* The longest first: the others lie inside it. */
    return X->Hi > Y->Hi ? -1 : 1;
  return X->I < Y->I ? -1 : X->I > Y->I;
}

/* New candidates that overlap another go per item (libomptarget then finds
   them present, or reports the extension as stock does); exact repeats
   share the first one's copy (BULK_DUP). Of those that start at one
   address the longest leads, so a shorter one lies inside it wherever the
   two appear in the construct. */
static void settleCandidates(omp_indirect_bulk *B, cand *C, int64_t NC) {
  qsort(C, (size_t)NC, sizeof *C, byCand);
  uintptr_t MaxHi = 0;
  int64_t Lead = -1;
  for (int64_t K = 0; K < NC; ++K) {
    int64_t I = C[K].I;
    if (Lead >= 0 && C[K].Lo == C[Lead].Lo && C[K].Hi == C[Lead].Hi) {
      B->Class[I] = BULK_DUP;
    } else if (C[K].Lo < MaxHi) {
      B->Class[I] = BULK_ITEM;
    } else {
      B->Class[I] = BULK_NEW;
      Lead = K;
      MaxHi = C[K].Hi;
    }
  }
}

void omp_indirect_settle_new(omp_indirect_bulk *B, int64_t NC) {
  cand *C = omp_indirect_bulk_alloc(B, sizeof(cand) * (size_t)NC);
  NC = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    if (B->Class[I] == BULK_NEW)
      C[NC++] = (cand){B->D.P[I].Lo, B->D.P[I].Hi, I};
  settleCandidates(B, C, NC);
  free(C);
}

/* ---- Ranges the construct maps itself. ---- */

static int bySpan(const void *A, const void *B) {
  const omp_indirect_span *X = A, *Y = B;
  return X->Lo < Y->Lo ? -1 : X->Lo > Y->Lo ? 1 : 0;
}

/* Sorts S (N spans). An expanded list is the construct's own entries,
   then the ranges its mappers gave in address order: a short unsorted
   head is sorted alone and merged with the sorted rest. */
static void sortSpans(omp_indirect_span *S, int64_t N) {
  int64_t Head = 0; /* After the last descent. */
  for (int64_t I = 1; I < N; ++I)
    if (S[I - 1].Lo > S[I].Lo)
      Head = I;
  omp_indirect_span Buf[64];
  if (Head == 0)
    return;
  if (Head > 64) {
    qsort(S, (size_t)N, sizeof *S, bySpan);
    return;
  }
  qsort(S, (size_t)Head, sizeof *S, bySpan);
  memcpy(Buf, S, sizeof *S * (size_t)Head);
  int64_t A = 0, B = Head, O = 0;
  while (A < Head)
    S[O++] = B < N && S[B].Lo < Buf[A].Lo ? S[B++] : Buf[A++];
}

/* An ATTACH entry maps no range (MapTypes.h). */
omp_indirect_span *omp_indirect_own_spans(const omp_indirect_bulk *B,
                                          const omp_indirect_map_list *L,
                                          int64_t *N) {
  omp_indirect_span *S =
      omp_indirect_bulk_alloc(B, sizeof(omp_indirect_span) * (size_t)L->Count);
  int64_t K = 0;
  for (int32_t I = 0; I < L->Count; ++I)
    if (L->Sizes[I] > 0 &&
        !(L->Types[I] & (OMP_INDIRECT_MAP_LITERAL | OMP_INDIRECT_MAP_ATTACH)))
      S[K++] =
          (omp_indirect_span){(uintptr_t)L->Begins[I],
                              (uintptr_t)L->Begins[I] + (uintptr_t)L->Sizes[I]};
  sortSpans(S, K);
  for (int64_t I = 1; I < K; ++I)
    if (S[I].Hi < S[I - 1].Hi)
      S[I].Hi = S[I - 1].Hi;
  *N = K;
  return S;
}

/* ---- OMP_INDIRECT_DEBUG: why a pointee goes per item. ---- */

#define EXPLAIN_MAX 16

/* An owned pointee placed before this construct (Ctx: its block). */
static int earlierOwned(omp_indirect_owned *E, void *Ctx) {
  return omp_indirect_owned_block(E) != (omp_indirect_block *)Ctx;
}

/* The reason entering pointee I went per item, found again as the
   classification found it (Foreign's lock held). */
static const char *whyPerItem(omp_indirect_bulk *B, int64_t I,
                              const omp_indirect_span *S, int64_t NS,
                              omp_indirect_foreign *F) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (B->Device < 0)
    return "the construct runs on the host";
  if (P->Lo == 0)
    return "its pointer is NULL";
  if (P->Lo >= P->Hi)
    return "it is empty";
  if (P->Hi - P->Lo > UINT32_MAX)
    return "it is larger than 4 GiB";
  if (omp_indirect_owned_overlap(B->Device, P->Lo, P->Hi, earlierOwned,
                                 B->Block))
    return "it overlaps a pointee an earlier construct placed, and is not "
           "inside it";
  if (P->Type & (OMP_INDIRECT_MAP_PRESENT | OMP_INDIRECT_MAP_OMPX_HOLD))
    return "its map type has 'present' or 'ompx_hold'";
  if (omp_indirect_spans_overlap(S, NS, P->Lo, P->Hi))
    return "it overlaps the construct's own entries";
  if (omp_indirect_foreign_present(F, P->Lo, P->Hi))
    return "libomptarget holds it (the program mapped it)";
  return "it overlaps another new pointee of the construct";
}

void omp_indirect_place_explain(omp_indirect_bulk *B,
                                const omp_indirect_map_list *L, int32_t Flat) {
  int64_t NS = 0, Said = 0;
  omp_indirect_map_list Own = *L;
  Own.Count = Flat;
  omp_indirect_span *S = B->Kind == OMP_INDIRECT_MAP_ENTER
                             ? omp_indirect_own_spans(B, &Own, &NS)
                             : NULL;
  omp_indirect_foreign F;
  if (S)
    omp_indirect_foreign_begin(&F, B->Device);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    if (B->Class[I] != BULK_ITEM || Said++ >= EXPLAIN_MAX)
      continue;
    const omp_indirect_pointee *P = &B->D.P[I];
    const char *Why = S        ? whyPerItem(B, I, S, NS, &F)
                      : !P->Lo ? "its pointer is NULL"
                               : "the runtime did not place it (libomptarget "
                                 "holds it, or it is not mapped)";
    fprintf(stderr,
            "omp-indirect: mapper: pointee [%p, %p) of entry %d goes per "
            "item: %s\n",
            (void *)P->Lo, (void *)P->Hi, P->Entry, Why);
  }
  if (S) {
    omp_indirect_foreign_end(&F);
    free(S);
  }
  if (Said > EXPLAIN_MAX)
    fprintf(stderr, "omp-indirect: mapper: and %lld more per item\n",
            (long long)(Said - EXPLAIN_MAX));
  if (B->Whole)
    fprintf(stderr, "omp-indirect: mapper: the block of the entry's %lld "
                    "pointees goes whole, none looked up%s\n",
            (long long)B->Whole->N,
            B->Swept ? ", none read: its span swept" : "");
}
