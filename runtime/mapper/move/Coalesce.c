/*===- move/Coalesce.c - one libomptarget entry per direction for an item --===*
 *
 * Coalesce.h. Called by Entry.c around the one libomptarget call of a
 * construct with mappers.
 *
 *===----------------------------------------------------------------------===*/
#include "Coalesce.h"
#include "ItemHull.h"

#include "Libomptarget.h"
#include "MapList.h"
#include "OmpIndirectRT.h"
#include "Scratch.h"
#include "Table.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOTION OMP_INDIRECT_MAP_MOTION
#define ALWAYS OMP_INDIRECT_MAP_ALWAYS
/* Items with fewer member entries are forwarded as they are. */
#define FEW 8

static void die(int Device, const char *What) {
  omp_indirect_error(Device, "%s; stopping rather than map partial data",
                     What);
  abort();
}

static void *xmalloc(int Device, size_t N) {
  void *P = malloc(N ? N : 1);
  if (!P)
    die(Device, "out of host memory");
  return P;
}

/* A pointee entry of a NULL pointer (an unallocated component). */
static int isNullAttach(int64_t T, void *Base, void *Begin, int64_t Size) {
  return (T & OMP_INDIRECT_MAP_PTR_AND_OBJ) && !Begin && Size == 0 && Base &&
         !(T & (OMP_INDIRECT_MAP_LITERAL | OMP_INDIRECT_MAP_NON_CONTIG));
}

/* The construct entry (of the first NumIn) whose range holds [Lo, Hi), or
   -1; *Last caches the previous answer. */
static int32_t ownerOf(const omp_indirect_map_list *L, int32_t NumIn,
                       uintptr_t Lo, uintptr_t Hi, int32_t *Last) {
  for (int32_t Try = -1; Try < NumIn; ++Try) {
    int32_t K = Try < 0 ? *Last : Try;
    if (K < 0 || L->Sizes[K] <= 0 ||
        (L->Types[K] & (OMP_INDIRECT_MAP_LITERAL | OMP_INDIRECT_MAP_NON_CONTIG |
                        OMP_INDIRECT_MAP_ATTACH)))
      continue;
    uintptr_t KLo = (uintptr_t)L->Begins[K];
    if (KLo <= Lo && Hi <= KLo + (uintptr_t)L->Sizes[K])
      return *Last = K;
  }
  return -1;
}

static omp_indirect_hull *newHull(omp_indirect_coalesced *C) {
  if (omp_indirect_grow((void **)&C->H, &C->CapH, (size_t)C->NH + 1,
                        sizeof *C->H))
    die(C->Device, "out of host memory");
  omp_indirect_hull *H = &C->H[C->NH++];
  memset(H, 0, sizeof *H);
  return H;
}

/* What becomes of an expanded entry in the forwarded list. */
enum { FORWARD, DROP, SPLIT };

/* Item K's NULL pointers (entries marked -2 - K in Owner), set on the
   device after the call. */
static void planNulls(omp_indirect_coalesced *C,
                      const omp_indirect_map_list *L, const int32_t *Owner,
                      int32_t NumIn, int32_t K, int64_t N) {
  omp_indirect_hull *H = newHull(C);
  H->Null = xmalloc(C->Device, sizeof *H->Null * (size_t)N);
  H->Lo = UINTPTR_MAX;
  for (int32_t J = NumIn; J < L->Count; ++J)
    if (Owner[J - NumIn] == -2 - K) {
      uintptr_t P = (uintptr_t)L->Bases[J];
      H->Null[H->NNull++] = P;
      H->Lo = P < H->Lo ? P : H->Lo;
      H->Hi = P + sizeof(void *) > H->Hi ? P + sizeof(void *) : H->Hi;
    }
}

/* An entering call's NULL pointers: items with many go in one
   read-modify-write each (Fresh items are NULL on the device already);
   their entries are dropped (Fate). Returns 1 if any was. */
static int planAllNulls(omp_indirect_coalesced *C, int32_t NumIn,
                        const omp_indirect_map_list *Out, const char *Fresh,
                        unsigned char *Fate) {
  int32_t Extra = Out->Count - NumIn;
  int32_t *Owner = xmalloc(C->Device, sizeof *Owner * (size_t)Extra);
  int64_t *Nulls = calloc((size_t)NumIn, sizeof *Nulls);
  if (!Nulls)
    die(C->Device, "out of host memory");
  int32_t Last = -1;
  int Any = 0;
  for (int32_t J = NumIn; J < Out->Count; ++J) {
    int32_t *O = &Owner[J - NumIn];
    *O = -1;
    if (isNullAttach(Out->Types[J], Out->Bases[J], Out->Begins[J],
                     Out->Sizes[J])) {
      uintptr_t P = (uintptr_t)Out->Bases[J];
      int32_t K = ownerOf(Out, NumIn, P, P + sizeof(void *), &Last);
      if (K >= 0) {
        *O = -2 - K; /* A NULL pointer of item K. */
        Nulls[K]++;
      }
    }
  }
  for (int32_t K = 0; K < NumIn; ++K) {
    if (Nulls[K] < FEW)
      continue;
    Any = 1;
    if (!(Fresh && Fresh[K]))
      planNulls(C, Out, Owner, NumIn, K, Nulls[K]);
  }
  for (int32_t J = NumIn; Any && J < Out->Count; ++J)
    if (Owner[J - NumIn] <= -2 && Nulls[-2 - Owner[J - NumIn]] >= FEW)
      Fate[J] = DROP;
  free(Owner);
  free(Nulls);
  return Any;
}

/* Item hull H (ItemHull.h) with gaps, in a call that moves its direction:
   `from` saves the gaps; a `to` the call makes only when it allocates the
   item (an entering call without `always`) goes as its ranges; any other
   `to` is read, patched and written after the call. Returns its fate. */
static unsigned char planHull(omp_indirect_coalesced *C,
                              omp_indirect_map_kind Kind,
                              const omp_indirect_item_hull *IH, int64_t Type) {
  if (IH->Dir == OMP_INDIRECT_MAP_TO) {
    if (Kind != OMP_INDIRECT_MAP_UPDATE && !(Type & ALWAYS))
      return SPLIT;
    omp_indirect_hull *H = newHull(C);
    *H = (omp_indirect_hull){IH->Lo, IH->Hi, IH, NULL, 1, NULL, 0};
    return DROP;
  }
  omp_indirect_hull *H = newHull(C);
  *H = (omp_indirect_hull){IH->Lo, IH->Hi, IH, NULL, 0, NULL, 0};
  size_t Gaps = omp_indirect_item_hull_gap_bytes(IH);
  if (!(H->Saved = omp_indirect_scratch_take_transient(Gaps ? Gaps : 1)))
    die(C->Device, "out of host memory");
  omp_indirect_item_hull_gaps(IH, H->Saved, 1);
  return FORWARD;
}

const omp_indirect_map_list *
omp_indirect_coalesce_before(omp_indirect_coalesced *C,
                             omp_indirect_map_kind Kind, int64_t DeviceId,
                             int32_t NumIn, const omp_indirect_map_list *Out,
                             const char *Fresh, const omp_indirect_deep *D) {
  memset(C, 0, sizeof *C);
  int HullGaps = 0;
  for (int32_t I = 0; I < D->NHulls; ++I)
    HullGaps |= D->Hulls[I].NR > 1;
  int MayNull = Kind == OMP_INDIRECT_MAP_ENTER && Out->Count - NumIn >= FEW;
  if ((!HullGaps && !MayNull) || NumIn <= 0)
    return Out;
  C->Device = omp_indirect_resolve_device(DeviceId);
  if (C->Device < 0)
    return Out;
  unsigned char *Fate = calloc((size_t)Out->Count, 1);
  if (!Fate)
    die(C->Device, "out of host memory");
  int Changed = MayNull && planAllNulls(C, NumIn, Out, Fresh, Fate);
  /* The directions the call can move: an entering call copies to, an
     exit from, an update the one it names. */
  int64_t Dirs = Kind == OMP_INDIRECT_MAP_ENTER  ? OMP_INDIRECT_MAP_TO
                 : Kind == OMP_INDIRECT_MAP_EXIT ? OMP_INDIRECT_MAP_FROM
                                                 : MOTION;
  int64_t Split = 0;
  for (int32_t I = 0; I < D->NHulls; ++I) {
    const omp_indirect_item_hull *IH = &D->Hulls[I];
    int64_t Type = Out->Types[IH->At];
    if (IH->NR < 2 || !(Dirs & IH->Dir) || !(Type & IH->Dir))
      continue; /* No gaps, or it moves nothing in this call. */
    Fate[IH->At] = planHull(C, Kind, IH, Type);
    Changed |= Fate[IH->At] != FORWARD;
    Split += Fate[IH->At] == SPLIT ? IH->NR : 0;
  }
  if (Changed) {
    if (omp_indirect_list_reserve(&C->List, (size_t)(Out->Count + Split)))
      die(C->Device, "out of host memory");
    C->Used = 1;
    int32_t I = 0;
    for (int32_t J = 0; J < Out->Count; ++J) {
      if (Fate[J] == FORWARD) {
        omp_indirect_list_append(&C->List, Out->Bases[J], Out->Begins[J],
                                 Out->Sizes[J], Out->Types[J]);
        C->List.Names[C->List.Count - 1] = Out->Names ? Out->Names[J] : NULL;
      } else if (Fate[J] == SPLIT) {
        while (D->Hulls[I].At != J)
          ++I;
        omp_indirect_item_hull_append(&D->Hulls[I], &C->List, Out->Types[J]);
      }
    }
  }
  free(Fate);
  return C->Used ? &C->List : Out;
}

static void copyOrDie(int Device, void *Dst, const void *Src, size_t N,
                      int ToDevice) {
  int Host = omp_get_initial_device();
  if (omp_target_memcpy(Dst, Src, N, 0, 0, ToDevice ? Device : Host,
                        ToDevice ? Host : Device))
    die(Device, ToDevice ? "cannot copy to the device"
                         : "cannot copy from the device");
}

void omp_indirect_coalesce_after(omp_indirect_coalesced *C) {
  for (int I = 0; I < C->NH; ++I) {
    omp_indirect_hull *H = &C->H[I];
    size_t N = H->Hi - H->Lo;
    if (H->Saved) {
      /* The gaps between the ranges that came back. */
      omp_indirect_item_hull_gaps(H->Item, H->Saved, 0);
      omp_indirect_scratch_give(H->Saved);
    } else if (H->To || H->Null) {
      char *Dev = OMP_INDIRECT_NEXT(omp_get_mapped_ptr)((void *)H->Lo,
                                                       C->Device);
      if (Dev) { /* Not present: an update moves nothing. */
        char *Img = xmalloc(C->Device, N);
        copyOrDie(C->Device, Img, Dev, N, 0);
        if (H->Item)
          omp_indirect_item_hull_overlay(H->Item, Img);
        for (int64_t K = 0; K < H->NNull; ++K)
          memset(Img + (H->Null[K] - H->Lo), 0, sizeof(void *));
        copyOrDie(C->Device, Dev, Img, N, 1);
        free(Img);
      }
    }
    free(H->Null); /* H->Item is the expansion's (ItemHull.h). */
  }
  free(C->H);
  if (C->Used)
    omp_indirect_free_map_list(&C->List);
  memset(C, 0, sizeof *C);
}
