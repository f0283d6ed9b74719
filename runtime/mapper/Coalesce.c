/*===- Coalesce.c - one libomptarget entry per direction for an item ------===*
 *
 * Coalesce.h. Called by Entry.c around the one libomptarget call of a
 * construct with mappers.
 *
 *===----------------------------------------------------------------------===*/
#include "Coalesce.h"

#include "Libomptarget.h"
#include "MapList.h"
#include "OmpIndirectRT.h"
#include "Presence.h"

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

/* A plain range entry that the expansion may have made for an item. */
static int isRange(int64_t T, int64_t Size) {
  return Size > 0 && !(T & (OMP_INDIRECT_MAP_PTR_AND_OBJ |
                            OMP_INDIRECT_MAP_LITERAL |
                            OMP_INDIRECT_MAP_NON_CONTIG |
                            OMP_INDIRECT_MAP_ATTACH));
}

/* A pointee entry of a NULL pointer (an unallocated component). */
static int isNullAttach(int64_t T, void *Base, void *Begin, int64_t Size) {
  return (T & OMP_INDIRECT_MAP_PTR_AND_OBJ) && !Begin && Size == 0 && Base &&
         !(T & (OMP_INDIRECT_MAP_LITERAL | OMP_INDIRECT_MAP_NON_CONTIG));
}

static int byLo(const void *A, const void *B) {
  const omp_indirect_range *X = A, *Y = B;
  return X->Lo < Y->Lo ? -1 : X->Lo > Y->Lo;
}

/* Sorts and merges R (N ranges); returns how many are left. */
static int64_t mergeRanges(omp_indirect_range *R, int64_t N) {
  for (int64_t I = 1; I < N; ++I)
    if (R[I].Lo < R[I - 1].Lo) {
      qsort(R, (size_t)N, sizeof *R, byLo);
      break;
    }
  int64_t M = 0;
  for (int64_t I = 0; I < N; ++I) {
    if (M && R[I].Lo <= R[M - 1].Hi) {
      if (R[I].Hi > R[M - 1].Hi)
        R[M - 1].Hi = R[I].Hi;
      continue;
    }
    R[M++] = R[I];
  }
  return M;
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

/* The ranges of item K's entries that move in direction Dir. */
static int64_t collect(const omp_indirect_map_list *L, const int32_t *Owner,
                       int32_t NumIn, int32_t K, int64_t Dir,
                       omp_indirect_range *R, int64_t *Always,
                       int64_t *Bits) {
  int64_t N = 0;
  for (int32_t J = NumIn; J < L->Count; ++J)
    if (Owner[J - NumIn] == K && (L->Types[J] & Dir)) {
      uintptr_t Lo = (uintptr_t)L->Begins[J];
      R[N++] = (omp_indirect_range){Lo, Lo + (uintptr_t)L->Sizes[J], Dir};
      *Always |= L->Types[J] & ALWAYS;
      *Bits = L->Types[J] & ~(MOTION | ALWAYS);
    }
  return N;
}

/* Plans item K: appends its hull entries to C->List, or returns 1 when its
   entries in direction Dir must stay (a `to` the call may not make). */
static int planItem(omp_indirect_coalesced *C, omp_indirect_map_kind Kind,
                    const omp_indirect_map_list *L, const int32_t *Owner,
                    int32_t NumIn, int32_t K, int64_t Dir,
                    omp_indirect_range *R) {
  int64_t Always = 0, Bits = 0;
  int64_t N = collect(L, Owner, NumIn, K, Dir, R, &Always, &Bits);
  if (!N)
    return 0;
  N = mergeRanges(R, N);
  uintptr_t Lo = R[0].Lo, Hi = R[N - 1].Hi;
  int Gaps = N > 1;
  if (Dir == OMP_INDIRECT_MAP_TO && Gaps) {
    /* Only an update or `always` copies to an item already present; an
       item new on the device was filled by the transfers (Place.c). */
    if (Kind != OMP_INDIRECT_MAP_UPDATE && !Always)
      return 1;
    omp_indirect_hull *H = newHull(C);
    *H = (omp_indirect_hull){Lo, Hi, xmalloc(C->Device, sizeof *R * (size_t)N),
                             N, NULL, 1, NULL, 0};
    memcpy(H->R, R, sizeof *R * (size_t)N);
    return 0;
  }
  if (Dir == OMP_INDIRECT_MAP_FROM && Gaps) {
    omp_indirect_hull *H = newHull(C);
    *H = (omp_indirect_hull){Lo, Hi, xmalloc(C->Device, sizeof *R * (size_t)N),
                             N, xmalloc(C->Device, Hi - Lo), 0, NULL, 0};
    memcpy(H->R, R, sizeof *R * (size_t)N);
    memcpy(H->Saved, (void *)Lo, Hi - Lo);
  }
  omp_indirect_list_append_range(&C->List, Lo, Hi, Bits | Dir | Always);
  return 0;
}

/* Item K's NULL pointers, set on the device after the call. */
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

const omp_indirect_map_list *
omp_indirect_coalesce_before(omp_indirect_coalesced *C,
                             omp_indirect_map_kind Kind, int64_t DeviceId,
                             int32_t NumIn, const omp_indirect_map_list *Out,
                             const char *Fresh) {
  memset(C, 0, sizeof *C);
  int32_t Extra = Out->Count - NumIn;
  if (Extra < FEW || NumIn <= 0)
    return Out;
  C->Device = omp_indirect_resolve_device(DeviceId);
  if (C->Device < 0)
    return Out;
  /* Which item each appended range belongs to, and how many each has. */
  int32_t *Owner = xmalloc(C->Device, sizeof *Owner * (size_t)Extra);
  int64_t *Count = calloc((size_t)NumIn, sizeof *Count);
  if (!Count)
    die(C->Device, "out of host memory");
  int32_t Last = -1;
  int64_t *Nulls = calloc((size_t)NumIn, sizeof *Nulls);
  if (!Nulls)
    die(C->Device, "out of host memory");
  for (int32_t J = NumIn; J < Out->Count; ++J) {
    uintptr_t Lo = (uintptr_t)Out->Begins[J];
    int32_t *O = &Owner[J - NumIn];
    *O = -1;
    if (isRange(Out->Types[J], Out->Sizes[J])) {
      *O = ownerOf(Out, NumIn, Lo, Lo + (uintptr_t)Out->Sizes[J], &Last);
      if (*O >= 0)
        Count[*O]++;
    } else if (Kind == OMP_INDIRECT_MAP_ENTER &&
               isNullAttach(Out->Types[J], Out->Bases[J], Out->Begins[J],
                            Out->Sizes[J])) {
      uintptr_t P = (uintptr_t)Out->Bases[J];
      int32_t K = ownerOf(Out, NumIn, P, P + sizeof(void *), &Last);
      if (K >= 0) {
        *O = -2 - K; /* A NULL pointer of item K. */
        Nulls[K]++;
      }
    }
  }
  int64_t Most = 0, AnyNulls = 0;
  for (int32_t K = 0; K < NumIn; ++K) {
    if (Count[K] < FEW)
      Count[K] = 0;
    if (Nulls[K] < FEW)
      Nulls[K] = 0;
    Most = Count[K] > Most ? Count[K] : Most;
    AnyNulls |= Nulls[K];
  }
  if (!Most && !AnyNulls) {
    free(Owner);
    free(Count);
    free(Nulls);
    return Out;
  }
  /* The directions the call can move: an entering call copies to, an
     exit from, an update the one it names. */
  int64_t Dirs = Kind == OMP_INDIRECT_MAP_ENTER  ? OMP_INDIRECT_MAP_TO
                 : Kind == OMP_INDIRECT_MAP_EXIT ? OMP_INDIRECT_MAP_FROM
                                                 : MOTION;
  omp_indirect_range *R = xmalloc(C->Device, sizeof *R * (size_t)(Most + 1));
  /* Per item and direction: 1 when its own entries stay. */
  unsigned char *Keep = calloc((size_t)NumIn, 2);
  if (!Keep || omp_indirect_list_reserve(&C->List, (size_t)Out->Count))
    die(C->Device, "out of host memory");
  C->Used = 1;
  for (int32_t J = 0; J < Out->Count; ++J) {
    int32_t K = J < NumIn ? -1 : Owner[J - NumIn];
    if ((K >= 0 && Count[K]) || (K <= -2 && Nulls[-2 - K]))
      continue;
    omp_indirect_list_append(&C->List, Out->Bases[J], Out->Begins[J],
                             Out->Sizes[J], Out->Types[J]);
    C->List.Names[C->List.Count - 1] = Out->Names ? Out->Names[J] : NULL;
  }
  for (int32_t K = 0; K < NumIn; ++K) {
    if (!Count[K])
      continue;
    for (int D = 0; D < 2; ++D) {
      int64_t Dir = D ? OMP_INDIRECT_MAP_FROM : OMP_INDIRECT_MAP_TO;
      if (Dirs & Dir)
        Keep[2 * K + D] = (unsigned char)planItem(C, Kind, Out, Owner, NumIn,
                                                  K, Dir, R);
    }
  }
  for (int32_t K = 0; K < NumIn; ++K)
    if (Nulls[K] && !(Fresh && Fresh[K]))
      planNulls(C, Out, Owner, NumIn, K, Nulls[K]);
  /* A `to` the call may not make keeps its own entries, `to` only. */
  for (int32_t J = NumIn; J < Out->Count; ++J) {
    int32_t K = Owner[J - NumIn];
    if (K >= 0 && Count[K] && Keep[2 * K] &&
        (Out->Types[J] & OMP_INDIRECT_MAP_TO)) {
      if (omp_indirect_list_reserve(&C->List, 1))
        die(C->Device, "out of host memory");
      omp_indirect_list_append(&C->List, Out->Bases[J], Out->Begins[J],
                               Out->Sizes[J],
                               Out->Types[J] & ~OMP_INDIRECT_MAP_FROM);
    }
  }
  free(Keep);
  free(R);
  free(Owner);
  free(Count);
  free(Nulls);
  return &C->List;
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
      uintptr_t P = H->Lo;
      for (int64_t K = 0; K <= H->NR; ++K) {
        uintptr_t End = K < H->NR ? H->R[K].Lo : H->Hi;
        if (End > P)
          memcpy((void *)P, H->Saved + (P - H->Lo), End - P);
        if (K < H->NR)
          P = H->R[K].Hi;
      }
      free(H->Saved);
    } else if (H->To || H->Null) {
      char *Dev = OMP_INDIRECT_NEXT(omp_get_mapped_ptr)((void *)H->Lo,
                                                       C->Device);
      if (Dev) { /* Not present: an update moves nothing. */
        char *Img = xmalloc(C->Device, N);
        copyOrDie(C->Device, Img, Dev, N, 0);
        for (int64_t K = 0; K < H->NR; ++K)
          memcpy(Img + (H->R[K].Lo - H->Lo), (void *)H->R[K].Lo,
                 H->R[K].Hi - H->R[K].Lo);
        for (int64_t K = 0; K < H->NNull; ++K)
          memset(Img + (H->Null[K] - H->Lo), 0, sizeof(void *));
        copyOrDie(C->Device, Dev, Img, N, 1);
        free(Img);
      }
    }
    free(H->R);
    free(H->Null);
  }
  free(C->H);
  if (C->Used)
    omp_indirect_free_map_list(&C->List);
  memset(C, 0, sizeof *C);
}
