/*===- Place.c - where each pointee of a construct goes -------------------===*
 *
 * The placement step of the bulk deep copy (Bulk.h), before the one
 * libomptarget call. Entering constructs classify each pointee: new (it
 * gets an offset in ONE device block and an entry in the table), the same
 * range as a new one, the runtime's from an earlier construct (one more
 * reference), or per item (back into the map list). Exits and updates find
 * each pointee's owner in the table (PlaceOwned.c).
 *
 *===----------------------------------------------------------------------===*/
#include "Place.h"
#include "Construct.h"
#include "Validate.h"

#include "Foreign.h"
#include "OmpIndirectRT.h"
#include "Presence.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TO OMP_INDIRECT_MAP_TO
#define MEMBER_OF_FIELD(T) (((T) >> 48) & 0xffff)

/* ---- Ranges the construct maps itself. ---- */

typedef struct span {
  uintptr_t Lo, Hi;
} span;

static int bySpan(const void *A, const void *B) {
  const span *X = A, *Y = B;
  return X->Lo < Y->Lo ? -1 : X->Lo > Y->Lo ? 1 : 0;
}

/* Sorts S (N spans). An expanded list is the construct's own entries,
   then the ranges its mappers gave in address order: a short unsorted
   head is sorted alone and merged with the sorted rest. */
static void sortSpans(span *S, int64_t N) {
  int64_t Head = 0; /* After the last descent. */
  for (int64_t I = 1; I < N; ++I)
    if (S[I - 1].Lo > S[I].Lo)
      Head = I;
  span Buf[64];
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

/* The construct's own ranges, sorted, with Hi turned into the running
   maximum, so that an overlap test is one binary search. An ATTACH entry
   maps no range (MapTypes.h). */
static span *ownSpans(const omp_indirect_bulk *B,
                      const omp_indirect_map_list *L, int64_t *N) {
  span *S = omp_indirect_bulk_alloc(B, sizeof(span) * (size_t)L->Count);
  int64_t K = 0;
  for (int32_t I = 0; I < L->Count; ++I)
    if (L->Sizes[I] > 0 &&
        !(L->Types[I] & (OMP_INDIRECT_MAP_LITERAL | OMP_INDIRECT_MAP_ATTACH)))
      S[K++] = (span){(uintptr_t)L->Begins[I],
                      (uintptr_t)L->Begins[I] + (uintptr_t)L->Sizes[I]};
  sortSpans(S, K);
  for (int64_t I = 1; I < K; ++I)
    if (S[I].Hi < S[I - 1].Hi)
      S[I].Hi = S[I - 1].Hi;
  *N = K;
  return S;
}

static int overlaps(const span *S, int64_t N, uintptr_t Lo, uintptr_t Hi) {
  if (N == 0 || Hi <= S[0].Lo || S[N - 1].Hi <= Lo)
    return 0; /* Outside the hull of the spans (the last Hi is the max). */
  int64_t A = 0, Z = N; /* First span with S.Lo >= Hi. */
  while (A < Z) {
    int64_t M = (A + Z) / 2;
    if (S[M].Lo < Hi)
      A = M + 1;
    else
      Z = M;
  }
  return A > 0 && S[A - 1].Hi > Lo;
}

/* ---- Entering constructs: classification. ---- */

static int firstOwned(omp_indirect_owned *E, void *Ctx) {
  *(omp_indirect_owned **)Ctx = E;
  return 1;
}

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

/* Gives new pointee I its offset in the block (DevAt holds it until the
   transfers' pass reaches it: Transfer.c) and its entry. Device copies
   keep their host address's offset modulo 16 (alignment). */
static inline __attribute__((always_inline)) uint64_t
place(omp_indirect_bulk *B, int64_t I, uint64_t At) {
  const omp_indirect_pointee *P = &B->D.P[I];
  At += ((P->Lo & 15) - At) & 15;
  B->DevAt[I] = (char *)(uintptr_t)At;
  omp_indirect_block_push(B->Block, P->Lo, (uint32_t)(P->Hi - P->Lo), At);
  return At + (P->Hi - P->Lo);
}

/* One pass: classifies each pointee, places the new ones, and marks the
   entries whose items hold pointers to pointees (Tops). Candidates in
   address order and disjoint (arrays filled in order) need nothing more;
   others are sorted, settled and placed again. Returns how many pointees
   are not new. */
static int64_t classifyEnter(omp_indirect_bulk *B,
                             const omp_indirect_map_list *L) {
  int64_t NS, NC = 0;
  span *S = ownSpans(B, L, &NS);
  int InOrder = 1;
  uintptr_t LastHi = 0;
  uint64_t At = 0;
  if (B->Device >= 0 && B->D.NP &&
      !(B->Block = omp_indirect_block_new(B->Device, B->D.NP)))
    omp_indirect_bulk_die(B, "out of host memory (or 2^24 blocks live)");
  omp_indirect_foreign Foreign;
  omp_indirect_foreign_begin(&Foreign, B->Device);
  uint64_t Sum = 0; /* Every section's bytes (Validate.h). */
  /* Nothing owned yet (the lock is held): no lookups per pointee. */
  int AnyOwned = omp_indirect_owned_any();
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    omp_indirect_owned *E = NULL;
    Sum += P->Hi - P->Lo;
    if (P->Parent < 0)
      B->Tops[P->Entry] = 1;
    B->Class[I] = BULK_ITEM;
    B->DevAt[I] = NULL;
    if (B->Device < 0 || P->Lo == 0 || P->Lo >= P->Hi ||
        P->Hi - P->Lo > UINT32_MAX)
      continue;
    /* Ours from an earlier construct: counted again if the construct asks
       for no more than is mapped; else per item, lent for the call (the
       extension is libomptarget's to report). */
    if (AnyOwned &&
        ((E = omp_indirect_owned_find_next(B->Device, P->Lo, &B->Cursor)) ||
         omp_indirect_owned_overlap(B->Device, P->Lo, P->Hi, firstOwned,
                                    &E))) {
      if (E->Lo == P->Lo && P->Hi <= E->Lo + E->Size)
        B->Class[I] = BULK_OWNED;
      continue;
    }
    /* `present` must find it mapped already; `ompx_hold` counts apart:
       both are libomptarget's. */
    if (P->Type & (OMP_INDIRECT_MAP_PRESENT | OMP_INDIRECT_MAP_OMPX_HOLD))
      continue;
    /* Mapped by the program (libomptarget's), or overlapping the
       construct's own entries: per item. */
    if (overlaps(S, NS, P->Lo, P->Hi) ||
        omp_indirect_foreign_present(&Foreign, P->Lo, P->Hi))
      continue;
    B->Class[I] = BULK_NEW;
    InOrder &= P->Lo >= LastHi;
    LastHi = P->Hi;
    ++NC;
    if (InOrder)
      At = place(B, I, At);
  }
  omp_indirect_foreign_end(&Foreign);
  free(S);
  if (Sum > omp_indirect_check_limit())
    omp_indirect_check_total(&B->D);
  if (!InOrder) {
    cand *C = omp_indirect_bulk_alloc(B, sizeof(cand) * (size_t)NC);
    NC = 0;
    for (int64_t I = 0; I < B->D.NP; ++I)
      if (B->Class[I] == BULK_NEW)
        C[NC++] = (cand){B->D.P[I].Lo, B->D.P[I].Hi, I};
    settleCandidates(B, C, NC);
    free(C);
    omp_indirect_block_clear(B->Block);
    At = 0;
    NC = 0;
    for (int64_t I = 0; I < B->D.NP; ++I)
      if (B->Class[I] == BULK_NEW) {
        At = place(B, I, At);
        ++NC;
      }
  }
  B->Total = At;
  return B->D.NP - NC;
}

/* The block gets its device memory and joins the table (no libomptarget
   call per pointee). */
static void allocateNew(omp_indirect_bulk *B) {
  if (!B->Total) {
    if (B->Block)
      omp_indirect_block_discard(B->Block);
    B->Block = NULL;
    return;
  }
  if (B->Total >= OMP_INDIRECT_BLOCK_MAX_BYTES)
    omp_indirect_bulk_die(B, "the new pointees of one construct exceed 1 TiB");
  B->Block->Dev = omp_target_alloc(B->Total, B->Device);
  if (!B->Block->Dev)
    omp_indirect_construct_fail(
        -1, -1,
        "out of device memory: the deep copy asked device %d for %zu bytes "
        "(%lld new pointees) and got none; stopping before any data moves",
        B->Device, B->Total, (long long)B->Block->N);
  if (omp_indirect_debug())
    fprintf(stderr, "omp-indirect: mapper: 1 device allocation of %zu bytes "
                    "for the new pointees\n",
            B->Total);
  if (omp_indirect_block_add(B->Block)) {
    omp_indirect_block_discard(B->Block);
    omp_indirect_bulk_die(B, "out of host memory");
  }
}

/* Items with pointees whose own data we copy (a fresh or `always, to`
   item): libomptarget allocates them but copies nothing. */
static void takeItems(omp_indirect_bulk *B, omp_indirect_map_list *L) {
  B->Fresh = omp_indirect_bulk_alloc(B, (size_t)L->Count);
  memset(B->Fresh, 0, (size_t)L->Count);
  for (int32_t K = 0; K < B->D.NumEntries; ++K) {
    if (!B->Tops[K] || L->Sizes[K] <= 0)
      continue;
    int64_t User = B->D.User[K];
    int Always = (User & OMP_INDIRECT_MAP_ALWAYS) && (L->Types[K] & TO);
    if (omp_indirect_is_present(L->Begins[K], B->Device) && !Always)
      continue;
    B->Fresh[K] = 1;
    L->Types[K] &= ~(int64_t)(TO | (Always ? OMP_INDIRECT_MAP_ALWAYS : 0));
    uintptr_t Lo = (uintptr_t)L->Begins[K], Hi = Lo + (uintptr_t)L->Sizes[K];
    for (int32_t J = 0; J < L->Count; ++J)
      if (MEMBER_OF_FIELD(L->Types[J]) == (uint64_t)K + 1 &&
          !(L->Types[J] & OMP_INDIRECT_MAP_PTR_AND_OBJ) &&
          (uintptr_t)L->Begins[J] >= Lo &&
          (uintptr_t)L->Begins[J] + (uintptr_t)L->Sizes[J] <= Hi)
        L->Types[J] &= ~(int64_t)(TO | OMP_INDIRECT_MAP_ALWAYS);
  }
}

/* New pointees keep their offsets (the transfers add the block's device
   address as they stage each one); the rest are counted, or go per item,
   in one more pass where there are any. */
static void placeEnter(omp_indirect_bulk *B, omp_indirect_map_list *L) {
  int64_t Rest = classifyEnter(B, L);
  allocateNew(B);
  for (int64_t I = 0; Rest && I < B->D.NP; ++I) {
    if (B->Class[I] == BULK_NEW) {
      continue;
    } else if (B->Class[I] == BULK_OWNED || B->Class[I] == BULK_DUP) {
      omp_indirect_owned *E =
          omp_indirect_owned_find_next(B->Device, B->D.P[I].Lo, &B->Cursor);
      E->Refs++;
      B->DevAt[I] = omp_indirect_owned_dev(E);
    } else if (omp_indirect_list_append_pointee(L, &B->D, I, B->Kind)) {
      omp_indirect_bulk_die(B, "out of host memory");
    } else {
      ++B->NumItems;
    }
    --Rest;
  }
  takeItems(B, L);
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
                              const span *S, int64_t NS,
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
  if (overlaps(S, NS, P->Lo, P->Hi))
    return "it overlaps the construct's own entries";
  if (omp_indirect_foreign_present(F, P->Lo, P->Hi))
    return "libomptarget holds it (the program mapped it)";
  return "it overlaps another new pointee of the construct";
}

/* Names each pointee that goes per item (the first EXPLAIN_MAX), and why.
   \p Flat: the list's entries before the per-item ones were added. */
static void explainPerItem(omp_indirect_bulk *B,
                           const omp_indirect_map_list *L, int32_t Flat) {
  int64_t NS = 0, Said = 0;
  omp_indirect_map_list Own = *L;
  Own.Count = Flat;
  span *S =
      B->Kind == OMP_INDIRECT_MAP_ENTER ? ownSpans(B, &Own, &NS) : NULL;
  omp_indirect_foreign F;
  if (S)
    omp_indirect_foreign_begin(&F, B->Device);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    if (B->Class[I] != BULK_ITEM || Said++ >= EXPLAIN_MAX)
      continue;
    const omp_indirect_pointee *P = &B->D.P[I];
    const char *Why = S ? whyPerItem(B, I, S, NS, &F)
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
}

void omp_indirect_bulk_place(omp_indirect_bulk *B, int64_t DeviceId,
                             omp_indirect_map_kind Kind,
                             omp_indirect_map_list *L) {
  B->Kind = Kind;
  B->Device = omp_indirect_resolve_device(DeviceId);
  omp_indirect_scratch_tick();
  B->Class = omp_indirect_bulk_scratch(B, (size_t)B->D.NP);
  B->DevAt = omp_indirect_bulk_scratch(B, sizeof(char *) * B->D.NP);
  B->NumItems = 0;
  B->Tops = omp_indirect_bulk_alloc(B, (size_t)B->D.NumEntries);
  memset(B->Tops, 0, (size_t)B->D.NumEntries);
  /* Until the transfers: no other construct sees our pointees before their
     data is on the device, nor frees a block we are about to fill. */
  omp_indirect_owned_lock();
  int32_t Flat = L->Count;
  if (Kind == OMP_INDIRECT_MAP_ENTER)
    placeEnter(B, L);
  else
    omp_indirect_place_owned(B, L);
  if (omp_indirect_debug())
    explainPerItem(B, L, Flat);
}
