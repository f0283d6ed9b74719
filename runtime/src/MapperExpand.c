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
#include "MapperExpand.h"
#include "OmpIndirectRT.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOTION (OMP_INDIRECT_MAP_TO | OMP_INDIRECT_MAP_FROM)
#define MEMBER_OF(Pos) ((int64_t)(Pos) << 48)

typedef void (*mapper_fn)(void *Handle, void *Base, void *Begin, int64_t Size,
                          int64_t Type, void *Name);

/* libomptarget's collector, for mapper functions it runs itself. */
void __tgt_push_mapper_component(void *Handle, void *Base, void *Begin,
                                 int64_t Size, int64_t Type, void *Name);
int64_t __tgt_mapper_num_components(void *Handle);

/* ---- Growable arrays. ---- */

static int grow(void **Data, size_t *Cap, size_t Need, size_t Elem) {
  if (Need <= *Cap)
    return 0;
  size_t NewCap = *Cap ? *Cap : 64;
  while (NewCap < Need)
    NewCap *= 2;
  void *P = realloc(*Data, NewCap * Elem);
  if (!P)
    return 1;
  *Data = P;
  *Cap = NewCap;
  return 0;
}

/* ---- Anchors and members. ---- */

typedef struct anchor {
  uintptr_t Lo, Hi;
  void *PtrLoc;  /* Pointer location (base) of a pointee anchor. */
  int64_t Type;  /* Component type, MEMBER_OF cleared. */
  int Kind;      /* TOP, POINTEE or LOOSE (outside the mapped item). */
  long First, Last; /* Member list. */
} anchor;

enum { TOP, POINTEE, LOOSE };

typedef struct member {
  uintptr_t Lo, Hi;
  int64_t Motion;
  long Next;
} member;

typedef struct tree {
  anchor *A;
  size_t NA, CapA;
  member *M;
  size_t NM, CapM;
  size_t *Stack; /* Open anchors, innermost last; the top is never popped. */
  size_t SP, CapS;
} tree;

static long addAnchor(tree *T, uintptr_t Lo, uintptr_t Hi, void *PtrLoc,
                      int64_t Type, int Kind) {
  if (grow((void **)&T->A, &T->CapA, T->NA + 1, sizeof *T->A) ||
      grow((void **)&T->Stack, &T->CapS, T->SP + 1, sizeof *T->Stack))
    return -1;
  T->A[T->NA] = (anchor){Lo, Hi, PtrLoc, Type & ~OMP_INDIRECT_MAP_MEMBER_OF,
                         Kind, -1, -1};
  T->Stack[T->SP++] = T->NA;
  return (long)T->NA++;
}

static int contains(const anchor *A, uintptr_t Lo, uintptr_t Hi) {
  return A->Lo <= Lo && Hi <= A->Hi;
}

/* The innermost anchor holding [Lo, Hi), or -1. Components come depth
   first, so the answer is on the stack of open anchors; loose anchors are
   rare and searched last. */
static long findAnchor(tree *T, uintptr_t Lo, uintptr_t Hi) {
  while (T->SP > 1 && !contains(&T->A[T->Stack[T->SP - 1]], Lo, Hi))
    --T->SP;
  if (contains(&T->A[T->Stack[T->SP - 1]], Lo, Hi))
    return (long)T->Stack[T->SP - 1];
  for (size_t I = T->NA; I-- > 1;)
    if (T->A[I].Kind == LOOSE && contains(&T->A[I], Lo, Hi))
      return (long)I;
  return -1;
}

static int addMember(tree *T, long Ai, uintptr_t Lo, uintptr_t Hi,
                     int64_t Motion) {
  anchor *A = &T->A[Ai];
  if (!Motion || Lo >= Hi)
    return 0; /* Allocation only: the anchor already allocates it. */
  if (A->Last >= 0) {
    member *L = &T->M[A->Last];
    if (L->Motion == Motion && L->Lo <= Lo && Lo <= L->Hi) {
      if (Hi > L->Hi)
        L->Hi = Hi;
      return 0;
    }
  }
  if (grow((void **)&T->M, &T->CapM, T->NM + 1, sizeof *T->M))
    return 1;
  T->M[T->NM] = (member){Lo, Hi, Motion, -1};
  if (A->Last >= 0)
    T->M[A->Last].Next = (long)T->NM;
  else
    A->First = (long)T->NM;
  A->Last = (long)T->NM++;
  return 0;
}

/* Adds one component, the First one of its mapper entry or not. */
static int addComponent(tree *T, int First, void *Base, void *Begin,
                        int64_t Size, int64_t Type) {
  uintptr_t B = (uintptr_t)Begin, E = B + (uintptr_t)Size;
  if (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) {
    /* The array push of the entry itself, when the entry is a pointee. */
    if (First && B == T->A[0].Lo && E == T->A[0].Hi)
      return 0;
    uintptr_t P = (uintptr_t)Base;
    int Kind = findAnchor(T, P, P + sizeof(void *)) < 0 ? LOOSE : POINTEE;
    return addAnchor(T, B, E, Base, Type, Kind) < 0;
  }
  long A = findAnchor(T, B, E);
  if (A < 0)
    return addAnchor(T, B, E, Base, Type, LOOSE) < 0;
  return addMember(T, A, B, E, Type & MOTION);
}

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
static _Thread_local collector *Active;

void __omp_indirect_push_mapper_component(void *Handle, void *Base,
                                          void *Begin, int64_t Size,
                                          int64_t Type, void *Name) {
  collector *C = Handle;
  if (C != Active) {
    __tgt_push_mapper_component(Handle, Base, Begin, Size, Type, Name);
    return;
  }
  if (!C->Failed)
    C->Failed = addComponent(&C->T, C->Seen == 0, Base, Begin, Size, Type);
  C->Seen++;
}

/* Clang's mapper adds this count, shifted, to MEMBER_OF. We rebuild the
   structure from addresses and ignore MEMBER_OF, so 0 keeps it small. */
int64_t __omp_indirect_mapper_num_components(void *Handle) {
  if (Handle != Active)
    return __tgt_mapper_num_components(Handle);
  return 0;
}

/* Builds in C->T the tree of mapper entry K: its anchor, then whatever its
   mapper function pushes. */
static int buildTree(collector *C, const omp_indirect_map_list *In, int K) {
  tree *T = &C->T;
  T->NA = T->NM = T->SP = 0;
  C->Seen = 0;
  C->Failed = 0;
  /* The entry itself moves nothing: its motion comes from the mapper's
     items, folded in below. */
  uintptr_t Lo = (uintptr_t)In->Begins[K];
  if (addAnchor(T, Lo, Lo + (uintptr_t)In->Sizes[K], In->Bases[K],
                In->Types[K] & ~MOTION, TOP) < 0)
    return 1;
  collector *Saved = Active;
  Active = C;
  ((mapper_fn)In->Mappers[K])(C, In->Bases[K], In->Begins[K], In->Sizes[K],
                              In->Types[K], In->Names ? In->Names[K] : NULL);
  Active = Saved;
  if (C->Failed)
    return 1;
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

typedef struct outlist {
  omp_indirect_map_list L;
  size_t Cap[6];
} outlist;

/* Makes room for Extra more entries at once. */
static int reserve(outlist *O, size_t Extra) {
  size_t N = (size_t)O->L.Count + Extra;
  return grow((void **)&O->L.Bases, &O->Cap[0], N, sizeof(void *)) ||
         grow((void **)&O->L.Begins, &O->Cap[1], N, sizeof(void *)) ||
         grow((void **)&O->L.Sizes, &O->Cap[2], N, sizeof(int64_t)) ||
         grow((void **)&O->L.Types, &O->Cap[3], N, sizeof(int64_t)) ||
         grow((void **)&O->L.Names, &O->Cap[4], N, sizeof(void *));
}

static int append(outlist *O, void *Base, void *Begin, int64_t Size,
                  int64_t Type) {
  size_t N = (size_t)O->L.Count + 1;
  if (grow((void **)&O->L.Bases, &O->Cap[0], N, sizeof(void *)) ||
      grow((void **)&O->L.Begins, &O->Cap[1], N, sizeof(void *)) ||
      grow((void **)&O->L.Sizes, &O->Cap[2], N, sizeof(int64_t)) ||
      grow((void **)&O->L.Types, &O->Cap[3], N, sizeof(int64_t)) ||
      grow((void **)&O->L.Names, &O->Cap[4], N, sizeof(void *)))
    return 1;
  O->L.Bases[N - 1] = Base;
  O->L.Begins[N - 1] = Begin;
  O->L.Sizes[N - 1] = Size;
  O->L.Types[N - 1] = Type;
  O->L.Names[N - 1] = NULL;
  O->L.Count = (int32_t)N;
  return 0;
}

/* Enter and exit: anchors after the first, each followed by its members. */
static int emitMapping(outlist *O, const tree *T, int K, int64_t UserType) {
  int64_t Keep = UserType & (OMP_INDIRECT_MAP_ALWAYS | OMP_INDIRECT_MAP_DELETE);
  int64_t Of = MEMBER_OF(K + 1);
  O->L.Types[K] = (UserType & ~MOTION) | (T->A[0].Type & MOTION);
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    if (I > 0 && append(O, A->PtrLoc, (void *)A->Lo, (int64_t)(A->Hi - A->Lo),
                        A->Type | Keep | (A->Kind == POINTEE ? Of : 0)))
      return 1;
    for (long M = A->First; M >= 0; M = T->M[M].Next)
      if (append(O, (void *)T->M[M].Lo, (void *)T->M[M].Lo,
                 (int64_t)(T->M[M].Hi - T->M[M].Lo),
                 T->M[M].Motion | (Keep & OMP_INDIRECT_MAP_ALWAYS) | Of))
        return 1;
  }
  return 0;
}

/* Update: every range that moves in the update's direction, as a plain
   entry; the mapper entry itself moves nothing. */
static int emitMotion(outlist *O, const tree *T, int K, int64_t UserType) {
  int64_t Dir = UserType & MOTION;
  O->L.Types[K] = UserType & ~MOTION;
  for (size_t I = 0; I < T->NA; ++I) {
    const anchor *A = &T->A[I];
    if ((A->Type & Dir) &&
        append(O, (void *)A->Lo, (void *)A->Lo, (int64_t)(A->Hi - A->Lo),
               A->Type & Dir))
      return 1;
    for (long M = A->First; M >= 0; M = T->M[M].Next)
      if ((T->M[M].Motion & Dir) &&
          append(O, (void *)T->M[M].Lo, (void *)T->M[M].Lo,
                 (int64_t)(T->M[M].Hi - T->M[M].Lo), T->M[M].Motion & Dir))
        return 1;
  }
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

int omp_indirect_expand(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind,
                        omp_indirect_map_list *Out) {
  outlist O;
  memset(&O, 0, sizeof O);
  collector C;
  memset(&C, 0, sizeof C);
  if (In->Count >= 0xffff) {
    fprintf(stderr, "omp-indirect: a construct with %d map entries is too "
                    "large for MEMBER_OF\n",
            In->Count);
    return 1;
  }
  int Failed = 0;
  for (int32_t I = 0; !Failed && I < In->Count; ++I)
    Failed = append(&O, In->Bases[I], In->Begins[I], In->Sizes[I],
                    In->Types[I]) ||
             (In->Names && ((O.L.Names[I] = In->Names[I]), 0));
  for (int32_t K = 0; !Failed && K < In->Count; ++K) {
    if (!In->Mappers || !In->Mappers[K])
      continue;
    Failed = buildTree(&C, In, K) ||
             reserve(&O, C.T.NA + C.T.NM) ||
             (Kind == OMP_INDIRECT_MAP_UPDATE
                  ? emitMotion(&O, &C.T, K, In->Types[K])
                  : emitMapping(&O, &C.T, K, In->Types[K]));
  }
  free(C.T.A);
  free(C.T.M);
  free(C.T.Stack);
  if (Failed) {
    fprintf(stderr, "omp-indirect: out of memory while expanding a "
                    "'declare mapper'\n");
    omp_indirect_free_map_list(&O.L);
    return 1;
  }
  *Out = O.L;
  return 0;
}
