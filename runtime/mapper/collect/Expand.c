/*===- collect/Expand.c - flatten `declare mapper` uses into one map list --===*
 *
 * Stock libomptarget 16 runs a mapper by calling clang's mapper function,
 * which pushes components whose MEMBER_OF field counts every component
 * pushed so far: past 65535 components the 16-bit field overflows and the
 * mapping goes wrong, and the per-component processing is quadratic. We run
 * the same mapper function (clang's code is the recipe: arbitrary length
 * expressions, nested mappers and the map-type combination rules come for
 * free) but take its components ourselves, as they arrive, and rebuild the
 * structure from addresses rather than from MEMBER_OF:
 *
 *  - an anchor is a region that owns device memory: the mapped item itself,
 *    or the pointee of a PTR_AND_OBJ component (whose pointer lies in an
 *    earlier anchor);
 *  - every other component is a member range of the anchor that contains
 *    it; adjacent ranges with the same motion merge, and a single range that
 *    covers its anchor folds into it.
 *
 * Pointees whose parents are the item or other such pointees are written
 * straight into the deep list as they arrive (one 32-byte record each, the
 * only per-pointee memory of the expansion); the other anchors (the item,
 * anchors outside it, their pointees) are kept in a small tree and become
 * plain entries, marked MEMBER_OF the mapper entry. The work is linear in
 * the number of components. Collect.c runs the mapper function and builds
 * the tree; this file folds it and writes the flat list.
 *
 *===----------------------------------------------------------------------===*/
#include "Expand.h"
#include "Collect.h"
#include "ItemHull.h"

#include "OmpIndirectRT.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOTION OMP_INDIRECT_MAP_MOTION


/* A single member that covers its anchor folds into the anchor's motion
   (returned); returns in *Left the member list that is left. */
static int64_t fold(const tree *T, uintptr_t Lo, uintptr_t Hi, int32_t First,
                    int32_t Last, int32_t *Left) {
  *Left = First;
  if (First >= 0 && First == Last && T->M[First].Lo == Lo &&
      T->M[First].Hi == Hi) {
    *Left = -1;
    return T->M[First].Motion;
  }
  return 0;
}

/* Per-pointee range lists for every pointee so far (none: no ranges). */
static int growRangeLists(omp_indirect_deep *D) {
  if (!D->RNum || D->NP == 0)
    return 0;
  int32_t *F = realloc(D->RFirst, sizeof *F * (size_t)D->NP);
  if (F)
    D->RFirst = F;
  int32_t *N = F ? realloc(D->RNum, sizeof *N * (size_t)D->NP) : NULL;
  if (!N)
    return 1;
  for (int64_t I = D->NumRanged; I < D->NP; ++I)
    N[I] = 0;
  D->RNum = N;
  D->NumRanged = D->NP;
  return 0;
}

/* The use's pointees that kept members get their ranges, contiguous in
   D->R. */
static int settlePointees(tree *T) {
  omp_indirect_deep *D = T->D;
  while (T->SP > 0)
    omp_indirect_tree_close(T);
  if (T->Failed)
    return 1;
  if (!T->NC)
    return 0;
  if (!D->RNum && !(D->RNum = calloc(1, sizeof *D->RNum)))
    return 1;
  if (D->NR + (int64_t)T->NM > INT32_MAX || growRangeLists(D) ||
      omp_indirect_grow((void **)&D->R, &D->CapR, (size_t)D->NR + T->NM,
                        sizeof *D->R))
    return 1;
  for (size_t K = 0; K < T->NC; ++K) {
    omp_indirect_pointee *P = &D->P[T->C[K].I];
    int32_t M;
    P->Type |= (uint16_t)fold(T, P->Lo, P->Hi, T->C[K].First, T->C[K].Last,
                              &M);
    D->RFirst[T->C[K].I] = (int32_t)D->NR;
    for (; M >= 0; M = T->M[M].Next) {
      D->R[D->NR++] = (omp_indirect_range){T->M[M].Lo, T->M[M].Hi,
                                           T->M[M].Motion};
      D->RNum[T->C[K].I]++;
    }
  }
  return 0;
}

/* Builds in C->T the tree of mapper entry K: its anchor, then whatever its
   mapper function pushes (Collect.c), folded and settled. */
static int buildTree(collector *C, const omp_indirect_map_list *In, int K) {
  tree *T = &C->T;
  if (omp_indirect_collect_run(C, In, K))
    return 1;
  /* The item itself is mapped only as far as its mapper maps it: a mapper
     that maps some members maps just those (from the lowest to the highest,
     as clang's own combined entry for a struct does). */
  if (T->HullLo < T->HullHi) {
    T->A[0].Lo = T->HullLo;
    T->A[0].Hi = T->HullHi;
  }
  for (size_t I = 0; I < T->NA; ++I) {
    anchor *A = &T->A[I];
    int32_t Left;
    A->Type |= fold(T, A->Lo, A->Hi, A->First, A->Last, &Left);
    if (Left < 0)
      A->First = A->Last = -1;
  }
  return settlePointees(T);
}

/* ---- Output. ---- */

/* The item's members (anchor 0) when they were many (flang's records):
   the collector kept them per direction (Tree.h); one entry per
   direction in Dirs over their hull, of type Dir | Bits (ItemHull.h).
   Returns 1 if it wrote them, -1 when out of memory, 0 when the members
   keep an entry each. */
static int emitItemHulls(omp_indirect_map_list *O, tree *T, int K,
                         int64_t Dirs, int64_t Bits) {
  if (!T->ItemHulls)
    return 0;
  int Failed =
      ((Dirs & OMP_INDIRECT_MAP_TO) &&
       omp_indirect_item_hull_emit(O, T->D, K, OMP_INDIRECT_MAP_TO,
                                   &T->ItemTo, Bits)) ||
      ((Dirs & OMP_INDIRECT_MAP_FROM) &&
       omp_indirect_item_hull_emit(O, T->D, K, OMP_INDIRECT_MAP_FROM,
                                   &T->ItemFrom, Bits));
  omp_indirect_dir_free(&T->ItemTo);
  omp_indirect_dir_free(&T->ItemFrom);
  return Failed ? -1 : 1;
}

/* Enter and exit: the entry narrowed to its anchor, then the other
   anchors, each followed by its members. */
static int emitMapping(omp_indirect_map_list *O, tree *T, int K,
                       int64_t UserType) {
  int64_t Keep = UserType & (OMP_INDIRECT_MAP_ALWAYS | OMP_INDIRECT_MAP_DELETE);
  int64_t Of = OMP_INDIRECT_MEMBER_OF(K + 1);
  O->Types[K] = (UserType & ~MOTION) | (T->A[0].Type & MOTION);
  /* A mapper that maps only members: the item is not mapped, its members
     are; as in stock libomptarget, they hold no reference of their own (the
     entry is marked a member of itself), so data already present comes
     back at the end of the construct. */
  if ((uintptr_t)O->Begins[K] != T->A[0].Lo ||
      O->Sizes[K] != (int64_t)(T->A[0].Hi - T->A[0].Lo))
    if (!(O->Types[K] & OMP_INDIRECT_MAP_MEMBER_OF))
      O->Types[K] |= Of;
  O->Begins[K] = (void *)T->A[0].Lo;
  O->Sizes[K] = (int64_t)(T->A[0].Hi - T->A[0].Lo);
  int Hulls = emitItemHulls(O, T, K, OMP_INDIRECT_MAP_MOTION,
                            (Keep & OMP_INDIRECT_MAP_ALWAYS) | Of);
  if (Hulls < 0)
    return 1;
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    if (I > 0)
      omp_indirect_list_append(O, A->PtrLoc, (void *)A->Lo,
                               (int64_t)(A->Hi - A->Lo),
                               A->Type | Keep | (A->Kind == POINTEE ? Of : 0));
    for (int32_t M = I || !Hulls ? A->First : -1; M >= 0; M = T->M[M].Next)
      omp_indirect_list_append_range(O, T->M[M].Lo, T->M[M].Hi,
                  T->M[M].Motion | (Keep & OMP_INDIRECT_MAP_ALWAYS) | Of);
  }
  return 0;
}

/* Update: every range that moves in the update's direction, as a plain
   entry carrying the update's `present`; the mapper entry itself moves
   nothing and checks nothing. */
static int emitMotion(omp_indirect_map_list *O, tree *T, int K,
                      int64_t UserType) {
  int64_t Dir = UserType & MOTION;
  int64_t Present = UserType & OMP_INDIRECT_MAP_PRESENT;
  O->Types[K] = UserType & ~(MOTION | OMP_INDIRECT_MAP_PRESENT);
  O->Begins[K] = (void *)T->A[0].Lo;
  O->Sizes[K] = (int64_t)(T->A[0].Hi - T->A[0].Lo);
  int Hulls = emitItemHulls(O, T, K, Dir, Present);
  if (Hulls < 0)
    return 1;
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    if (A->Type & Dir)
      omp_indirect_list_append_range(O, A->Lo, A->Hi, (A->Type & Dir) | Present);
    for (int32_t M = I || !Hulls ? A->First : -1; M >= 0; M = T->M[M].Next)
      if (T->M[M].Motion & Dir)
        omp_indirect_list_append_range(O, T->M[M].Lo, T->M[M].Hi,
                    (T->M[M].Motion & Dir) | Present);
  }
  return 0;
}

int omp_indirect_expand(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind, omp_indirect_map_list *Out,
                        omp_indirect_deep *Deep) {
  omp_indirect_map_list O;
  memset(&O, 0, sizeof O);
  memset(Deep, 0, sizeof *Deep);
  collector C;
  memset(&C, 0, sizeof C);
  C.T.D = Deep;
  omp_indirect_check_begin(&C.Check, Deep);
  if (In->Count >= 0xffff) {
    fprintf(stderr, "omp-indirect: a construct with %d map entries is too "
                    "large for MEMBER_OF\n",
            In->Count);
    return 1;
  }
  size_t N = In->Count ? (size_t)In->Count : 1;
  Deep->User = malloc(sizeof(int64_t) * N);
  Deep->NumEntries = In->Count;
  int Failed = !Deep->User || omp_indirect_list_reserve(&O, N);
  for (int32_t I = 0; !Failed && I < In->Count; ++I) {
    omp_indirect_list_append(&O, In->Bases[I], In->Begins[I], In->Sizes[I],
                             In->Types[I]);
    O.Names[I] = In->Names ? In->Names[I] : NULL;
    Deep->User[I] = In->Types[I];
  }
  for (int32_t K = 0; !Failed && K < In->Count; ++K) {
    if (!In->Mappers || !In->Mappers[K])
      continue;
    Failed = buildTree(&C, In, K) ||
             omp_indirect_list_reserve(&O, C.T.NA + C.T.NM);
    if (Failed)
      break;
    if (omp_indirect_debug())
      fprintf(stderr,
              "omp-indirect: mapper: entry %d: %zu components, %zu on the "
              "fast path, %llu replayed\n",
              K, C.Seen, C.Seen - C.Slow,
              (unsigned long long)C.Cycle.Replayed);
    Failed = Kind == OMP_INDIRECT_MAP_UPDATE
                 ? emitMotion(&O, &C.T, K, In->Types[K])
                 : emitMapping(&O, &C.T, K, In->Types[K]);
    if (Failed)
      break;
  }
  if (!Failed && growRangeLists(Deep))
    Failed = 1;
  free(C.T.A);
  free(C.T.M);
  free(C.T.Stack);
  free(C.T.C);
  omp_indirect_dir_free(&C.T.ItemTo);
  omp_indirect_dir_free(&C.T.ItemFrom);
  if (Failed) {
    if (!C.Refused)
      fprintf(stderr, "omp-indirect: out of memory while expanding a "
                      "'declare mapper'\n");
    omp_indirect_free_map_list(&O);
    omp_indirect_free_deep(Deep);
    return 1;
  }
  *Out = O;
  return 0;
}
