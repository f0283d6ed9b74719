/*===- place/PlaceOwned.c - the placement of exits and updates -------------===*
 *
 * The placement step (Bulk.h) of constructs that leave or update: each
 * pointee's owner is found in the table (in the order the construct names
 * them, next to the last one found), exits count its references down, and
 * the blocks they lie in are pinned until the transfers end. Host pointers
 * that the call's copies back will overwrite are saved, and the pages those
 * copies will write are probed. What the runtime does not own goes per item.
 *
 *===----------------------------------------------------------------------===*/
#include "PlaceOwned.h"

#include "OmpIndirectRT.h"

#include <stdlib.h>
#include <string.h>

/* A sweep of a whole block's span reads up to 4 times its pointees' bytes,
   and this many more (placeHandedOver). */
#define SWEEP_SLACK ((uint64_t)64 << 10)

/* The owned pointee holding pointee I whole, and in *Blk its block: its
   own entry (found with the cursor, which then names its block: *Next is
   the entry after it, *End its block's end), or one it lies inside (a
   range of another pointee, which entered per item; *Next is NULL). */
static inline __attribute__((always_inline)) omp_indirect_owned *
holder(omp_indirect_bulk *B, int64_t I, omp_indirect_block **Blk,
       omp_indirect_owned **Next, omp_indirect_owned **End) {
  const omp_indirect_pointee *P = &B->D.P[I];
  *Next = NULL;
  if (B->Device < 0)
    return NULL;
  omp_indirect_owned *E =
      omp_indirect_owned_find_next(B->Device, P->Lo, &B->Cursor);
  if (E && P->Hi <= E->Lo + E->Size) {
    *Blk = B->Cursor.Block;
    *Next = E + 1;
    *End = (*Blk)->E + (*Blk)->N;
    return E;
  }
  E = omp_indirect_owned_containing(B->Device, P->Lo);
  if (!E || P->Hi > E->Lo + E->Size)
    return NULL;
  *Blk = omp_indirect_owned_block(E);
  return E;
}

/* Host pointers that the call's copies back will overwrite are saved
   (only those that do not hold their pointee's Lo: Bulk.h). */
static void saveSlot(omp_indirect_bulk *B, int64_t I) {
  void *V = *B->D.P[I].Slot;
  if ((uintptr_t)V != B->D.P[I].Lo)
    omp_indirect_saved_add(B, &B->Saved, I, V);
}

/* Drops the groups the placement made. */
void omp_indirect_place_ungroup(omp_indirect_bulk *B) {
  for (int64_t K = 0; K < B->NumGroups; ++K)
    B->Groups[K].Block->Mark = -1;
  free(B->Groups);
  B->Groups = NULL;
  B->NumGroups = 0;
  B->CapGroups = 0;
}

/* An exit keeps no device addresses while each owned pointee is its own
   entry (TransferOwned.c finds them from the entries); once one is not,
   those of pointees [0, N) are written from their entries. */
static void needDevAt(omp_indirect_bulk *B, int64_t N) {
  if (B->DevAt)
    return;
  B->DevAt = omp_indirect_bulk_scratch(B, sizeof(char *) * B->D.NP);
  for (int64_t I = 0; I < N; ++I)
    B->DevAt[I] = (B->Class[I] & BULK_KIND) == BULK_OWNED
                      ? omp_indirect_owned_dev(B->Owner[I]) +
                            (B->D.P[I].Lo - B->Owner[I]->Lo)
                      : NULL;
}

/* Pointee I's owner is B->OwnRun + I while every one so far is (an exit
   through the expansion of the entry that placed them): no array of
   owners. Once one is not, the array gets those of pointees [0, N). */
static __attribute__((noinline)) void needOwner(omp_indirect_bulk *B,
                                                int64_t N) {
  if (B->Owner)
    return;
  B->Owner = omp_indirect_bulk_scratch(B, sizeof(void *) * B->D.NP);
  for (int64_t I = 0; I < N; ++I)
    B->Owner[I] = B->OwnRun + I;
  B->OwnRun = NULL;
}

/* Pointee I found its owner E (NULL: none) other than as the entry after
   the last one's. */
static __attribute__((noinline)) void
owners(omp_indirect_bulk *B, int64_t I, omp_indirect_owned *E) {
  if (!B->Owner && E) {
    if (I == 0)
      B->OwnRun = E;
    if ((uintptr_t)E == (uintptr_t)B->OwnRun + (uintptr_t)I * sizeof *E)
      return;
  }
  needOwner(B, I);
  if (E)
    B->Owner[I] = E;
}

/* placeWhole where the entry staged every pointee and handed over what
   this pass would read from them (Bulk.h), and every pointee comes back:
   nothing is read per pointee. Before libomptarget copies the items back,
   every page the copy back writes must be there; one sweep reads a byte of
   each page of the block's span instead, where the span is not much
   larger than its pointees. A page of it that is gone (a hole between
   pointees, or a pointee the program unmapped) sends the exit to the pass
   that reads each pointee's pages, which tells the two apart. Returns
   whether it placed the exit. */
static int placeHandedOver(omp_indirect_bulk *B, omp_indirect_block *W) {
  omp_indirect_handover *H = &B->Hand;
  uint64_t Bytes = H->Hi - H->Lo;
  if (!H->Staged || !H->AllFrom ||
      (W->SpanHi - W->SpanLo) / 4 > Bytes + SWEEP_SLACK ||
      !omp_indirect_bulk_pages_readable(W->SpanLo, W->SpanHi))
    return 0;
  memcpy(B->Tops, H->Tops, (size_t)B->D.NumEntries);
  memset(B->Class, BULK_OWNED | BULK_LAST | BULK_MOVES, (size_t)B->D.NP);
  B->Saved = H->Saved; /* Now B's to free. */
  H->Saved = (omp_indirect_saved_list){NULL, 0, 0};
  if (Bytes)
    omp_indirect_group_add(B, &B->Groups, &B->NumGroups, &B->CapGroups, W,
                           H->Lo, H->Hi);
  B->Swept = 1;
  return 1;
}

/* An exit through the expansion of the entry that placed every pointee in
   the block W, which no lookup found since (omp_indirect_claim): each
   pointee's one reference goes now. What the general loop below does for
   such an exit, without its lookups, tests and counts. The block goes
   whole after the transfers (TransferOwned.c). */
static void placeWhole(omp_indirect_bulk *B, omp_indirect_block *W) {
  B->Whole = W;
  B->Distinct = 1;
  if (omp_indirect_grow((void **)&B->Pinned, &B->CapPinned,
                        (size_t)B->NumPinned + 1, sizeof *B->Pinned))
    omp_indirect_bulk_die(B, "out of host memory");
  omp_indirect_block_pin(W);
  B->Pinned[B->NumPinned++] = W;
  if (placeHandedOver(B, W))
    return;
  uintptr_t Probed = 1;
  /* One group. Pointee I's offset follows from the sizes before it, as the
     entry placed them (Place.c), so no entry is read: the block goes whole
     (TransferOwned.c), and its entries' counts with it. */
  uint64_t At = 0, Lo = UINT64_MAX, Hi = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    if (P->Parent < 0)
      B->Tops[P->Entry] = 1;
    saveSlot(B, I);
    At = omp_indirect_block_align(At, P->Lo);
    unsigned char Class = BULK_OWNED | BULK_LAST;
    if (omp_indirect_bulk_motion(B, I) & OMP_INDIRECT_MAP_FROM) {
      Class |= BULK_MOVES;
      if (Lo == UINT64_MAX)
        Lo = At;
      Hi = At + (P->Hi - P->Lo);
      omp_indirect_bulk_probe(B, I, &Probed);
    }
    B->Class[I] = Class;
    At += P->Hi - P->Lo;
  }
  if (Hi)
    omp_indirect_group_add(B, &B->Groups, &B->NumGroups, &B->CapGroups, W,
                           Lo, Hi);
}

/* Owned pointees get their device address (and, on exit, lose a
   reference, or all with `delete`); the rest go to L per item. */
void omp_indirect_place_owned(omp_indirect_bulk *B,
                              omp_indirect_map_list *L) {
  B->Owner = NULL;
  B->OwnRun = NULL;
  int Exit = B->Kind == OMP_INDIRECT_MAP_EXIT;
  omp_indirect_block *W =
      Exit ? omp_indirect_claim_untouched(&B->Hand.Claim) : NULL;
  if (W && W->N == B->D.NP && W->Device == B->Device) {
    placeWhole(B, W);
    return;
  }
  if (!Exit)
    needDevAt(B, 0);
  uintptr_t Probed = 1;
  /* Entries in increasing order are all different: each pointee's count is
     then final once it is counted, and it needs no second pass. */
  uintptr_t LastOwner = 0;
  omp_indirect_block *LastPinned =
      B->NumPinned ? B->Pinned[B->NumPinned - 1] : NULL;
  /* While the pointees follow their entries one by one (an exit through
     the expansion of the entry that placed them), the next is the entry
     after the last one the cursor found, in the block pinned last: no
     lookup, and each of those is distinct. */
  omp_indirect_owned *Next = NULL, *End = NULL;
  B->Distinct = 1;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    int64_t User = omp_indirect_bulk_user(B, I);
    if (P->Parent < 0)
      B->Tops[P->Entry] = 1;
    saveSlot(B, I);
    omp_indirect_block *Blk;
    omp_indirect_owned *E = Next;
    int Follows = E && E < End && E->Lo == P->Lo && E->Refs >= 0 &&
                  P->Hi <= P->Lo + E->Size;
    if (Follows) {
      Blk = LastPinned;
      ++B->Cursor.At;
      ++Next;
      if (B->Owner) /* Else OwnRun + I: the last one's was OwnRun + I - 1. */
        B->Owner[I] = E;
    } else {
      E = holder(B, I, &Blk, &Next, &End);
      owners(B, I, E);
    }
    if (E) {
      if (Blk != LastPinned) {
        if (omp_indirect_grow((void **)&B->Pinned, &B->CapPinned,
                              (size_t)B->NumPinned + 1, sizeof *B->Pinned))
          omp_indirect_bulk_die(B, "out of host memory");
        omp_indirect_block_pin(Blk);
        B->Pinned[B->NumPinned++] = LastPinned = Blk;
      }
      if (!Follows && B->Distinct &&
          (E->Lo != P->Lo || (uintptr_t)E <= LastOwner)) {
        B->Distinct = 0;
        needOwner(B, I);
        B->Owner[I] = E;
        needDevAt(B, I);
      }
      LastOwner = (uintptr_t)E;
      uint64_t Off = (E->Where >> OMP_INDIRECT_BLOCK_ID_BITS) + (P->Lo - E->Lo);
      if (B->DevAt)
        B->DevAt[I] = Blk->Dev + Off;
      if (Exit) {
        if (User & OMP_INDIRECT_MAP_DELETE)
          E->Refs = 0;
        else if (E->Refs > 0)
          --E->Refs;
      }
      int Last = Exit && E->Refs == 0;
      B->Class[I] = BULK_OWNED | (Last ? BULK_LAST : 0);
      /* An exit's copies back, grouped as they are found (kept where
         each pointee is named once: TransferOwned.c). */
      if ((Last || (Exit && (User & OMP_INDIRECT_MAP_ALWAYS))) &&
          (omp_indirect_bulk_motion(B, I) & OMP_INDIRECT_MAP_FROM)) {
        B->Class[I] |= BULK_MOVES;
        omp_indirect_group_add(B, &B->Groups, &B->NumGroups, &B->CapGroups,
                               Blk, Off, Off + (P->Hi - P->Lo));
      }
      /* Its data will come back (its last reference went, or `always`, or
         an update from): before libomptarget copies the items back, with
         device pointers in them, every page it will write must be there. */
      if (Exit ? E->Refs == 0 || (User & OMP_INDIRECT_MAP_ALWAYS)
               : (User & OMP_INDIRECT_MAP_FROM))
        omp_indirect_bulk_probe(B, I, &Probed);
      continue;
    }
    B->Class[I] = BULK_ITEM;
    if (B->DevAt)
      B->DevAt[I] = NULL;
    ++B->NumItems;
    if (omp_indirect_list_append_pointee(L, &B->D, I, B->Kind))
      omp_indirect_bulk_die(B, "out of host memory");
  }
  /* Only an exit where Distinct reads OwnRun (TransferOwned.c). */
  if (!(Exit && B->Distinct))
    needOwner(B, B->D.NP);
  /* A pointee may be named twice: the transfers group again. */
  if (!B->Distinct)
    omp_indirect_place_ungroup(B);
  /* What is left once the whole construct counted, where a pointee may be
     named twice (the marks above are some of these). */
  for (int64_t I = 0; Exit && !B->Distinct && I < B->D.NP; ++I)
    if ((B->Class[I] & BULK_KIND) == BULK_OWNED && B->Owner[I]->Refs == 0)
      B->Class[I] |= BULK_LAST;
}

