/*===- move/TransferOwned.c - exits and updates of the runtime's pointees --===*
 *
 * The transfer step (Bulk.h) of exits and updates, after the one
 * libomptarget call: the owned pointees that move are grouped by block and
 * move in one copy per block and direction, scattered on the host (from)
 * or overlaid on the block's device data (to, a read-modify-write that sets
 * the children's device pointers again). Exits then give the host its
 * pointers back and release the pointees whose last reference went. The
 * step's entry point (omp_indirect_bulk_transfer) is here, above Transfer.c.
 *
 *===----------------------------------------------------------------------===*/
#include "Transfer.h"
#include "FaultGuard.h"

#include "OmpIndirectRT.h"

#include <stdlib.h>
#include <string.h>

#define TO OMP_INDIRECT_MAP_TO
#define FROM OMP_INDIRECT_MAP_FROM

static void putPtr(char *At, void *V) { memcpy(At, &V, sizeof V); }

/* ---- Moving owned pointees, one copy per block. ---- */

typedef omp_indirect_group group;

/* Whether owned pointee I moves in direction Dir. */
typedef int (*select_fn)(const omp_indirect_bulk *B, int64_t I, int64_t Dir);

/* Groups the owned pointees Select picks by block, marking them
   BULK_MOVES; while the groups live, each block's Mark is its group.
   Returns the group count. */
static inline __attribute__((always_inline)) int64_t
groupByBlock(omp_indirect_bulk *B, select_fn Select,
                            int64_t Dir, group **Out) {
  group *G = NULL;
  int64_t NG = 0;
  size_t Cap = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    if ((B->Class[I] & BULK_KIND) != BULK_OWNED || !Select(B, I, Dir))
      continue;
    B->Class[I] |= BULK_MOVES;
    omp_indirect_block *Blk = omp_indirect_owned_block(B->Owner[I]);
    uint64_t Lo = (uint64_t)(B->DevAt[I] - Blk->Dev);
    omp_indirect_group_add(B, &G, &NG, &Cap, Blk, Lo,
                           Lo + (B->D.P[I].Hi - B->D.P[I].Lo));
  }
  *Out = G;
  return NG;
}

/* The image of moving pointee I in its group's image. */
static char *imageOf(const omp_indirect_bulk *B, const group *G, int64_t I) {
  const group *Gr = &G[omp_indirect_owned_block(B->Owner[I])->Mark];
  return Gr->Img + ((B->DevAt[I] - Gr->Block->Dev) - Gr->Lo);
}

/* True if pointee I's Dir data covers host address A. */
static int moves(const omp_indirect_bulk *B, int64_t I, uintptr_t A,
                 int64_t Dir) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (P->Type & Dir)
    return 1;
  int32_t N;
  const omp_indirect_range *Ranges = omp_indirect_ranges(&B->D, I, &N);
  for (int32_t K = 0; K < N; ++K) {
    const omp_indirect_range *R = &Ranges[K];
    if ((R->Motion & Dir) && R->Lo <= A && A < R->Hi)
      return 1;
  }
  return 0;
}

/* The device span of the group the last pointee lay in: the next one
   lies there too as a rule, and then neither its table entry nor its
   block is read (groups are disjoint device memory). */
typedef struct span {
  uintptr_t Lo, Hi;
  char *Img;
} span;

/* Moves the Dir data of moving pointee I, held by the entry E, between its
   image in its group's image and the host. */
static inline __attribute__((always_inline)) void
moveOne(const omp_indirect_bulk *B, const group *G, omp_indirect_guard *Guard,
        span *Sp, int64_t I, const omp_indirect_owned *E, uintptr_t At,
        int64_t Dir) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (At - Sp->Lo >= Sp->Hi - Sp->Lo) {
    const group *Gr = &G[omp_indirect_owned_block(E)->Mark];
    Sp->Lo = (uintptr_t)Gr->Block->Dev + Gr->Lo;
    Sp->Hi = (uintptr_t)Gr->Block->Dev + Gr->Hi;
    Sp->Img = Gr->Img;
  }
  char *Img = Sp->Img + (At - Sp->Lo);
  if (!(P->Type & Dir)) /* In part: its ranges. */
    omp_indirect_bulk_overlay(B, I, Img, Dir, Dir == TO);
  else if (Dir == TO)
    omp_indirect_guard_copy(Guard, Img, (void *)P->Lo, P->Hi - P->Lo);
  else
    omp_indirect_guard_copy(Guard, (void *)P->Lo, Img, P->Hi - P->Lo);
}

/* Each group's image, read from the device in one copy. */
static void fetchGroups(omp_indirect_bulk *B, group *G, int64_t NG) {
  for (int64_t K = 0; K < NG; ++K) {
    G[K].Img = omp_indirect_bulk_scratch(B, G[K].Hi - G[K].Lo);
    omp_indirect_bulk_from(B, G[K].Img, G[K].Block->Dev + G[K].Lo,
                           G[K].Hi - G[K].Lo);
  }
}

static void freeGroups(group *G, int64_t NG) {
  for (int64_t K = 0; K < NG; ++K) {
    G[K].Block->Mark = -1;
    omp_indirect_scratch_give(G[K].Img);
  }
  free(G);
}

/* Moves the Dir data of the owned pointees Select picks: from the device,
   one copy per block, scattered on the host; or to the device, one
   read-modify-write per block, with their children's device pointers set
   again wherever host pointers were copied over them. */
static inline __attribute__((always_inline)) void
moveOwned(omp_indirect_bulk *B, select_fn Select, int64_t Dir) {
  group *G;
  int64_t NG = groupByBlock(B, Select, Dir, &G);
  omp_indirect_guard *Guard = omp_indirect_guard_current();
  Guard->Writing = Dir != TO;
  fetchGroups(B, G, NG);
  span Sp = {0, 0, NULL};
  for (int64_t I = 0; NG && I < B->D.NP; ++I)
    if (B->Class[I] & BULK_MOVES)
      moveOne(B, G, Guard, &Sp, I, B->Owner[I], (uintptr_t)B->DevAt[I],
              Dir);
  Guard->Writing = 0;
  if (Dir == TO && NG) {
    for (int64_t I = 0; I < B->D.NP; ++I) {
      int64_t Par = B->D.P[I].Parent;
      uintptr_t S = (uintptr_t)B->D.P[I].Slot;
      if (Par < 0 || !(B->Class[Par] & BULK_MOVES) || !moves(B, Par, S, Dir))
        continue;
      putPtr(imageOf(B, G, Par) + (S - B->D.P[Par].Lo),
             omp_indirect_bulk_devptr(B, I));
    }
    for (int64_t K = 0; K < NG; ++K)
      omp_indirect_bulk_to(B, G[K].Block->Dev + G[K].Lo, G[K].Img,
                           G[K].Hi - G[K].Lo);
  }
  for (int64_t I = 0; NG && I < B->D.NP; ++I)
    B->Class[I] &= ~BULK_MOVES;
  freeGroups(G, NG);
}

/* Host pointers that a copy back overwrote with device ones are the host's
   again (libomptarget does the same for the pointers it attached). */
static void restoreSlot(omp_indirect_bulk *B, int64_t I, int64_t *NextSaved) {
  const omp_indirect_pointee *P = &B->D.P[I];
  *P->Slot = omp_indirect_saved_value(&B->Saved, NextSaved, I, P->Lo);
}

static void restoreSlots(omp_indirect_bulk *B) {
  int64_t S = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    restoreSlot(B, I, &S);
}

/* ---- Exits. ---- */

/* An exit copies back what lost its last reference, or with `always`. */
static int selectExit(const omp_indirect_bulk *B, int64_t I, int64_t Dir) {
  int Always = (omp_indirect_bulk_user(B, I) & OMP_INDIRECT_MAP_ALWAYS) != 0;
  return ((B->Class[I] & BULK_LAST) || Always) &&
         (omp_indirect_bulk_motion(B, I) & Dir);
}

/* An exit whose owned pointees are each named once (B->Distinct), with
   the groups its placement made, in one pass after the copies back: each pointee's data is scattered, its slot
   gets its host value (its parent came before it, and was scattered), and
   it is released if its last reference went. The blocks are pinned until
   the transfers end, so no release frees one meanwhile. */
static inline __attribute__((always_inline)) void
exitDistinctPass(omp_indirect_bulk *B, const group *G,
                 omp_indirect_guard *Guard, int InRun) {
  span Sp = {0, 0, NULL};
  int64_t S = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    unsigned char Class = B->Class[I];
    /* Its entry: OwnRun + I, or Owner[I] (PlaceOwned.c). */
    omp_indirect_owned *E = InRun ? B->OwnRun + I : B->Owner[I];
    if (Class & BULK_MOVES) /* Its own entry (Distinct): at its start. */
      moveOne(B, G, Guard, &Sp, I, E, (uintptr_t)omp_indirect_owned_dev(E),
              FROM);
    restoreSlot(B, I, &S);
    if ((Class & BULK_LAST) && E->Refs == 0)
      omp_indirect_owned_release_pinned(E);
  }
}

/* The same for an exit whose block goes whole (B->Whole, PlaceOwned.c):
   each pointee lies at the offset the sizes before it give, in the one
   group (moveOne reads no entry inside its span); no entry is read. The
   block then loses every pointee at once (each one's last reference went,
   and none is lent), and the unpin at the transfers' end frees it,
   entries and all; nothing looks them up meanwhile (the lock is held). */
static void exitWholePass(omp_indirect_bulk *B, const group *G,
                          omp_indirect_guard *Guard) {
  omp_indirect_block *W = B->Whole;
  span Sp = {0, 0, NULL};
  if (G)
    Sp = (span){(uintptr_t)W->Dev + G->Lo, (uintptr_t)W->Dev + G->Hi, G->Img};
  int64_t S = 0;
  uint64_t At = 0;
  if (B->Swept && G) {
    /* Every pointee moves whole (PlaceOwned.c, placeHandedOver), from the
       one group's image: no class, range or span to test. */
    const omp_indirect_pointee *Ps = B->D.P;
    const omp_indirect_saved_list Saved = B->Saved; /* A local: no reload. */
    int64_t NP = B->D.NP;
    char *Img = G->Img - G->Lo;
    /* Every fault in the loop is in the program's data (a pointee, or the
       item libomptarget copied back). */
    omp_indirect_guard_on(Guard);
    for (int64_t I = 0; I < NP; ++I) {
      const omp_indirect_pointee *P = &Ps[I];
      uintptr_t Lo = P->Lo, Size = P->Hi - Lo;
      At = omp_indirect_block_align(At, Lo);
      omp_indirect_guard_copy_on((void *)Lo, Img + At, Size);
      *P->Slot = omp_indirect_saved_value(&Saved, &S, I, Lo);
      At += Size;
    }
    omp_indirect_guard_off(Guard);
    W->Live -= W->N;
    return;
  }
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    At = omp_indirect_block_align(At, P->Lo);
    if (B->Class[I] & BULK_MOVES)
      moveOne(B, G, Guard, &Sp, I, W->E, (uintptr_t)W->Dev + At, FROM);
    restoreSlot(B, I, &S);
    At += P->Hi - P->Lo;
  }
  W->Live -= W->N;
}

static void exitDistinct(omp_indirect_bulk *B) {
  group *G = B->Groups; /* Made by the placement (PlaceOwned.c). */
  int64_t NG = B->NumGroups;
  B->Groups = NULL;
  B->NumGroups = 0;
  omp_indirect_guard *Guard = omp_indirect_guard_current();
  Guard->Writing = 1;
  fetchGroups(B, G, NG);
  if (B->Whole)
    exitWholePass(B, NG ? G : NULL, Guard);
  else if (B->Owner)
    exitDistinctPass(B, G, Guard, 0);
  else
    exitDistinctPass(B, G, Guard, 1);
  Guard->Writing = 0;
  freeGroups(G, NG);
}

/* `from` data comes back, the host gets its pointers again, and pointees
   whose last reference went leave the table; a block goes with its last
   pointee. A pointee mapped twice in the construct is released once. */
void omp_indirect_transfer_exit(omp_indirect_bulk *B) {
  if (B->Distinct) {
    exitDistinct(B);
    return;
  }
  moveOwned(B, selectExit, FROM);
  /* Each pointee once (marked -1 meanwhile): a release can free the block
     of the entries it names. */
  int64_t N = 0, S = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    restoreSlot(B, I, &S);
    if ((B->Class[I] & BULK_LAST) && B->Owner[I]->Refs == 0) {
      B->Owner[I]->Refs = -1;
      B->Owner[N++] = B->Owner[I];
    }
  }
  for (int64_t I = 0; I < N; ++I)
    B->Owner[I]->Refs = 0;
  omp_indirect_owned_release_all(B->Owner, N);
}

/* ---- Updates. ---- */

/* After libomptarget's `update to`: device pointers in the items and the
   per-item pointees it overwrote point at the device copies again. */
static void repointUpdated(omp_indirect_bulk *B,
                           const omp_indirect_map_list *L) {
  char **TopDev = omp_indirect_transfer_items_on_device(B, L);
  char **TopImg = omp_indirect_bulk_alloc(B, sizeof(char *) * L->Count);
  char *Rmw = omp_indirect_bulk_alloc(B, (size_t)L->Count);
  memset(TopImg, 0, sizeof(char *) * L->Count);
  memset(Rmw, 0, (size_t)L->Count);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    if (!(omp_indirect_bulk_user(B, I) & TO))
      continue;
    if (P->Parent < 0) {
      Rmw[P->Entry] = 1;
    } else if (B->Class[P->Parent] == BULK_ITEM && B->DevAt[P->Parent] &&
               (B->D.P[P->Parent].Type & TO)) {
      void *V = omp_indirect_bulk_devptr(B, I);
      omp_indirect_bulk_to(B, B->DevAt[P->Parent] +
                                  ((uintptr_t)P->Slot - B->D.P[P->Parent].Lo),
                           &V, sizeof V);
    }
  }
  omp_indirect_transfer_write_items(B, L, TopDev, TopImg, Rmw, NULL);
  free(TopImg);
  free(TopDev);
  free(Rmw);
}

/* An update moves what its direction and the pointee's mapper move. */
static int selectUpdate(const omp_indirect_bulk *B, int64_t I, int64_t Dir) {
  return (omp_indirect_bulk_user(B, I) & omp_indirect_bulk_motion(B, I) &
          Dir) != 0;
}

/* Owned pointees move in one copy per block and direction; children's
   device pointers are set again in parents that `to` overwrote, and host
   pointers that `from` overwrote are the host's again. */
void omp_indirect_transfer_update(omp_indirect_bulk *B,
                                  const omp_indirect_map_list *L) {
  int64_t Dir = omp_indirect_bulk_direction(B);
  if (Dir & TO)
    omp_indirect_transfer_find_items(B);
  moveOwned(B, selectUpdate, TO);
  moveOwned(B, selectUpdate, FROM);
  restoreSlots(B);
  if (Dir & TO)
    repointUpdated(B, L);
}

void omp_indirect_bulk_transfer(omp_indirect_bulk *B,
                                const omp_indirect_map_list *L) {
  if (B->Kind == OMP_INDIRECT_MAP_ENTER)
    omp_indirect_transfer_enter(B, L);
  else if (B->Kind == OMP_INDIRECT_MAP_EXIT)
    omp_indirect_transfer_exit(B);
  else
    omp_indirect_transfer_update(B, L);
  for (int64_t K = 0; K < B->NumPinned; ++K)
    omp_indirect_block_unpin(B->Pinned[K]);
  omp_indirect_owned_unlock();
}
