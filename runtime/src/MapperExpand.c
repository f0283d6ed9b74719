/*===- MapperExpand.c - flatten `declare mapper` uses into one map list ---===*
 *
 * Stock libomptarget 16 runs a mapper by calling clang's mapper function,
 * which pushes components whose MEMBER_OF field counts every component pushed
 * so far: past 65535 components the 16-bit field overflows and the mapping
 * goes wrong, and the per-component processing is quadratic. We run the same
 * mapper function (clang's code is the recipe: arbitrary length expressions,
 * nested mappers and the map-type combination rules come for free) but
 * take its components ourselves, as they arrive, and rebuild the structure
 * from addresses rather than from MEMBER_OF:
 *
 *  - an anchor is a region that owns device memory: the mapped item itself,
 *    or the pointee of a PTR_AND_OBJ component (whose pointer lies in an
 *    earlier anchor);
 *  - every other component is a member range of the anchor that contains
 *    it; adjacent ranges with the same motion merge, and a single range that
 *    covers its anchor folds into it.
 *
 * The result is one plain list: the construct's entries in place (a mapper
 * entry becomes its anchor), then the members and pointee anchors, marked
 * MEMBER_OF the mapper entry. MEMBER_OF then only names the construct's own
 * entries, and libomptarget needs it only to leave reference counts alone.
 * One libomptarget call maps everything; the work is linear in the number
 * of components.
 *
 *===----------------------------------------------------------------------===*/
#include "Foreign.h"
#include "Libomptarget.h"
#include "MapperExpand.h"
#include "MapperTree.h"
#include "OmpIndirectRT.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEMBER_OF(Pos) ((int64_t)(Pos) << 48)

typedef void (*mapper_fn)(void *Handle, void *Base, void *Begin, int64_t Size,
                          int64_t Type, void *Name);

/* libomptarget's collector, for mapper functions it runs itself. The
   runtime defines these names too (below), so that mapper functions
   compiled without the plugin feed our expansion. */
void __tgt_push_mapper_component(void *Handle, void *Base, void *Begin,
                                 int64_t Size, int64_t Type, void *Name);
int64_t __tgt_mapper_num_components(void *Handle);

/* ---- Running clang's mapper functions. ---- */

/* The handle we give a mapper function: components go straight into the
   tree, so the expansion keeps no list of them. */
typedef struct collector {
  tree T;
  size_t Seen;
  int Failed;
} collector;

/* The collector of the expansion running on this thread; any other handle
   belongs to libomptarget. */
static _Thread_local collector *Active
    __attribute__((tls_model("initial-exec")));

void __omp_indirect_push_mapper_component(void *Handle, void *Base,
                                          void *Begin, int64_t Size,
                                          int64_t Type, void *Name) {
  collector *C = Handle;
  if (C != Active) {
    if (Size > 0) /* libomptarget may map it: Foreign.h. */
      omp_indirect_foreign_note((uintptr_t)Begin, (uintptr_t)Begin + Size);
    OMP_INDIRECT_NEXT(__tgt_push_mapper_component)(Handle, Base, Begin, Size,
                                                   Type, Name);
    return;
  }
  if (!C->Failed)
    C->Failed = omp_indirect_tree_add(&C->T, C->Seen == 0, Base, Begin, Size, Type);
  C->Seen++;
}

/* Clang's mapper adds this count, shifted, to MEMBER_OF. We rebuild the
   structure from addresses and ignore MEMBER_OF, so 0 keeps it small. */
int64_t __omp_indirect_mapper_num_components(void *Handle) {
  if (Handle != Active)
    return OMP_INDIRECT_NEXT(__tgt_mapper_num_components)(Handle);
  return 0;
}

void __tgt_push_mapper_component(void *Handle, void *Base, void *Begin,
                                 int64_t Size, int64_t Type, void *Name) {
  __omp_indirect_push_mapper_component(Handle, Base, Begin, Size, Type, Name);
}

int64_t __tgt_mapper_num_components(void *Handle) {
  return __omp_indirect_mapper_num_components(Handle);
}

/* Builds in C->T the tree of mapper entry K: its anchor, then whatever its
   mapper function pushes. */
static int buildTree(collector *C, const omp_indirect_map_list *In, int K) {
  tree *T = &C->T;
  T->NA = T->NM = T->SP = 0;
  T->HullLo = UINTPTR_MAX;
  T->HullHi = 0;
  C->Seen = 0;
  C->Failed = 0;
  /* The entry itself moves nothing: its motion comes from the mapper's
     items, folded in below. */
  uintptr_t Lo = (uintptr_t)In->Begins[K];
  if (omp_indirect_tree_anchor(T, Lo, Lo + (uintptr_t)In->Sizes[K], In->Bases[K],
                In->Types[K] & ~MOTION, TOP, -1) < 0)
    return 1;
  collector *Saved = Active;
  Active = C;
  ((mapper_fn)In->Mappers[K])(C, In->Bases[K], In->Begins[K], In->Sizes[K],
                              In->Types[K], In->Names ? In->Names[K] : NULL);
  Active = Saved;
  if (C->Failed)
    return 1;
  /* The item itself is mapped only as far as its mapper maps it: a mapper
     that maps some members maps just those (from the lowest to the highest,
     as clang's own combined entry for a struct does). */
  if (T->HullLo < T->HullHi) {
    T->A[0].Lo = T->HullLo;
    T->A[0].Hi = T->HullHi;
  }
  /* Fold a single member that covers its anchor into the anchor. */
  for (size_t I = 0; I < T->NA; ++I) {
    anchor *A = &T->A[I];
    if (A->First >= 0 && A->First == A->Last && T->M[A->First].Lo == A->Lo &&
        T->M[A->First].Hi == A->Hi) {
      A->Type |= T->M[A->First].Motion;
      A->First = A->Last = -1;
    }
  }
  return 0;
}

/* ---- Output. ---- */

/* Makes room for Extra more entries at once. */
static int reserve(omp_indirect_map_list *L, size_t Extra) {
  size_t N = (size_t)L->Count + Extra, Cap = L->Cap;
  if (N <= Cap)
    return 0;
  size_t C;
#define GROW(Arr, Elem)                                                        \
  C = Cap;                                                                     \
  if (omp_indirect_grow((void **)&L->Arr, &C, N, Elem))                                     \
    return 1;
  GROW(Bases, sizeof(void *))
  GROW(Begins, sizeof(void *))
  GROW(Sizes, sizeof(int64_t))
  GROW(Types, sizeof(int64_t))
  GROW(Names, sizeof(void *))
#undef GROW
  L->Cap = C;
  return 0;
}

static int append(omp_indirect_map_list *L, void *Base, void *Begin,
                  int64_t Size, int64_t Type) {
  if (reserve(L, 1))
    return 1;
  int32_t N = L->Count++;
  L->Bases[N] = Base;
  L->Begins[N] = Begin;
  L->Sizes[N] = Size;
  L->Types[N] = Type;
  L->Names[N] = NULL;
  return 0;
}

static int appendRange(omp_indirect_map_list *L, uintptr_t Lo, uintptr_t Hi,
                       int64_t Type) {
  return append(L, (void *)Lo, (void *)Lo, (int64_t)(Hi - Lo), Type);
}

/* Moves pointee anchor I of T, with its members, to D. ToP maps anchors to
   their index in D (parents come before children). */
static int takePointee(omp_indirect_deep *D, const tree *T, size_t I, int K,
                       int64_t UserType, int64_t *ToP) {
  const anchor *A = &T->A[I];
  if (omp_indirect_grow((void **)&D->P, &D->CapP, (size_t)D->NP + 1,
           sizeof *D->P))
    return 1;
  int64_t First = D->NR;
  for (long M = A->First; M >= 0; M = T->M[M].Next) {
    if (omp_indirect_grow((void **)&D->R, &D->CapR, (size_t)D->NR + 1,
             sizeof *D->R))
      return 1;
    D->R[D->NR++] = (omp_indirect_range){T->M[M].Lo, T->M[M].Hi,
                                         T->M[M].Motion};
  }
  int64_t Parent = A->Parent == 0 ? -1 : ToP[A->Parent];
  ToP[I] = D->NP;
  D->P[D->NP++] = (omp_indirect_pointee){
      (void **)A->PtrLoc, A->Lo, A->Hi, A->Type, UserType, K, Parent,
      First, D->NR - First};
  return 0;
}

/* True if anchor I goes to the bulk path: a pointee whose parents do. */
static int isBulk(const tree *T, size_t I, const int64_t *ToP) {
  const anchor *A = &T->A[I];
  return A->Kind == POINTEE && (A->Parent == 0 || ToP[A->Parent] >= 0);
}

/* Enter and exit: the entry narrowed to its anchor, then the anchors after
   the first, each followed by its members. With D, pointees go there. */
static int emitMapping(omp_indirect_map_list *O, omp_indirect_deep *D,
                       const tree *T, int K, int64_t UserType, int64_t *ToP) {
  int64_t Keep = UserType & (OMP_INDIRECT_MAP_ALWAYS | OMP_INDIRECT_MAP_DELETE);
  int64_t Of = MEMBER_OF(K + 1);
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
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    ToP[I] = -1;
    if (I > 0 && D && isBulk(T, I, ToP)) {
      if (takePointee(D, T, I, K, UserType, ToP))
        return 1;
      continue;
    }
    if (I > 0 && append(O, A->PtrLoc, (void *)A->Lo, (int64_t)(A->Hi - A->Lo),
                        A->Type | Keep | (A->Kind == POINTEE ? Of : 0)))
      return 1;
    for (long M = A->First; M >= 0; M = T->M[M].Next)
      if (appendRange(O, T->M[M].Lo, T->M[M].Hi,
                      T->M[M].Motion | (Keep & OMP_INDIRECT_MAP_ALWAYS) | Of))
        return 1;
  }
  return 0;
}

/* Update: every range that moves in the update's direction, as a plain
   entry carrying the update's `present`; the mapper entry itself moves
   nothing and checks nothing. With D, pointees go there. */
static int emitMotion(omp_indirect_map_list *O, omp_indirect_deep *D,
                      const tree *T, int K, int64_t UserType, int64_t *ToP) {
  int64_t Dir = UserType & MOTION;
  int64_t Present = UserType & OMP_INDIRECT_MAP_PRESENT;
  O->Types[K] = UserType & ~(MOTION | OMP_INDIRECT_MAP_PRESENT);
  O->Begins[K] = (void *)T->A[0].Lo;
  O->Sizes[K] = (int64_t)(T->A[0].Hi - T->A[0].Lo);
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    ToP[I] = -1;
    if (I > 0 && D && isBulk(T, I, ToP)) {
      if (takePointee(D, T, I, K, UserType, ToP))
        return 1;
      continue;
    }
    if ((A->Type & Dir) &&
        appendRange(O, A->Lo, A->Hi, (A->Type & Dir) | Present))
      return 1;
    for (long M = A->First; M >= 0; M = T->M[M].Next)
      if ((T->M[M].Motion & Dir) &&
          appendRange(O, T->M[M].Lo, T->M[M].Hi,
                      (T->M[M].Motion & Dir) | Present))
        return 1;
  }
  return 0;
}

int omp_indirect_append_pointee(omp_indirect_map_list *L,
                                const omp_indirect_deep *D, int64_t I,
                                omp_indirect_map_kind Kind, int64_t UserType) {
  const omp_indirect_pointee *P = &D->P[I];
  const omp_indirect_range *R = P->NumRanges ? D->R + P->FirstRange : NULL;
  if (reserve(L, (size_t)P->NumRanges + 1))
    return 1;
  if (Kind == OMP_INDIRECT_MAP_UPDATE) {
    int64_t Dir = UserType & MOTION;
    int64_t Present = UserType & OMP_INDIRECT_MAP_PRESENT;
    if ((P->Type & Dir) &&
        appendRange(L, P->Lo, P->Hi, (P->Type & Dir) | Present))
      return 1;
    for (int64_t M = 0; M < P->NumRanges; ++M)
      if ((R[M].Motion & Dir) &&
          appendRange(L, R[M].Lo, R[M].Hi, (R[M].Motion & Dir) | Present))
        return 1;
    return 0;
  }
  int64_t Keep = UserType & (OMP_INDIRECT_MAP_ALWAYS | OMP_INDIRECT_MAP_DELETE);
  int64_t Of = MEMBER_OF(P->Entry + 1);
  if (append(L, P->Slot, (void *)P->Lo, (int64_t)(P->Hi - P->Lo),
             P->Type | Keep | Of))
    return 1;
  for (int64_t M = 0; M < P->NumRanges; ++M)
    if (appendRange(L, R[M].Lo, R[M].Hi,
                    R[M].Motion | (Keep & OMP_INDIRECT_MAP_ALWAYS) | Of))
      return 1;
  return 0;
}

int omp_indirect_has_mapper(const omp_indirect_map_list *L) {
  if (!L->Mappers)
    return 0;
  for (int32_t I = 0; I < L->Count; ++I)
    if (L->Mappers[I])
      return 1;
  return 0;
}

void omp_indirect_free_map_list(omp_indirect_map_list *L) {
  free(L->Bases);
  free(L->Begins);
  free(L->Sizes);
  free(L->Types);
  free(L->Names);
  memset(L, 0, sizeof *L);
}

void omp_indirect_free_deep(omp_indirect_deep *D) {
  free(D->P);
  free(D->R);
  memset(D, 0, sizeof *D);
}

int omp_indirect_expand(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind, omp_indirect_map_list *Out,
                        omp_indirect_deep *Deep) {
  omp_indirect_map_list O;
  memset(&O, 0, sizeof O);
  collector C;
  memset(&C, 0, sizeof C);
  int64_t *ToP = NULL;
  size_t CapToP = 0;
  if (Deep)
    memset(Deep, 0, sizeof *Deep);
  if (In->Count >= 0xffff) {
    fprintf(stderr, "omp-indirect: a construct with %d map entries is too "
                    "large for MEMBER_OF\n",
            In->Count);
    return 1;
  }
  int Failed = reserve(&O, (size_t)In->Count);
  for (int32_t I = 0; !Failed && I < In->Count; ++I) {
    append(&O, In->Bases[I], In->Begins[I], In->Sizes[I], In->Types[I]);
    O.Names[I] = In->Names ? In->Names[I] : NULL;
  }
  for (int32_t K = 0; !Failed && K < In->Count; ++K) {
    if (!In->Mappers || !In->Mappers[K])
      continue;
    Failed = buildTree(&C, In, K) ||
             omp_indirect_grow((void **)&ToP, &CapToP, C.T.NA, sizeof *ToP) ||
             reserve(&O, Deep ? C.T.NM : C.T.NA + C.T.NM) ||
             (Kind == OMP_INDIRECT_MAP_UPDATE
                  ? emitMotion(&O, Deep, &C.T, K, In->Types[K], ToP)
                  : emitMapping(&O, Deep, &C.T, K, In->Types[K], ToP));
  }
  free(C.T.A);
  free(C.T.M);
  free(C.T.Stack);
  free(ToP);
  if (Failed) {
    fprintf(stderr, "omp-indirect: out of memory while expanding a "
                    "'declare mapper'\n");
    omp_indirect_free_map_list(&O);
    if (Deep)
      omp_indirect_free_deep(Deep);
    return 1;
  }
  *Out = O;
  return 0;
}
