/*===- Expand.c - flatten `declare mapper` uses into one map list ---------===*
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
 * the number of components.
 *
 *===----------------------------------------------------------------------===*/
#include "Expand.h"

#include "Foreign.h"
#include "Libomptarget.h"
#include "MapperStack.h"
#include "OmpIndirectRT.h"
#include "Scratch.h"
#include "Validate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOTION OMP_INDIRECT_MAP_MOTION
/* The per-component path: one function, no calls (millions of components). */
#define HOT static inline __attribute__((always_inline))

/* libomptarget's collector, for mapper functions it runs itself. The
   runtime defines these names too (below), so that mapper functions
   compiled without the plugin feed our expansion. */
void __tgt_push_mapper_component(void *Handle, void *Base, void *Begin,
                                 int64_t Size, int64_t Type, void *Name);
int64_t __tgt_mapper_num_components(void *Handle);

/* ---- The tree of one mapper use. ---- */

enum { TOP, POINTEE, LOOSE };

/* An anchor that is not a bulk pointee: the mapped item (index 0), an
   anchor outside it (loose), or a pointee below one of those. */
typedef struct anchor {
  uintptr_t Lo, Hi;
  void *PtrLoc;  /* Pointer location (base) of a pointee anchor. */
  int64_t Type;  /* Component type, MEMBER_OF cleared. */
  int32_t Kind;  /* TOP, POINTEE or LOOSE. */
  int32_t First, Last; /* Member list. */
} anchor;

/* An anchor: >= 0, an index in tree.A; < 0, pointee -Ref - 1 of the deep
   list. */
typedef int64_t ref;
#define NO_ANCHOR INT64_MIN
#define DEEP(I) (-(ref)(I)-1)

/* An open anchor; for a pointee of the deep list, its member list too
   (members only reach an anchor while it is open, unless it is loose). */
typedef struct open_anchor {
  uintptr_t Lo, Hi;
  ref R;
  int32_t First, Last;
} open_anchor;

/* A closed pointee of the deep list that has members. */
typedef struct closed {
  int64_t I;
  int32_t First, Last;
} closed;

typedef struct member {
  uintptr_t Lo, Hi;
  int64_t Motion;
  int32_t Next;
} member;

typedef struct tree {
  anchor *A;
  size_t NA, CapA;
  member *M;
  size_t NM, CapM;
  open_anchor *Stack; /* Innermost last; the item is never popped. */
  size_t SP, CapS;
  closed *C; /* Pointees with members, once closed. */
  size_t NC, CapC;
  int Failed; /* Out of memory while closing. */
  uintptr_t HullLo, HullHi; /* What the mapper maps of the item. */
  omp_indirect_deep *D;
  int64_t DBase; /* The first pointee of this use in D. */
  int32_t Entry;
} tree;

HOT void extendHull(tree *T, uintptr_t Lo, uintptr_t Hi) {
  if (Lo < T->HullLo)
    T->HullLo = Lo;
  if (Hi > T->HullHi)
    T->HullHi = Hi;
}

/* Opens a new anchor; returns 1 when out of memory. A pointee whose parent
   is the item or a bulk pointee goes straight into the deep list. */
HOT int addAnchor(tree *T, uintptr_t Lo, uintptr_t Hi, void *PtrLoc,
                     int64_t Type, int Kind, ref Parent) {
  if (T->SP == T->CapS && omp_indirect_grow((void **)&T->Stack, &T->CapS,
                                             T->SP + 1, sizeof *T->Stack))
    return 1;
  Type &= ~OMP_INDIRECT_MAP_MEMBER_OF;
  ref R;
  if (Kind == POINTEE && (Parent == 0 || Parent < 0)) {
    omp_indirect_deep *D = T->D;
    if (D->NP >= INT32_MAX ||
        ((size_t)D->NP == D->CapP &&
         omp_indirect_scratch_grow((void **)&D->P, &D->CapP,
                                   (size_t)D->NP + 1, sizeof *D->P)))
      return 1;
    D->P[D->NP] = (omp_indirect_pointee){
        (void **)PtrLoc, Lo, Hi, (uint16_t)Type, (uint16_t)T->Entry,
        Parent == 0 ? -1 : (int32_t)(-Parent - 1)};
    R = DEEP(D->NP++);
  } else {
    if (T->NA == T->CapA &&
        omp_indirect_grow((void **)&T->A, &T->CapA, T->NA + 1, sizeof *T->A))
      return 1;
    T->A[T->NA] = (anchor){Lo, Hi, PtrLoc, Type, Kind, -1, -1};
    R = (ref)T->NA++;
  }
  T->Stack[T->SP++] = (open_anchor){Lo, Hi, R, -1, -1};
  return 0;
}

/* Closes the innermost open anchor, keeping a deep-list pointee's members. */
static void closeAnchor(tree *T) {
  const open_anchor *O = &T->Stack[--T->SP];
  if (O->R >= 0 || O->First < 0)
    return;
  if (omp_indirect_grow((void **)&T->C, &T->CapC, T->NC + 1, sizeof *T->C)) {
    T->Failed = 1;
    return;
  }
  T->C[T->NC++] = (closed){-O->R - 1, O->First, O->Last};
}

HOT int contains(uintptr_t ALo, uintptr_t AHi, uintptr_t Lo, uintptr_t Hi) {
  return ALo <= Lo && Hi <= AHi;
}

/* The innermost anchor holding [Lo, Hi), or NO_ANCHOR. Components come
   depth first, so the answer is on the stack of open anchors; loose
   anchors are rare and searched last. */
static ref findAnchorBelow(tree *T, uintptr_t Lo, uintptr_t Hi) {
  while (T->SP > 1 && !contains(T->Stack[T->SP - 1].Lo,
                                T->Stack[T->SP - 1].Hi, Lo, Hi))
    closeAnchor(T);
  if (contains(T->Stack[T->SP - 1].Lo, T->Stack[T->SP - 1].Hi, Lo, Hi))
    return T->Stack[T->SP - 1].R;
  for (size_t I = T->NA; I-- > 1;)
    if (T->A[I].Kind == LOOSE && contains(T->A[I].Lo, T->A[I].Hi, Lo, Hi))
      return (ref)I;
  return NO_ANCHOR;
}

/* The same, inline where the innermost open anchor holds the range or is
   a pointee without members whose parent does (an array of structs with
   one pointer each: every component). */
HOT ref findAnchor(tree *T, uintptr_t Lo, uintptr_t Hi) {
  const open_anchor *Top = &T->Stack[T->SP - 1];
  if (contains(Top->Lo, Top->Hi, Lo, Hi))
    return Top->R;
  if (T->SP > 1 && Top->R < 0 && Top->First < 0 &&
      contains(Top[-1].Lo, Top[-1].Hi, Lo, Hi)) {
    --T->SP; /* closeAnchor: nothing to keep. */
    return Top[-1].R;
  }
  return findAnchorBelow(T, Lo, Hi);
}

/* The member list of anchor R: its first and last member. A pointee of
   the deep list is the innermost open anchor when it gets one. */
HOT void links(tree *T, ref R, int32_t **First, int32_t **Last) {
  if (R >= 0) {
    *First = &T->A[R].First;
    *Last = &T->A[R].Last;
  } else {
    *First = &T->Stack[T->SP - 1].First;
    *Last = &T->Stack[T->SP - 1].Last;
  }
}

HOT int addMember(tree *T, ref R, uintptr_t Lo, uintptr_t Hi,
                     int64_t Motion) {
  if (R == 0 && Lo < Hi)
    extendHull(T, Lo, Hi);
  if (!Motion || Lo >= Hi)
    return 0; /* Allocation only: the anchor already allocates it. */
  int32_t *First, *Last;
  links(T, R, &First, &Last);
  if (*Last >= 0) {
    member *L = &T->M[*Last];
    if (L->Motion == Motion && L->Lo <= Lo && Lo <= L->Hi) {
      if (Hi > L->Hi)
        L->Hi = Hi;
      return 0;
    }
  }
  if (T->NM >= INT32_MAX ||
      (T->NM == T->CapM && omp_indirect_grow((void **)&T->M, &T->CapM,
                                             T->NM + 1, sizeof *T->M)))
    return 1;
  T->M[T->NM] = (member){Lo, Hi, Motion, -1};
  if (*Last >= 0)
    T->M[*Last].Next = (int32_t)T->NM;
  else
    *First = (int32_t)T->NM;
  *Last = (int32_t)T->NM++;
  return 0;
}

/* Adds one component, the First one of its mapper entry or not. Returns 1
   when out of memory. */
HOT int addComponent(tree *T, int First, void *Base, void *Begin,
                        int64_t Size, int64_t Type) {
  uintptr_t B = (uintptr_t)Begin, E = B + (uintptr_t)Size;
  if (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) {
    /* The array push of the entry itself, when the entry is a pointee. */
    if (First && B == T->A[0].Lo && E == T->A[0].Hi)
      return 0;
    uintptr_t P = (uintptr_t)Base;
    ref Parent = findAnchor(T, P, P + sizeof(void *));
    if (Parent == 0)
      extendHull(T, P, P + sizeof(void *));
    return addAnchor(T, B, E, Base, Type,
                     Parent == NO_ANCHOR ? LOOSE : POINTEE, Parent);
  }
  ref A = findAnchor(T, B, E);
  if (A == NO_ANCHOR)
    return addAnchor(T, B, E, Base, Type, LOOSE, NO_ANCHOR);
  return addMember(T, A, B, E, Type & MOTION) || T->Failed;
}

/* ---- Running clang's mapper functions. ---- */

/* The handle we give a mapper function: components go straight into the
   tree, so the expansion keeps no list of them. */
typedef struct collector {
  tree T;
  size_t Seen;
  int Failed;
  int Refused; /* A component the expansion does not take (said why). */
  omp_indirect_check Check; /* Validation of each component (Validate.h). */
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
  /* Clang's mapper functions (16 to 22) push a pointer and its pointee as
     one PTR_AND_OBJ component; an ATTACH component (MapTypes.h), which
     only clang 22's constructs use, would name a pointee pushed apart that
     the tree cannot tie to its pointer: stop rather than leave a host
     pointer on the device. */
  omp_indirect_check_component(&C->Check, Base, Begin, Size, Type, Name);
  if ((Type & OMP_INDIRECT_MAP_ATTACH) && !C->Failed) {
    fprintf(stderr, "omp-indirect: a mapper function pushed an ATTACH "
                    "component, which the deep copy does not take\n");
    C->Failed = C->Refused = 1;
  }
  if (!C->Failed)
    C->Failed = addComponent(&C->T, C->Seen == 0, Base, Begin, Size, Type);
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
    closeAnchor(T);
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
   mapper function pushes. */
static int buildTree(collector *C, const omp_indirect_map_list *In, int K) {
  tree *T = &C->T;
  T->NA = T->NM = T->SP = T->NC = 0;
  T->HullLo = UINTPTR_MAX;
  T->HullHi = 0;
  T->DBase = T->D->NP;
  T->Entry = K;
  C->Seen = 0;
  C->Failed = C->Refused = 0;
  omp_indirect_check_entry(&C->Check, K, In->Begins[K], In->Sizes[K]);
  /* The entry itself moves nothing: its motion comes from the mapper's
     items, folded in below. */
  uintptr_t Lo = (uintptr_t)In->Begins[K];
  if (addAnchor(T, Lo, Lo + (uintptr_t)In->Sizes[K], In->Bases[K],
                In->Types[K] & ~MOTION, TOP, NO_ANCHOR))
    return 1;
  collector *Saved = Active;
  Active = C;
  int NoStack = omp_indirect_call_mapper(
      (omp_indirect_mapper_fn)In->Mappers[K], C, In->Bases[K], In->Begins[K],
      In->Sizes[K], In->Types[K], In->Names ? In->Names[K] : NULL);
  Active = Saved;
  if (NoStack) {
    C->Refused = 1;
    return 1;
  }
  omp_indirect_check_entry_done(&C->Check);
  if (C->Failed)
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

/* Enter and exit: the entry narrowed to its anchor, then the other
   anchors, each followed by its members. */
static void emitMapping(omp_indirect_map_list *O, const tree *T, int K,
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
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    if (I > 0)
      omp_indirect_list_append(O, A->PtrLoc, (void *)A->Lo,
                               (int64_t)(A->Hi - A->Lo),
                               A->Type | Keep | (A->Kind == POINTEE ? Of : 0));
    for (int32_t M = A->First; M >= 0; M = T->M[M].Next)
      omp_indirect_list_append_range(O, T->M[M].Lo, T->M[M].Hi,
                  T->M[M].Motion | (Keep & OMP_INDIRECT_MAP_ALWAYS) | Of);
  }
}

/* Update: every range that moves in the update's direction, as a plain
   entry carrying the update's `present`; the mapper entry itself moves
   nothing and checks nothing. */
static void emitMotion(omp_indirect_map_list *O, const tree *T, int K,
                       int64_t UserType) {
  int64_t Dir = UserType & MOTION;
  int64_t Present = UserType & OMP_INDIRECT_MAP_PRESENT;
  O->Types[K] = UserType & ~(MOTION | OMP_INDIRECT_MAP_PRESENT);
  O->Begins[K] = (void *)T->A[0].Lo;
  O->Sizes[K] = (int64_t)(T->A[0].Hi - T->A[0].Lo);
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    if (A->Type & Dir)
      omp_indirect_list_append_range(O, A->Lo, A->Hi, (A->Type & Dir) | Present);
    for (int32_t M = A->First; M >= 0; M = T->M[M].Next)
      if (T->M[M].Motion & Dir)
        omp_indirect_list_append_range(O, T->M[M].Lo, T->M[M].Hi,
                    (T->M[M].Motion & Dir) | Present);
  }
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
    if (Kind == OMP_INDIRECT_MAP_UPDATE)
      emitMotion(&O, &C.T, K, In->Types[K]);
    else
      emitMapping(&O, &C.T, K, In->Types[K]);
  }
  if (!Failed && growRangeLists(Deep))
    Failed = 1;
  free(C.T.A);
  free(C.T.M);
  free(C.T.Stack);
  free(C.T.C);
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
