/*===- place/Place.c - where each pointee of a construct goes --------------===*
 *
 * The placement step of the bulk deep copy (Bulk.h), before the one
 * libomptarget call. Entering constructs classify each pointee: new (it
 * gets an offset in ONE device block and an entry in the table), the same
 * range as a new one, the runtime's from an earlier construct (one more
 * reference), or per item (back into the map list). Exits and updates find
 * each pointee's owner in the table (PlaceOwned.c).
 *
 *===----------------------------------------------------------------------===*/
#include "PlaceOwned.h"
#include "PlaceSpans.h"
#include "Stage.h"
#include "Construct.h"
#include "FaultGuard.h"

#include "Foreign.h"
#include "OmpIndirectRT.h"
#include "Table.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Entering constructs: classification. ---- */

static int firstOwned(omp_indirect_owned *E, void *Ctx) {
  *(omp_indirect_owned **)Ctx = E;
  return 1;
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

/* What classifyEnter's pass carries from one pointee to the next. */
typedef struct pass_state {
  int64_t I, NC;    /* The next pointee; the new ones so far. */
  uint64_t At, Sum; /* The block's bytes; every section's (Validate.h). */
  uintptr_t LastHi; /* The end of the last new one. */
  int Child;        /* Some pointee's parent is a pointee. */
  int Unsorted, Big; /* As omp_indirect_block_run's. */
} pass_state;

/* Pointee P (the I-th), new at offset At of Size bytes, into the host
   images (Stage.h), and its slot's host value into the handover where
   that is a kernel's (B->Claims); with no room in the bound, a child, or
   an item the runtime does not copy, returns 0 and stages nothing. */
static inline __attribute__((always_inline)) int
stageOne(omp_indirect_bulk *B, omp_indirect_stage *St, omp_indirect_guard *G,
         const omp_indirect_pointee *P, int64_t I, uint64_t At, uint32_t Size,
         char *Host, char *Dev, const uintptr_t *Delta, const uintptr_t *Ready,
         int64_t *From) {
  uintptr_t Slot = (uintptr_t)P->Slot, Lo = P->Lo;
  int32_t K = P->Entry;
  if (P->Parent >= 0 || At + Size > St->Bound ||
      (Slot + sizeof(void *) > Ready[K] &&
       !omp_indirect_stage_item(St, B, K, Slot)))
    return 0;
  /* The host value from the image, a copy of the item: the line written
     next, not one more of the item's. */
  char *Img = (char *)(Slot + Delta[K]);
  void *Was;
  memcpy(&Was, Img, sizeof Was);
  char *Ptr = Dev + At - (Lo - (uintptr_t)Was);
  memcpy(Img, &Ptr, sizeof Ptr);
  omp_indirect_guard_copy_on(Host + At, (void *)Lo, Size);
  *From &= P->Type;
  if ((uintptr_t)Was != Lo && B->Claims) {
    omp_indirect_guard_off(G);
    /* Not its Lo: for the exit the entry hands over to (Bulk.h). */
    omp_indirect_saved_add(B, &B->Hand.Saved, I, Was);
    omp_indirect_guard_on(G);
  }
  return 1;
}

/* classifyEnter's pass over a new block, inlined eight times: with Owned 0
   (nothing is owned yet) it makes no lookup per pointee, with Lazy 1 (a
   kernel's entry: Table.h) it writes no entry, and with Stage 1 it stages
   each pointee as it places it (Stage.h) and stops after the first that
   it cannot stage (not new, a child, in an item the runtime does not
   copy): the pass with Stage 0 goes on from there. New pointees are
   appended as omp_indirect_block_run_place would, with less state, so the
   loop keeps it in registers: order is checked against the pointee placed
   before (pointees each at or above the end of the one before are in
   order and disjoint), and the span follows from the first and the last
   where they are in order (else classifyEnter places them again). */
static inline __attribute__((always_inline)) void
classifyPass(omp_indirect_bulk *B, const omp_indirect_span *S, int64_t NS,
             omp_indirect_foreign *Foreign, const omp_indirect_block_run *Run,
             pass_state *State, const int Owned, const int Lazy,
             const int Stage) {
  /* In locals: the byte stores below may alias any field of B for the
     compiler, which would read each one again per pointee. */
  const omp_indirect_pointee *Ps = B->D.P;
  unsigned char *Class = B->Class;
  char *Tops = B->Tops;
  int64_t NP = B->D.NP, I = State->I, NC = State->NC;
  int Device = B->Device, Child = State->Child;
  int Unsorted = State->Unsorted, Big = State->Big;
  uint64_t At = State->At, Sum = State->Sum, Id = Run->Id;
  uintptr_t LastHi = State->LastHi;
  /* No block: no pointee either. */
  omp_indirect_owned *E = Run->E ? Run->E + Run->N : NULL;
  /* Staging: set up at the first pointee (which must be new). While it is
     on, every fault is in the program's data (a pointee, an item), which
     the guard reports. */
  omp_indirect_stage *St = &B->Stage;
  omp_indirect_guard *G = Stage ? omp_indirect_guard_current() : NULL;
  char *Host = NULL, *Dev = NULL;
  const uintptr_t *Delta = NULL, *Ready = NULL;
  int64_t From = OMP_INDIRECT_MAP_FROM;
  int Stopped = 0;
  for (; I < NP; ++I) {
    const omp_indirect_pointee *P = &Ps[I];
    uintptr_t Lo = P->Lo, Hi = P->Hi;
    Sum += Hi - Lo;
    if (P->Parent < 0)
      Tops[P->Entry] = 1;
    else
      Child = 1;
    unsigned char C = BULK_ITEM;
    int Staged = 0;
    if (!omp_indirect_block_fits(Lo, Hi))
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
    if (Stage && !Dev && omp_indirect_stage_setup(St, B, P->Entry)) {
      Host = St->Host;
      Dev = St->Dev;
      Delta = St->Delta;
      Ready = St->Ready;
      omp_indirect_guard_on(G);
    }
    if (Stage && Dev)
      Staged = stageOne(B, St, G, P, I, At, Size, Host, Dev, Delta, Ready,
                        &From);
    if (!Lazy)
      E[NC] = (omp_indirect_owned){
          Lo, At << OMP_INDIRECT_BLOCK_ID_BITS | Id, Size, 1};
    ++NC;
    At += Size;
  classified:
    Class[I] = C;
    if (Stage && !Staged) {
      Stopped = 1;
      ++I;
      break;
    }
  }
  if (Stage) {
    if (Dev)
      omp_indirect_guard_off(G);
    St->State = Stopped ? OMP_INDIRECT_STAGE_OFF : OMP_INDIRECT_STAGE_ON;
    St->AllFrom = From;
  }
  *State = (pass_state){I, NC, At, Sum, LastHi, Child, Unsorted, Big};
}

/* The pass in its two halves (classifyPass): staging where it can, from
   the first pointee, then without. */
static inline __attribute__((always_inline)) void
classifyPasses(omp_indirect_bulk *B, const omp_indirect_span *S, int64_t NS,
               omp_indirect_foreign *Foreign, const omp_indirect_block_run *Run,
               pass_state *State, const int Owned, const int Lazy) {
  if (B->Stage.State == OMP_INDIRECT_STAGE_WAIT)
    classifyPass(B, S, NS, Foreign, Run, State, Owned, Lazy, 1);
  classifyPass(B, S, NS, Foreign, Run, State, Owned, Lazy, 0);
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
  omp_indirect_stage_begin(&B->Stage, B, L);
  Run.Lazy = B->Claims;
  pass_state PS = {0, 0, 0, 0, 0, 0, 0, 0};
  /* Nothing owned yet (the lock is held): no lookups per pointee. */
  int Owned = omp_indirect_owned_any();
  if (B->Device < 0) {
    /* Every pointee per item: the pass's sums alone (a test of the device
       in the pass costs every pointee 4 instructions). */
    for (int64_t I = 0; I < B->D.NP; ++I) {
      const omp_indirect_pointee *P = &B->D.P[I];
      PS.Sum += P->Hi - P->Lo;
      if (P->Parent < 0)
        B->Tops[P->Entry] = 1;
      else
        PS.Child = 1;
      B->Class[I] = BULK_ITEM;
    }
  } else if (Owned && Run.Lazy) {
    classifyPasses(B, S, NS, &Foreign, &Run, &PS, 1, 1);
  } else if (Owned) {
    classifyPasses(B, S, NS, &Foreign, &Run, &PS, 1, 0);
  } else if (Run.Lazy) {
    classifyPasses(B, S, NS, &Foreign, &Run, &PS, 0, 1);
  } else {
    classifyPasses(B, S, NS, &Foreign, &Run, &PS, 0, 0);
  }
  if (PS.NC) {
    int64_t First = 0;
    while (B->Class[First] != BULK_NEW)
      ++First;
    Run.Lo = B->D.P[First].Lo;
    Run.Hi = PS.LastHi; /* Both exact where in order. */
  }
  Run.N += PS.NC;
  Run.Unsorted |= PS.Unsorted;
  Run.Big |= PS.Big;
  uint64_t At = PS.At, Sum = PS.Sum;
  int64_t NC = Run.N; /* 0 without a block. */
  *AnyChild = PS.Child;
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
    omp_indirect_settle_new(B, NC);
    At = placeNewAgain(B, B->Claims, &NC);
  }
  B->Total = At;
  omp_indirect_stage_end(B, NC == B->D.NP);
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
  /* Where the pass staged every pointee, it allocated the block (its
     bound is then its size). */
  B->Block->Dev = B->Stage.State == OMP_INDIRECT_STAGE_DONE
                      ? B->Stage.Dev
                      : omp_target_alloc(B->Total, B->Device);
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
  omp_indirect_take_items(B, L);
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
