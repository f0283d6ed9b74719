/*===- MapperTree.c - the anchors and member ranges of one mapper use -----===*
 *
 * Builds, component by component as clang's mapper function pushes them,
 * the structure MapperExpand.c flattens: anchors (the mapped item, each
 * pointee) and the member ranges inside them, found from addresses alone.
 *
 *===----------------------------------------------------------------------===*/
#include "MapperTree.h"

#include <stdlib.h>

/* ---- Growable arrays. ---- */

int omp_indirect_grow(void **Data, size_t *Cap, size_t Need, size_t Elem) {
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

static void extendHull(tree *T, uintptr_t Lo, uintptr_t Hi) {
  if (Lo < T->HullLo)
    T->HullLo = Lo;
  if (Hi > T->HullHi)
    T->HullHi = Hi;
}

long omp_indirect_tree_anchor(tree *T, uintptr_t Lo, uintptr_t Hi, void *PtrLoc,
                      int64_t Type, int Kind, long Parent) {
  if (omp_indirect_grow((void **)&T->A, &T->CapA, T->NA + 1, sizeof *T->A) ||
      omp_indirect_grow((void **)&T->Stack, &T->CapS, T->SP + 1, sizeof *T->Stack))
    return -1;
  T->A[T->NA] = (anchor){Lo, Hi, PtrLoc, Type & ~OMP_INDIRECT_MAP_MEMBER_OF,
                         Kind, Parent, -1, -1};
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
  if (Ai == 0 && Lo < Hi)
    extendHull(T, Lo, Hi);
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
  if (omp_indirect_grow((void **)&T->M, &T->CapM, T->NM + 1, sizeof *T->M))
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
int omp_indirect_tree_add(tree *T, int First, void *Base, void *Begin,
                        int64_t Size, int64_t Type) {
  uintptr_t B = (uintptr_t)Begin, E = B + (uintptr_t)Size;
  if (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) {
    /* The array push of the entry itself, when the entry is a pointee. */
    if (First && B == T->A[0].Lo && E == T->A[0].Hi)
      return 0;
    uintptr_t P = (uintptr_t)Base;
    long Parent = findAnchor(T, P, P + sizeof(void *));
    if (Parent == 0)
      extendHull(T, P, P + sizeof(void *));
    return omp_indirect_tree_anchor(T, B, E, Base, Type, Parent < 0 ? LOOSE : POINTEE,
                     Parent) < 0;
  }
  long A = findAnchor(T, B, E);
  if (A < 0)
    return omp_indirect_tree_anchor(T, B, E, Base, Type, LOOSE, -1) < 0;
  return addMember(T, A, B, E, Type & MOTION);
}
