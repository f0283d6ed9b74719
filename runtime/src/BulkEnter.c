/*===- BulkEnter.c - entering constructs of the bulk deep copy ------------===*
 *
 * Before libomptarget maps the construct: each pointee is classified (new,
 * a duplicate of a new one, owned from an earlier construct, or per item);
 * the new ones get offsets in ONE device block and are counted in
 * BulkTable (libomptarget does not learn of them: Presence.c answers for
 * them). After libomptarget
 * mapped the construct's own items: host images of the block and of the
 * items whose data we copy ourselves are filled, the device pointers of
 * their children written into them, and each image copied once.
 *
 *===----------------------------------------------------------------------===*/
#include "BulkInternal.h"

#include "Foreign.h"
#include "Libomptarget.h"
#include "OmpIndirectRT.h"
#include "Presence.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TO OMP_INDIRECT_MAP_TO
#define OMPX_HOLD 0x2000
#define MEMBER_OF_FIELD(T) (((T) >> 48) & 0xffff)

/* ---- Ranges the construct maps itself. ---- */

typedef struct span {
  uintptr_t Lo, Hi;
} span;

static int bySpan(const void *A, const void *B) {
  const span *X = A, *Y = B;
  return X->Lo < Y->Lo ? -1 : X->Lo > Y->Lo ? 1 : 0;
}

/* The construct's own ranges, sorted, with Hi turned into the running
   maximum, so that an overlap test is one binary search. */
static span *ownSpans(const omp_indirect_bulk *B,
                      const omp_indirect_map_list *L, int64_t *N) {
  span *S = omp_indirect_bulk_alloc(B, sizeof(span) * (size_t)L->Count);
  int64_t K = 0;
  for (int32_t I = 0; I < L->Count; ++I)
    if (L->Sizes[I] > 0 && !(L->Types[I] & 0x100 /* literal */))
      S[K++] = (span){(uintptr_t)L->Begins[I],
                      (uintptr_t)L->Begins[I] + (uintptr_t)L->Sizes[I]};
  qsort(S, (size_t)K, sizeof *S, bySpan);
  for (int64_t I = 1; I < K; ++I)
    if (S[I].Hi < S[I - 1].Hi)
      S[I].Hi = S[I - 1].Hi;
  *N = K;
  return S;
}

static int overlaps(const span *S, int64_t N, uintptr_t Lo, uintptr_t Hi) {
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

/* ---- Classification and placement. ---- */

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
   share the first one's copy. Of those that start at one address the
   longest leads, so a shorter one lies inside it wherever the two appear in
   the construct. Returns in Dup[I] the index repeated. */
static void settleCandidates(omp_indirect_bulk *B, cand *C, int64_t NC,
                             int64_t *Dup) {
  int Sorted = 1;
  for (int64_t K = 1; K < NC && Sorted; ++K)
    Sorted = byCand(&C[K - 1], &C[K]) <= 0;
  if (!Sorted)
    qsort(C, (size_t)NC, sizeof *C, byCand);
  uintptr_t MaxHi = 0;
  int64_t Lead = -1;
  for (int64_t K = 0; K < NC; ++K) {
    int64_t I = C[K].I;
    if (Lead >= 0 && C[K].Lo == C[Lead].Lo && C[K].Hi == C[Lead].Hi) {
      B->Class[I] = BULK_DUP;
      Dup[I] = C[Lead].I;
    } else if (C[K].Lo < MaxHi) {
      B->Class[I] = BULK_ITEM;
    } else {
      B->Class[I] = BULK_NEW;
      Lead = K;
      MaxHi = C[K].Hi;
    }
  }
}

/* Device copies keep their host address's offset modulo 16 (alignment). */
static void place(omp_indirect_bulk *B) {
  B->Off = omp_indirect_bulk_alloc(B, sizeof(uint64_t) * B->D.NP);
  uint64_t At = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    if (B->Class[I] != BULK_NEW)
      continue;
    uint64_t Want = B->D.P[I].Lo & 15;
    At += (Want - At) & 15;
    B->Off[I] = At;
    At += B->D.P[I].Hi - B->D.P[I].Lo;
  }
  B->Total = At;
}

/* One device block for the new pointees, each counted in the table (no
   libomptarget call per pointee). */
static void allocateNew(omp_indirect_bulk *B) {
  if (!B->Total)
    return;
  char *Dev = omp_target_alloc(B->Total, B->Device);
  if (!Dev)
    omp_indirect_bulk_die(B, "cannot allocate device memory");
  int64_t N = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    N += B->Class[I] == BULK_NEW;
  B->Block = omp_indirect_block_new(B->Device, Dev, N);
  if (!B->Block) {
    omp_target_free(Dev, B->Device);
    omp_indirect_bulk_die(B, "out of host memory");
  }
  if (omp_indirect_debug())
    fprintf(stderr, "omp-indirect: mapper: 1 device allocation of %zu bytes "
                    "for the new pointees\n",
            B->Total);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    if (B->Class[I] != BULK_NEW)
      continue;
    const omp_indirect_pointee *P = &B->D.P[I];
    B->DevAt[I] = Dev + B->Off[I];
    omp_indirect_block_push(B->Block, P->Lo, (uint32_t)(P->Hi - P->Lo),
                            B->DevAt[I]);
  }
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
  for (int64_t I = 0; I < B->D.NP; ++I) {
    int32_t K = B->D.P[I].Entry;
    if (B->D.P[I].Parent >= 0 || B->Fresh[K] || L->Sizes[K] <= 0)
      continue;
    int64_t User = B->D.P[I].User;
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

void omp_indirect_bulk_prepare_enter(omp_indirect_bulk *B,
                                     omp_indirect_map_list *L) {
  int64_t NS, NC = 0;
  span *S = ownSpans(B, L, &NS);
  cand *C = omp_indirect_bulk_alloc(B, sizeof(cand) * B->D.NP);
  int64_t *Dup = omp_indirect_bulk_alloc(B, sizeof(int64_t) * B->D.NP);
  omp_indirect_foreign Foreign;
  omp_indirect_foreign_begin(&Foreign, B->Device);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    omp_indirect_owned *E = NULL;
    B->Class[I] = BULK_ITEM;
    if (B->Device < 0 || P->Lo == 0 || P->Lo >= P->Hi ||
        P->Hi - P->Lo > UINT32_MAX)
      continue;
    /* Ours from an earlier construct: counted again if the construct asks
       for no more than is mapped; else per item, lent for the call (the
       extension is libomptarget's to report). */
    if ((E = omp_indirect_owned_find(B->Device, P->Lo, &B->Cursor)) ||
        omp_indirect_owned_overlap(B->Device, P->Lo, P->Hi, firstOwned,
                                   &E)) {
      if (E->Lo == P->Lo && P->Hi <= E->Lo + E->Size)
        B->Class[I] = BULK_OWNED;
      continue;
    }
    /* `present` must find it mapped already; `ompx_hold` counts apart:
       both are libomptarget's. */
    if (P->Type & (OMP_INDIRECT_MAP_PRESENT | OMPX_HOLD))
      continue;
    /* Mapped by the program (libomptarget's), or overlapping the
       construct's own entries: per item. */
    if (overlaps(S, NS, P->Lo, P->Hi) ||
        omp_indirect_foreign_present(&Foreign, P->Lo, P->Hi))
      continue;
    C[NC++] = (cand){P->Lo, P->Hi, I};
  }
  omp_indirect_foreign_end(&Foreign);
  settleCandidates(B, C, NC, Dup);
  place(B);
  allocateNew(B);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    if (B->Class[I] == BULK_OWNED || B->Class[I] == BULK_DUP) {
      omp_indirect_owned *E =
          omp_indirect_owned_find(B->Device, P->Lo, &B->Cursor);
      E->Refs++;
      B->DevAt[I] = E->Dev;
    } else if (B->Class[I] == BULK_ITEM &&
               omp_indirect_append_pointee(L, &B->D, I, B->Kind, P->User)) {
      omp_indirect_bulk_die(B, "out of host memory");
    }
  }
  takeItems(B, L);
  free(S);
  free(C);
  free(Dup);
}

/* ---- Device pointers in images and on the device. ---- */

static void putPtr(char *At, void *V) { memcpy(At, &V, sizeof V); }

/* Items flagged in Rmw get their children's device pointers by one
   read-modify-write each: read the item's device copy, set the pointers,
   write it back. Img[K], if set, is used instead of reading. */
static void writeItems(omp_indirect_bulk *B, const omp_indirect_map_list *L,
                       char **TopDev, char **Img, const char *Rmw) {
  for (int32_t K = 0; K < L->Count; ++K)
    if (Rmw[K] && TopDev[K] && !Img[K]) {
      Img[K] = omp_indirect_bulk_alloc(B, (size_t)L->Sizes[K]);
      omp_indirect_bulk_from(B, Img[K], TopDev[K], (size_t)L->Sizes[K]);
    }
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    if (P->Parent >= 0)
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
      free(Img[K]);
    }
}

static char **itemsOnDevice(omp_indirect_bulk *B,
                            const omp_indirect_map_list *L) {
  char **TopDev = omp_indirect_bulk_alloc(B, sizeof(char *) * L->Count);
  memset(TopDev, 0, sizeof(char *) * L->Count);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    int32_t K = B->D.P[I].Entry;
    if (B->D.P[I].Parent >= 0 || TopDev[K] || L->Sizes[K] <= 0)
      continue;
    /* Only an item mapped as one piece is read and written whole (an
       update may find just some members mapped). */
    char *First = omp_indirect_mapped_ptr(L->Begins[K], B->Device);
    char *Last = omp_indirect_mapped_ptr((char *)L->Begins[K] + L->Sizes[K] - 1,
                                    B->Device);
    if (First && Last == First + L->Sizes[K] - 1)
      TopDev[K] = First;
  }
  return TopDev;
}

void omp_indirect_bulk_finish_enter(omp_indirect_bulk *B,
                                    const omp_indirect_map_list *L) {
  for (int64_t I = 0; I < B->D.NP; ++I)
    if (B->Class[I] == BULK_ITEM && B->D.P[I].Lo) /* NULL: not mapped. */
      B->DevAt[I] = omp_indirect_mapped_ptr((void *)B->D.P[I].Lo, B->Device);
  char **TopDev = itemsOnDevice(B, L);
  char **TopImg = omp_indirect_bulk_alloc(B, sizeof(char *) * L->Count);
  char *Rmw = omp_indirect_bulk_alloc(B, (size_t)L->Count);
  for (int32_t K = 0; K < L->Count; ++K) {
    TopImg[K] = NULL;
    Rmw[K] = 0;
    if (B->Fresh[K] && TopDev[K]) {
      TopImg[K] = omp_indirect_bulk_alloc(B, (size_t)L->Sizes[K]);
      memcpy(TopImg[K], L->Begins[K], (size_t)L->Sizes[K]);
    }
  }
  /* Pointee images: the new block, and owned pointees an `always, to`
     copies again (read, overlaid with the host's `to` data). */
  char **Img = omp_indirect_bulk_alloc(B, sizeof(char *) * B->D.NP);
  B->Stage = omp_indirect_bulk_alloc(B, B->Total);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    size_t Size = P->Hi - P->Lo;
    Img[I] = NULL;
    if (B->Class[I] == BULK_NEW) {
      Img[I] = B->Stage + B->Off[I];
      memcpy(Img[I], (void *)P->Lo, Size);
    } else if (B->Class[I] == BULK_OWNED &&
               (P->User & OMP_INDIRECT_MAP_ALWAYS) &&
               (P->User & omp_indirect_bulk_motion(B, I) & TO)) {
      Img[I] = omp_indirect_bulk_alloc(B, Size);
      if (!(P->Type & TO))
        omp_indirect_bulk_from(B, Img[I], B->DevAt[I], Size);
      omp_indirect_bulk_overlay(B, I, Img[I], TO, 1);
    }
  }
  /* Children's device pointers: into their parent's image; else, for a
     pointee placed now, into the parent's device copy. */
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    int Placed = B->Class[I] == BULK_NEW || B->Class[I] == BULK_DUP;
    if (P->Parent < 0) {
      Rmw[P->Entry] |= Placed;
      continue;
    }
    uintptr_t HostLo = B->D.P[P->Parent].Lo;
    char *Dev = B->DevAt[P->Parent];
    if (Img[P->Parent]) {
      putPtr(Img[P->Parent] + ((uintptr_t)P->Slot - HostLo),
             omp_indirect_bulk_devptr(B, I));
    } else if (Placed && Dev) {
      void *V = omp_indirect_bulk_devptr(B, I);
      omp_indirect_bulk_to(B, Dev + ((uintptr_t)P->Slot - HostLo), &V,
                           sizeof V);
    }
  }
  writeItems(B, L, TopDev, TopImg, Rmw);
  if (B->Total)
    omp_indirect_bulk_to(B, B->Block->Dev, B->Stage, B->Total);
  for (int64_t I = 0; I < B->D.NP; ++I)
    if (Img[I] && B->Class[I] == BULK_OWNED) {
      omp_indirect_bulk_to(B, B->DevAt[I], Img[I],
                           B->D.P[I].Hi - B->D.P[I].Lo);
      free(Img[I]);
    }
  free(Img);
  free(TopImg);
  free(TopDev);
  free(Rmw);
}

void omp_indirect_bulk_repoint_updated(omp_indirect_bulk *B,
                                       const omp_indirect_map_list *L) {
  char **TopDev = itemsOnDevice(B, L);
  char **TopImg = omp_indirect_bulk_alloc(B, sizeof(char *) * L->Count);
  char *Rmw = omp_indirect_bulk_alloc(B, (size_t)L->Count);
  memset(TopImg, 0, sizeof(char *) * L->Count);
  memset(Rmw, 0, (size_t)L->Count);
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    if (!(P->User & TO))
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
  writeItems(B, L, TopDev, TopImg, Rmw);
  free(TopImg);
  free(TopDev);
  free(Rmw);
}
