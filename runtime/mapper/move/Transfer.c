/*===- move/Transfer.c - the bulk deep copy's data motion ------------------===*
 *
 * The transfer step (Bulk.h), after the one libomptarget call. Entering
 * constructs fill a host image of the new block and of the items whose
 * data the runtime copies itself, write the device pointers of their
 * children into them, and copy each image once. Exits copy the pointees
 * whose last reference went back in one copy per block, scatter them on
 * the host, give the host its pointers again and release those pointees.
 * Updates move in one copy per block and direction.
 *
 *===----------------------------------------------------------------------===*/
#include "Transfer.h"
#include "FaultGuard.h"

#include "OmpIndirectRT.h"
#include "Table.h"

#include <stdlib.h>
#include <string.h>

#define TO OMP_INDIRECT_MAP_TO
#define FROM OMP_INDIRECT_MAP_FROM

static void putPtr(char *At, void *V) { memcpy(At, &V, sizeof V); }

/* ---- The items of the construct's mapper entries. ---- */

/* Items flagged in Rmw get their children's device pointers by one
   read-modify-write each: read the item's device copy, set the pointers,
   write it back. Img[K], if set, is used instead of reading; Done[K] (if
   Done) says its pointers are in it already. Every image is then copied
   to the device. */
void omp_indirect_transfer_write_items(omp_indirect_bulk *B, const omp_indirect_map_list *L,
                       char **TopDev, char **Img, const char *Rmw,
                       const char *Done) {
  int Pending = 0;
  for (int32_t K = 0; K < L->Count; ++K) {
    if (Rmw[K] && TopDev[K] && !Img[K]) {
      Img[K] = omp_indirect_bulk_scratch(B, (size_t)L->Sizes[K]);
      omp_indirect_bulk_from(B, Img[K], TopDev[K], (size_t)L->Sizes[K]);
    }
    Pending |= (Rmw[K] || Img[K]) && !(Done && Done[K]);
  }
  for (int64_t I = 0; Pending && I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    if (P->Parent >= 0 || (Done && Done[P->Entry]))
      continue;
    void *V = omp_indirect_bulk_devptr(B, I);
    if (Img[P->Entry]) {
      putPtr(Img[P->Entry] +
                 ((uintptr_t)P->Slot - (uintptr_t)L->Begins[P->Entry]),
             V);
    } else if (Rmw[P->Entry]) {
      /* The item is on the device in pieces: this pointer alone. */
      char *Dev = omp_indirect_mapped_ptr(P->Slot, B->Device);
      if (Dev)
        omp_indirect_bulk_to(B, Dev, &V, sizeof V);
    }
  }
  for (int32_t K = 0; K < L->Count; ++K)
    if (Img[K]) {
      omp_indirect_bulk_to(B, TopDev[K], Img[K], (size_t)L->Sizes[K]);
      omp_indirect_scratch_give(Img[K]);
    }
}

/* The device copy of each item with pointees, when it is one piece. */
char **omp_indirect_transfer_items_on_device(omp_indirect_bulk *B,
                            const omp_indirect_map_list *L) {
  char **TopDev = omp_indirect_bulk_alloc(B, sizeof(char *) * L->Count);
  for (int32_t K = 0; K < L->Count; ++K) {
    TopDev[K] = NULL;
    if (K >= B->D.NumEntries || !B->Tops[K] || L->Sizes[K] <= 0)
      continue;
    /* Only an item mapped as one piece is read and written whole (an
       update may find just some members mapped). */
    char *First = omp_indirect_mapped_ptr(L->Begins[K], B->Device);
    char *End = omp_indirect_mapped_ptr((char *)L->Begins[K] + L->Sizes[K] - 1,
                                        B->Device);
    if (First && End == First + L->Sizes[K] - 1)
      TopDev[K] = First;
  }
  return TopDev;
}

/* Per-item pointees: where libomptarget put them. */
void omp_indirect_transfer_find_items(omp_indirect_bulk *B) {
  for (int64_t I = 0; B->NumItems && I < B->D.NP; ++I)
    if (B->Class[I] == BULK_ITEM && B->D.P[I].Lo) /* NULL: not mapped. */
      B->DevAt[I] = omp_indirect_mapped_ptr((void *)B->D.P[I].Lo, B->Device);
}

/* ---- Entering constructs. ---- */

/* An image of owned pointee I that `always, to` copies again: its device
   copy overlaid with the host's `to` data. */
static char *alwaysImage(omp_indirect_bulk *B, int64_t I) {
  const omp_indirect_pointee *P = &B->D.P[I];
  int64_t User = omp_indirect_bulk_user(B, I);
  if (!(User & OMP_INDIRECT_MAP_ALWAYS) ||
      !(User & omp_indirect_bulk_motion(B, I) & TO))
    return NULL;
  size_t Size = P->Hi - P->Lo;
  char *Img = omp_indirect_bulk_scratch(B, Size);
  if (!(P->Type & TO))
    omp_indirect_bulk_from(B, Img, B->DevAt[I], Size);
  omp_indirect_bulk_overlay(B, I, Img, TO, 1);
  return Img;
}

/* Owned pointees that `always, to` copies again, with their images, in
   pointee order. */
typedef struct always_list {
  int64_t N, Cap;
  int64_t *At;
  char **Img;
} always_list;

static void addAlways(omp_indirect_bulk *B, always_list *A, int64_t I,
                      char *Img) {
  if (A->N == A->Cap) {
    A->Cap = A->Cap ? 2 * A->Cap : 16;
    A->At = realloc(A->At, sizeof *A->At * (size_t)A->Cap);
    A->Img = realloc(A->Img, sizeof *A->Img * (size_t)A->Cap);
    if (!A->At || !A->Img)
      omp_indirect_bulk_die(B, "out of host memory");
  }
  A->At[A->N] = I;
  A->Img[A->N++] = Img;
}

static char *alwaysImageOf(const always_list *A, int64_t I) {
  int64_t Lo = 0, Hi = A->N;
  while (Lo < Hi) {
    int64_t M = (Lo + Hi) / 2;
    if (A->At[M] < I)
      Lo = M + 1;
    else
      Hi = M;
  }
  return Lo < A->N && A->At[Lo] == I ? A->Img[Lo] : NULL;
}

/* One pass over the pointees: each new one's data into the block's host
   image, each pointer to a pointee into its parent's image (the block's,
   an item's, an `always` one's) or, for a pointee placed now whose parent
   has none, straight into the parent's device copy. Parents come before
   their children, so a parent's image is filled before its pointers. */
void omp_indirect_transfer_enter(omp_indirect_bulk *B,
                                 const omp_indirect_map_list *L) {
  omp_indirect_guard *G = omp_indirect_guard_current();
  omp_indirect_transfer_find_items(B);
  char **TopDev = omp_indirect_transfer_items_on_device(B, L);
  char **TopImg = omp_indirect_bulk_alloc(B, sizeof(char *) * L->Count);
  char *Rmw = omp_indirect_bulk_alloc(B, (size_t)L->Count);
  char *Done = omp_indirect_bulk_alloc(B, (size_t)L->Count);
  /* The placement staged every pointee (Stage.h): the images are whole,
     where libomptarget put each item in one piece (else they are filled
     below, as for any other construct). */
  omp_indirect_stage *St = &B->Stage;
  int Staged = St->State == OMP_INDIRECT_STAGE_DONE;
  for (int32_t K = 0; K < L->Count; ++K) {
    TopImg[K] = NULL;
    Rmw[K] = 0;
    Done[K] = B->Fresh[K] && TopDev[K];
    if (Done[K])
      TopImg[K] = Staged && K < St->NE && St->Img[K]
                      ? St->Img[K]
                      : omp_indirect_bulk_scratch(B, (size_t)L->Sizes[K]);
  }
  for (int32_t K = 0; Staged && K < B->D.NumEntries; ++K)
    Staged = !B->Tops[K] || Done[K];
  omp_indirect_stage_free(St, Done); /* The images in TopImg stay. */
  for (int32_t K = 0; !Staged && K < L->Count; ++K)
    if (Done[K])
      memcpy(TopImg[K], L->Begins[K], (size_t)L->Sizes[K]);
  char *Stage = St->State == OMP_INDIRECT_STAGE_DONE
                    ? St->Host /* Its bound is B->Total. */
                    : omp_indirect_bulk_scratch(B, B->Total);
  char *BlockDev = B->Block ? B->Block->Dev : NULL;
  always_list Always = {0, 0, NULL, NULL};
  /* No new pointee, no fresh item, no entry with pointees (Tops: every
     pointee's chain starts at a top one of its entry) and `always`: the
     pass would write nothing (a kernel on present data); it is skipped. */
  int Acts = B->Total != 0;
  for (int32_t K = 0; !Acts && K < L->Count; ++K)
    Acts = Done[K];
  for (int32_t K = 0; !Acts && K < B->D.NumEntries; ++K)
    Acts = B->Tops[K] && (B->D.User[K] & OMP_INDIRECT_MAP_ALWAYS);
  if (!Staged && !B->DevAt) /* Every pointee new, its parent an item. */
    omp_indirect_bulk_offsets(B);
  for (int64_t I = 0; Acts && B->DevAt && I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    int Class = B->Class[I];
    if (Class == BULK_NEW) {
      uintptr_t At = (uintptr_t)B->DevAt[I]; /* Its offset (Place.c). */
      B->DevAt[I] = BlockDev + At;
      omp_indirect_guard_copy(G, Stage + At, (void *)P->Lo, P->Hi - P->Lo);
    } else if (Class == BULK_OWNED) {
      char *Img = alwaysImage(B, I);
      if (Img)
        addAlways(B, &Always, I, Img);
    }
    int Placed = Class == BULK_NEW || Class == BULK_DUP;
    if (P->Parent < 0) {
      /* An item present already that `always, to` copied again (by
         libomptarget, or Coalesce.c's hull: flang's records, whose entry
         moves nothing itself) holds host pointers there now. */
      int64_t User = B->D.User[P->Entry];
      Rmw[P->Entry] |= Placed || (Class == BULK_OWNED &&
                                  (User & OMP_INDIRECT_MAP_ALWAYS) &&
                                  (User & TO));
      if (Done[P->Entry])
        putPtr(TopImg[P->Entry] +
                   ((uintptr_t)P->Slot - (uintptr_t)L->Begins[P->Entry]),
               omp_indirect_bulk_devptr(B, I));
      continue;
    }
    int64_t Par = P->Parent;
    uintptr_t Off = (uintptr_t)P->Slot - B->D.P[Par].Lo;
    /* A parent in the new block (placed now, the same range as one, or
       inside one) has its image in Stage. */
    char *Img = NULL;
    if (B->Total && B->DevAt[Par] >= BlockDev &&
        B->DevAt[Par] < BlockDev + B->Total)
      Img = Stage + (B->DevAt[Par] - BlockDev);
    else if (Always.N)
      Img = alwaysImageOf(&Always, Par);
    if (Img) {
      putPtr(Img + Off, omp_indirect_bulk_devptr(B, I));
    } else if (Placed && B->DevAt[Par]) {
      void *V = omp_indirect_bulk_devptr(B, I);
      omp_indirect_bulk_to(B, B->DevAt[Par] + Off, &V, sizeof V);
    }
  }
  omp_indirect_transfer_write_items(B, L, TopDev, TopImg, Rmw, Done);
  if (B->Total)
    omp_indirect_bulk_to(B, BlockDev, Stage, B->Total);
  for (int64_t A = 0; A < Always.N; ++A) {
    int64_t I = Always.At[A];
    omp_indirect_bulk_to(B, B->DevAt[I], Always.Img[A],
                         B->D.P[I].Hi - B->D.P[I].Lo);
    omp_indirect_scratch_give(Always.Img[A]);
  }
  free(Always.At);
  free(Always.Img);
  omp_indirect_scratch_give(Stage);
  free(TopImg);
  free(TopDev);
  free(Rmw);
  free(Done);
}
