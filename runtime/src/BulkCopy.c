/*===- BulkCopy.c - deep copy in a constant number of transfers -----------===*
 *
 * Exits, updates and the steps all constructs share; entering constructs
 * (placement, association, device images) are in BulkEnter.c. What moves
 * where is in BulkCopy.h; the rules are in docs/mapper.md.
 *
 *===----------------------------------------------------------------------===*/
#include "BulkCopy.h"
#include "BulkInternal.h"
#include "OmpIndirectRT.h"
#include "Presence.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOTION (OMP_INDIRECT_MAP_TO | OMP_INDIRECT_MAP_FROM)

void omp_indirect_bulk_die(const omp_indirect_bulk *B, const char *What) {
  omp_indirect_error(B->Device,
                     "deep copy through 'declare mapper': %s; stopping "
                     "rather than map partial data",
                     What);
  abort();
}

void *omp_indirect_bulk_alloc(const omp_indirect_bulk *B, size_t N) {
  void *P = malloc(N ? N : 1);
  if (!P)
    omp_indirect_bulk_die(B, "out of host memory");
  return P;
}

void omp_indirect_bulk_to(const omp_indirect_bulk *B, void *Dev,
                          const void *Host, size_t N) {
  if (N && omp_target_memcpy(Dev, (void *)Host, N, 0, 0, B->Device,
                             omp_get_initial_device()))
    omp_indirect_bulk_die(B, "cannot copy to the device");
}

void omp_indirect_bulk_from(const omp_indirect_bulk *B, void *Host,
                            const void *Dev, size_t N) {
  if (N && omp_target_memcpy(Host, (void *)Dev, N, 0, 0,
                             omp_get_initial_device(), B->Device))
    omp_indirect_bulk_die(B, "cannot copy from the device");
}

int64_t omp_indirect_bulk_motion(const omp_indirect_bulk *B, int64_t I) {
  const omp_indirect_pointee *P = &B->D.P[I];
  int64_t M = P->Type & MOTION;
  for (int64_t R = 0; R < P->NumRanges; ++R)
    M |= B->D.R[P->FirstRange + R].Motion;
  return M;
}

/* Copies Dir-moving bytes of pointee I between Host (the user's memory)
   and Img (an image of the pointee's device copy). */
void omp_indirect_bulk_overlay(const omp_indirect_bulk *B, int64_t I,
                               char *Img, int64_t Dir, int ToImage) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (P->Type & Dir) {
    if (ToImage)
      memcpy(Img, (void *)P->Lo, P->Hi - P->Lo);
    else
      memcpy((void *)P->Lo, Img, P->Hi - P->Lo);
    return;
  }
  for (int64_t K = 0; K < P->NumRanges; ++K) {
    const omp_indirect_range *R = &B->D.R[P->FirstRange + K];
    if (!(R->Motion & Dir))
      continue;
    char *At = Img + (R->Lo - P->Lo);
    if (ToImage)
      memcpy(At, (void *)R->Lo, R->Hi - R->Lo);
    else
      memcpy((void *)R->Lo, At, R->Hi - R->Lo);
  }
}

/* True if pointee I's Dir data covers host address A. */
static int moves(const omp_indirect_bulk *B, int64_t I, uintptr_t A,
                 int64_t Dir) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (P->Type & Dir)
    return 1;
  for (int64_t K = 0; K < P->NumRanges; ++K) {
    const omp_indirect_range *R = &B->D.R[P->FirstRange + K];
    if ((R->Motion & Dir) && R->Lo <= A && A < R->Hi)
      return 1;
  }
  return 0;
}

void *omp_indirect_bulk_devptr(const omp_indirect_bulk *B, int64_t I) {
  const omp_indirect_pointee *P = &B->D.P[I];
  char *At = B->DevAt[I];
  if (!At)
    return *P->Slot; /* Not on the device: the host value stays. */
  return At - (P->Lo - (uintptr_t)*P->Slot);
}

/* ---- Moving owned pointees, one copy per block. ---- */

typedef struct group {
  omp_indirect_block *Block;
  uint64_t Lo, Hi; /* Span of the block that moves. */
  char *Img;
} group;

/* Groups the pointees Sel selects by block; returns the group count and
   sets Which[I] to the group of pointee I (-1 if not selected). */
static int64_t groupByBlock(omp_indirect_bulk *B, const char *Sel,
                            int64_t *Which, group **Out) {
  group *G = NULL;
  int64_t NG = 0, Cap = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    Which[I] = -1;
    if (!Sel[I])
      continue;
    omp_indirect_block *Blk = B->Owner[I]->Block;
    uint64_t Lo = (uint64_t)(B->DevAt[I] - Blk->Dev), Hi;
    Hi = Lo + (B->D.P[I].Hi - B->D.P[I].Lo);
    int64_t K = Blk->Mark;
    if (K < 0) {
      if (NG == Cap) {
        Cap = Cap ? 2 * Cap : 4;
        G = realloc(G, sizeof *G * Cap);
        if (!G)
          omp_indirect_bulk_die(B, "out of host memory");
      }
      K = NG++;
      G[K] = (group){Blk, Lo, Hi, NULL};
      Blk->Mark = K;
    }
    if (Lo < G[K].Lo)
      G[K].Lo = Lo;
    if (Hi > G[K].Hi)
      G[K].Hi = Hi;
    Which[I] = K;
  }
  for (int64_t K = 0; K < NG; ++K)
    G[K].Block->Mark = -1;
  *Out = G;
  return NG;
}

/* Moves the Dir data of the selected owned pointees: from the device, one
   copy per block, scattered on the host; or to the device, one
   read-modify-write per block, with their children's device pointers set
   again wherever host pointers were copied over them. */
static void moveOwned(omp_indirect_bulk *B, const char *Sel, int64_t Dir) {
  int64_t *Which = omp_indirect_bulk_alloc(B, sizeof(int64_t) * B->D.NP);
  group *G;
  int64_t NG = groupByBlock(B, Sel, Which, &G);
  for (int64_t K = 0; K < NG; ++K) {
    G[K].Img = omp_indirect_bulk_alloc(B, G[K].Hi - G[K].Lo);
    omp_indirect_bulk_from(B, G[K].Img, G[K].Block->Dev + G[K].Lo,
                           G[K].Hi - G[K].Lo);
  }
  for (int64_t I = 0; I < B->D.NP; ++I)
    if (Which[I] >= 0) {
      group *Gr = &G[Which[I]];
      char *Img = Gr->Img + ((B->DevAt[I] - Gr->Block->Dev) - Gr->Lo);
      omp_indirect_bulk_overlay(B, I, Img, Dir, Dir == OMP_INDIRECT_MAP_TO);
    }
  if (Dir == OMP_INDIRECT_MAP_TO) {
    for (int64_t I = 0; I < B->D.NP; ++I) {
      int64_t Par = B->D.P[I].Parent;
      uintptr_t S = (uintptr_t)B->D.P[I].Slot;
      if (Par < 0 || Which[Par] < 0 || !moves(B, Par, S, Dir))
        continue;
      group *Gr = &G[Which[Par]];
      char *At = Gr->Img + ((B->DevAt[Par] - Gr->Block->Dev) - Gr->Lo) +
                 (S - B->D.P[Par].Lo);
      void *V = omp_indirect_bulk_devptr(B, I);
      memcpy(At, &V, sizeof V);
    }
    for (int64_t K = 0; K < NG; ++K)
      omp_indirect_bulk_to(B, G[K].Block->Dev + G[K].Lo, G[K].Img,
                           G[K].Hi - G[K].Lo);
  }
  for (int64_t K = 0; K < NG; ++K)
    free(G[K].Img);
  free(G);
  free(Which);
}

/* ---- Classification shared by exit and update. ---- */

/* The owned pointee holding pointee I whole: its own entry, or one it
   lies inside (a range of another pointee, which entered per item). */
static omp_indirect_owned *holder(omp_indirect_bulk *B, int64_t I) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (B->Device < 0)
    return NULL;
  omp_indirect_owned *E =
      omp_indirect_owned_find(B->Device, P->Lo, &B->Cursor);
  if (!E || P->Hi > E->Lo + E->Size)
    E = omp_indirect_owned_containing(B->Device, P->Lo);
  return E && P->Hi <= E->Lo + E->Size ? E : NULL;
}

/* Owned pointees get their device address and block (and, on exit, lose
   a reference, or all with `delete`); the rest go to L per item. */
static void classifyOwned(omp_indirect_bulk *B, omp_indirect_map_list *L) {
  B->Left = omp_indirect_bulk_alloc(B, sizeof(int64_t) * B->D.NP);
  B->Owner = omp_indirect_bulk_alloc(B, sizeof(void *) * B->D.NP);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    omp_indirect_owned *E = holder(B, I);
    if (E) {
      B->Class[I] = BULK_OWNED;
      B->DevAt[I] = E->Dev + (P->Lo - E->Lo);
      B->Owner[I] = E;
      if (B->Kind == OMP_INDIRECT_MAP_EXIT) {
        if (P->User & OMP_INDIRECT_MAP_DELETE)
          E->Refs = 0;
        else if (E->Refs > 0)
          --E->Refs;
      }
      continue;
    }
    B->Class[I] = BULK_ITEM;
    if (omp_indirect_append_pointee(L, &B->D, I, B->Kind, P->User))
      omp_indirect_bulk_die(B, "out of host memory");
  }
  /* What is left once the whole construct counted: a pointee it names
     twice (two structs, or a range of another) moves back with the last. */
  for (int64_t I = 0; B->Kind == OMP_INDIRECT_MAP_EXIT && I < B->D.NP; ++I)
    if (B->Class[I] == BULK_OWNED)
      B->Left[I] = B->Owner[I]->Refs;
}

static void saveSlots(omp_indirect_bulk *B) {
  B->Saved = omp_indirect_bulk_alloc(B, sizeof(void *) * B->D.NP);
  for (int64_t I = 0; I < B->D.NP; ++I)
    B->Saved[I] = *B->D.P[I].Slot;
}

/* Host pointers that a copy back overwrote with device ones are the host's
   again (libomptarget does the same for the pointers it attached). */
static void restoreSlots(omp_indirect_bulk *B) {
  for (int64_t I = 0; B->Saved && I < B->D.NP; ++I)
    *B->D.P[I].Slot = B->Saved[I];
}

static void prepareExit(omp_indirect_bulk *B, omp_indirect_map_list *L) {
  classifyOwned(B, L);
  saveSlots(B);
  char *Sel = omp_indirect_bulk_alloc(B, (size_t)B->D.NP);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    Sel[I] = 0;
    if (B->Class[I] != BULK_OWNED)
      continue;
    const omp_indirect_pointee *P = &B->D.P[I];
    int Always = (P->User & OMP_INDIRECT_MAP_ALWAYS) != 0;
    Sel[I] = (B->Left[I] == 0 || Always) &&
             (omp_indirect_bulk_motion(B, I) & OMP_INDIRECT_MAP_FROM);
  }
  moveOwned(B, Sel, OMP_INDIRECT_MAP_FROM);
  free(Sel);
}

/* Pointees whose last reference went stop being present and their block
   goes with its last pointee. A pointee mapped twice in the construct is
   released once. */
static void finishExit(omp_indirect_bulk *B) {
  restoreSlots(B);
  /* Each pointee once (marked -1 meanwhile): a release can free the block
     of the entries it names. */
  int64_t N = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    if (B->Class[I] == BULK_OWNED && B->Left[I] == 0 &&
        B->Owner[I]->Refs == 0) {
      B->Owner[I]->Refs = -1;
      B->Owner[N++] = B->Owner[I];
    }
  for (int64_t I = 0; I < N; ++I) {
    B->Owner[I]->Refs = 0;
    omp_indirect_owned_release(B->Owner[I]);
  }
}

/* Update: owned pointees move in one copy per block and direction;
   children's device pointers are set again in parents that `to` overwrote. */
static void prepareUpdate(omp_indirect_bulk *B, omp_indirect_map_list *L) {
  classifyOwned(B, L);
  if (omp_indirect_bulk_direction(B) & OMP_INDIRECT_MAP_FROM)
    saveSlots(B);
  char *Sel = omp_indirect_bulk_alloc(B, (size_t)B->D.NP);
  for (int64_t Dir = OMP_INDIRECT_MAP_TO; Dir <= OMP_INDIRECT_MAP_FROM;
       Dir <<= 1) {
    for (int64_t I = 0; I < B->D.NP; ++I)
      Sel[I] = B->Class[I] == BULK_OWNED &&
               (B->D.P[I].User & omp_indirect_bulk_motion(B, I) & Dir);
    moveOwned(B, Sel, Dir);
  }
  free(Sel);
}

static void finishUpdate(omp_indirect_bulk *B,
                         const omp_indirect_map_list *L) {
  restoreSlots(B);
  if (!(omp_indirect_bulk_direction(B) & OMP_INDIRECT_MAP_TO))
    return;
  for (int64_t I = 0; I < B->D.NP; ++I)
    if (B->Class[I] == BULK_ITEM && B->D.P[I].Lo) /* NULL: not mapped. */
      B->DevAt[I] = omp_indirect_mapped_ptr((void *)B->D.P[I].Lo, B->Device);
  omp_indirect_bulk_repoint_updated(B, L);
}

void omp_indirect_bulk_prepare(omp_indirect_bulk *B, int64_t DeviceId,
                               omp_indirect_map_kind Kind,
                               omp_indirect_map_list *L) {
  B->Kind = Kind;
  if (DeviceId < 0)
    DeviceId = omp_get_default_device();
  B->Device = DeviceId >= 0 && DeviceId < omp_get_num_devices()
                  ? (int)DeviceId
                  : -1;
  B->Class = omp_indirect_bulk_alloc(B, (size_t)B->D.NP);
  B->DevAt = omp_indirect_bulk_alloc(B, sizeof(char *) * B->D.NP);
  memset(B->DevAt, 0, sizeof(char *) * B->D.NP);
  /* Until finish: no other construct sees our pointees before their data
     is on the device, nor frees a block we are about to fill. */
  omp_indirect_owned_lock();
  if (Kind == OMP_INDIRECT_MAP_ENTER)
    omp_indirect_bulk_prepare_enter(B, L);
  else if (Kind == OMP_INDIRECT_MAP_EXIT)
    prepareExit(B, L);
  else
    prepareUpdate(B, L);
}

void omp_indirect_bulk_finish(omp_indirect_bulk *B,
                              const omp_indirect_map_list *L) {
  if (B->Kind == OMP_INDIRECT_MAP_ENTER)
    omp_indirect_bulk_finish_enter(B, L);
  else if (B->Kind == OMP_INDIRECT_MAP_EXIT)
    finishExit(B);
  else
    finishUpdate(B, L);
  omp_indirect_owned_unlock();
}

int64_t omp_indirect_bulk_direction(const omp_indirect_bulk *B) {
  int64_t Dir = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    Dir |= B->D.P[I].User & MOTION;
  return Dir;
}

void omp_indirect_bulk_free(omp_indirect_bulk *B) {
  omp_indirect_free_deep(&B->D);
  free(B->Class);
  free(B->DevAt);
  free(B->Saved);
  free(B->Left);
  free(B->Owner);
  free(B->Off);
  free(B->Stage);
  free(B->Fresh);
  memset(B, 0, sizeof *B);
}
