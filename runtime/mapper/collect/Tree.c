/*===- collect/Tree.c - the tree one mapper use's components become --------===*
 *
 * The general path of the collector (Collect.c): each component it does
 * not take itself goes into the tree of Tree.h here (anchors, member
 * ranges, pointees written straight into the deep list); the replay
 * (Cycle.c) adds the item's last member here when it ends.
 *
 *===----------------------------------------------------------------------===*/
#include "Tree.h"

#include "Scratch.h"

#define MOTION OMP_INDIRECT_MAP_MOTION

int omp_indirect_tree_open(tree *T, uintptr_t Lo, uintptr_t Hi, void *PtrLoc,
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
    if (omp_indirect_block_fits(Lo, Hi))
      omp_indirect_bound_add(D, Lo, Hi);
    else
      D->Bound |= OMP_INDIRECT_NO_BOUND;
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

void omp_indirect_tree_close(tree *T) {
  const open_anchor *O = &T->Stack[--T->SP];
  if (O->R >= 0 || O->First < 0)
    return;
  if (omp_indirect_grow((void **)&T->C, &T->CapC, T->NC + 1, sizeof *T->C)) {
    T->Failed = 1;
    return;
  }
  T->C[T->NC++] = (closed){-O->R - 1, O->First, O->Last};
}

/* The innermost anchor holding [Lo, Hi), or NO_ANCHOR. Components come
   depth first, so the answer is on the stack of open anchors; loose
   anchors are rare and searched last. */
static ref findAnchorBelow(tree *T, uintptr_t Lo, uintptr_t Hi) {
  while (T->SP > 1 && !contains(T->Stack[T->SP - 1].Lo,
                                T->Stack[T->SP - 1].Hi, Lo, Hi))
    omp_indirect_tree_close(T);
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
  ref R = openAnchorOf(T, Lo, Hi);
  return R != NO_ANCHOR ? R : findAnchorBelow(T, Lo, Hi);
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

/* The item's members from now on per direction: those it has so far, then
   (addMember) each as it comes. */
static int toItemHulls(tree *T) {
  for (int32_t M = T->A[0].First; M >= 0; M = T->M[M].Next)
    if (addItemMember(T, T->M[M].Lo, T->M[M].Hi, T->M[M].Motion))
      return 1;
  T->A[0].First = T->A[0].Last = -1;
  T->ItemHulls = 1;
  return 0;
}

HOT int addMember(tree *T, ref R, uintptr_t Lo, uintptr_t Hi,
                     int64_t Motion) {
  if (R == 0 && Lo < Hi)
    extendHull(T, Lo, Hi);
  if (!Motion || Lo >= Hi)
    return 0; /* Allocation only: the anchor already allocates it. */
  if (R == 0 && T->ItemHulls)
    return addItemMember(T, Lo, Hi, Motion);
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
  if (R == 0 && ++T->ItemMembers == OMP_INDIRECT_HULL_MIN)
    return toItemHulls(T);
  return 0;
}

int omp_indirect_tree_item_range(tree *T, uintptr_t Lo, uintptr_t Hi,
                                 int64_t Motion) {
  return addMember(T, 0, Lo, Hi, Motion);
}

int omp_indirect_tree_add(tree *T, int First, void *Base, void *Begin,
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
    return omp_indirect_tree_open(T, B, E, Base, Type,
                     Parent == NO_ANCHOR ? LOOSE : POINTEE, Parent);
  }
  ref A = findAnchor(T, B, E);
  if (A == NO_ANCHOR)
    return omp_indirect_tree_open(T, B, E, Base, Type, LOOSE, NO_ANCHOR);
  return addMember(T, A, B, E, Type & MOTION) || T->Failed;
}
