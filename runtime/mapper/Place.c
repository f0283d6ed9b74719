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

/* Places the construct's new pointees again from the block's start (after
   their classes changed, or to write the entries a lazy run left out);
   *NC gets their number. Returns the bytes they take. Device copies keep
   their host address's offset modulo 16 (alignment); new pointees are
   placed in their order, so the offsets follow from their sizes alone
   (omp_indirect_bulk_offsets). */
static uint64_t placeNewAgain(omp_indirect_bulk *B, int Lazy, int64_t *NC) {
  omp_indirect_block_clear(B->Block);
  omp_indirect_block_run Run = omp_indirect_block_run_begin(B->Block);
  Run.Lazy = Lazy;
  uint64_t At = 0;
  *NC = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    if (B->Class[I] == BULK_NEW) {
      const omp_indirect_pointee *P = &B->D.P[I];
      At = omp_indirect_block_run_place(&Run, P->Lo, (uint32_t)(P->Hi - P->Lo),
                                        At);
      ++*NC;
    }
  omp_indirect_block_run_end(B->Block, &Run);
  return At;
}

void omp_indirect_bulk_offsets(omp_indirect_bulk *B) {
  B->DevAt = omp_indirect_bulk_scratch(B, sizeof(char *) * B->D.NP);
  uint64_t At = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    B->DevAt[I] = NULL;
    if (B->Class[I] != BULK_NEW)
      continue;
    At = omp_indirect_block_align(At, P->Lo);
    B->DevAt[I] = (char *)(uintptr_t)At;
    At += P->Hi - P->Lo;
  }
}

/* A kernel's entry (B->Claims) counted its new pointees without writing
   their entries. The block stays lazy (Table.h) where every pointee is
   new and the block dense; else the entries are written now. */
static void settleLazy(omp_indirect_bulk *B, int64_t NC) {
  if (NC == B->D.NP && omp_indirect_block_dense(B->Block)) {
    B->Block->Lazy = B->D.P;
    return;
  }
  placeNewAgain(B, 0, &NC);
}

/* What classifyEnter's pass sums up. */
typedef struct pass_sums {
  uint64_t At, Sum; /* The block's bytes; every section's (Validate.h). */
  int Child;        /* Some pointee's parent is a pointee. */
} pass_sums;

/* classifyEnter's pass over a new block, inlined four times: with Owned 0
   (nothing is owned yet) it makes no lookup per pointee, and with Lazy 1
   (a kernel's entry: Table.h) it writes no entry. New pointees are
   appended as omp_indirect_block_run_place would, with less state, so the
   loop keeps it in registers: order is checked against the pointee placed
   before (pointees each at or above the end of the one before are in
   order and disjoint), and the span follows from the first and the last
   where they are in order (else classifyEnter places them again). */
static inline __attribute__((always_inline)) void
classifyPass(omp_indirect_bulk *B, const omp_indirect_span *S, int64_t NS,
             omp_indirect_foreign *Foreign, omp_indirect_block_run *Run,
             pass_sums *Out, const int Owned, const int Lazy) {
  /* In locals: the byte stores below may alias any field of B for the
     compiler, which would read each one again per pointee. */
  const omp_indirect_pointee *Ps = B->D.P;
  unsigned char *Class = B->Class;
  char *Tops = B->Tops;
  int64_t NP = B->D.NP, NC = 0;
  int Device = B->Device, Child = 0, Unsorted = 0, Big = 0;
  uint64_t At = 0, Sum = 0, Id = Run->Id;
  uintptr_t LastHi = 0;
  /* No block: no pointee either. */
  omp_indirect_owned *E = Run->E ? Run->E + Run->N : NULL;
  for (int64_t I = 0; I < NP; ++I) {
    const omp_indirect_pointee *P = &Ps[I];
    uintptr_t Lo = P->Lo, Hi = P->Hi;
    Sum += Hi - Lo;
    if (P->Parent < 0)
      Tops[P->Entry] = 1;
    else
      Child = 1;
    unsigned char C = BULK_ITEM;
    if (Lo == 0 || Lo >= Hi || Hi - Lo > UINT32_MAX)
      goto classified;
    /* Ours from an earlier construct: counted again if the construct asks
       for no more than is mapped; else per item, lent for the call (the
       extension is libomptarget's to report). */
    omp_indirect_owned *Own = NULL;
    if (Owned &&
        ((Own = omp_indirect_owned_find_next(Device, Lo, &B->Cursor)) ||
         omp_indirect_owned_overlap(Device, Lo, Hi, firstOwned, &Own))) {
      if (Own->Lo == Lo && Hi <= Own->Lo + Own->Size)
        C = BULK_OWNED;
      goto classified;
    }
    /* `present` must find it mapped already; `ompx_hold` counts apart:
       both are libomptarget's. */
    if (P->Type & (OMP_INDIRECT_MAP_PRESENT | OMP_INDIRECT_MAP_OMPX_HOLD))
      goto classified;
    /* Mapped by the program (libomptarget's), or overlapping the
       construct's own entries: per item. */
    if (omp_indirect_spans_overlap(S, NS, Lo, Hi) ||
        omp_indirect_foreign_present(Foreign, Lo, Hi))
      goto classified;
    C = BULK_NEW;
    uint32_t Size = (uint32_t)(Hi - Lo);
    At = omp_indirect_block_align(At, Lo);
    Unsorted |= Lo < LastHi;
    LastHi = Hi;
    Big |= Size > ((OMP_INDIRECT_BIG_PAGES - 1) << OMP_INDIRECT_PAGE_SHIFT) &&
           omp_indirect_pages_big(Lo, Size);
    if (!Lazy)
      E[NC] = (omp_indirect_owned){
          Lo, At << OMP_INDIRECT_BLOCK_ID_BITS | Id, Size, 1};
    ++NC;
    At += Size;
  classified:
    Class[I] = C;
  }
  if (NC) {
    int64_t First = 0;
    while (Class[First] != BULK_NEW)
      ++First;
    Run->Lo = Ps[First].Lo;
    Run->Hi = LastHi; /* Both exact where in order. */
  }
  Run->N += NC;
  Run->Unsorted |= Unsorted;
  Run->Big |= Big;
  *Out = (pass_sums){At, Sum, Child};
}

/* One pass: classifies each pointee, places the new ones, and marks the
   entries whose items hold pointers to pointees (Tops). Candidates in
   address order and disjoint (arrays filled in order) need nothing more;
   others are sorted, settled and placed again (what the pass placed is
   dropped). Returns how many pointees are not new. */
static int64_t classifyEnter(omp_indirect_bulk *B,
                             const omp_indirect_map_list *L, int *AnyChild) {
  int64_t NS;
  omp_indirect_span *S = omp_indirect_own_spans(B, L, &NS);
  if (B->Device >= 0 && B->D.NP &&
      !(B->Block = omp_indirect_block_new(B->Device, B->D.NP)))
    omp_indirect_bulk_die(B, "out of host memory (or 2^24 blocks live)");
  omp_indirect_foreign Foreign;
  omp_indirect_foreign_begin(&Foreign, B->Device);
  omp_indirect_block_run Run = {0};
  if (B->Block)
    Run = omp_indirect_block_run_begin(B->Block);
  Run.Lazy = B->Claims;
  pass_sums Sums = {0, 0, 0};
  /* Nothing owned yet (the lock is held): no lookups per pointee. */
  int Owned = omp_indirect_owned_any();
  if (B->Device < 0) {
    /* Every pointee per item: the pass's sums alone (a test of the device
       in the pass costs every pointee 4 instructions). */
    for (int64_t I = 0; I < B->D.NP; ++I) {
      const omp_indirect_pointee *P = &B->D.P[I];
      Sums.Sum += P->Hi - P->Lo;
      if (P->Parent < 0)
        B->Tops[P->Entry] = 1;
      else
        Sums.Child = 1;
      B->Class[I] = BULK_ITEM;
    }
  } else if (Owned && Run.Lazy) {
    classifyPass(B, S, NS, &Foreign, &Run, &Sums, 1, 1);
  } else if (Owned) {
    classifyPass(B, S, NS, &Foreign, &Run, &Sums, 1, 0);
  } else if (Run.Lazy) {
    classifyPass(B, S, NS, &Foreign, &Run, &Sums, 0, 1);
  } else {
    classifyPass(B, S, NS, &Foreign, &Run, &Sums, 0, 0);
  }
  uint64_t At = Sums.At, Sum = Sums.Sum;
  int64_t NC = Run.N; /* 0 without a block. */
  int Child = Sums.Child;
  *AnyChild = Child;
  /* In address order and disjoint: each new pointee starts at or above
     the end of every one before it (the pass tracks that). */
  int InOrder = !Run.Unsorted;
  if (B->Block)
    omp_indirect_block_run_end(B->Block, &Run);
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
    At = placeNewAgain(B, B->Claims, &NC);
  }
  B->Total = At;
  if (Run.Lazy && B->Block)
    settleLazy(B, NC);
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

/* New pointees keep no device address until the transfers stage them,
   and none at all where every pointee is new and its parent an item (the
   transfers count the offsets again); the rest are counted, or go per
   item, in one more pass where there are any. */
static void placeEnter(omp_indirect_bulk *B, omp_indirect_map_list *L) {
  int AnyChild = 0;
  int64_t Rest = classifyEnter(B, L, &AnyChild);
  allocateNew(B);
  /* Every pointee new: each one's offset follows from the sizes of those
     before it, whatever their addresses' order. */
  if (!Rest && B->Block)
    B->Hand.Claim =
        (omp_indirect_claim){B->Block, B->Block->Id, B->Block->Birth};
  if (Rest || AnyChild)
    omp_indirect_bulk_offsets(B);
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

void omp_indirect_bulk_place(omp_indirect_bulk *B, int64_t DeviceId,
                             omp_indirect_map_kind Kind,
                             omp_indirect_map_list *L) {
  B->Kind = Kind;
  B->Device = omp_indirect_resolve_device(DeviceId);
  omp_indirect_scratch_tick();
  B->Class = omp_indirect_bulk_scratch(B, (size_t)B->D.NP);
  B->DevAt = NULL; /* Where needed (PlaceOwned.c, placeEnter). */
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
    omp_indirect_place_explain(B, L, Flat);
}
