/*===- collect/Tree.h - the tree one mapper use's components become --------===*
 *
 * Anchors (the item, loose ranges, pointees) with their member lists, and
 * the stack of open ones, as the collector builds them (Collect.c, the
 * general path in Tree.c, the replay in Cycle.c) and Expand.c folds them.
 * docs/mapper.md, "Flattening".
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_TREE_H
#define OMP_INDIRECT_TREE_H

#include "ItemHull.h"
#include "MapList.h"
#include "Table.h"

#include <stddef.h>
#include <stdint.h>

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
  /* The item's members once it has OMP_INDIRECT_HULL_MIN (ItemHull.h):
     per direction, merged as they come, instead of the member list. */
  int ItemHulls;
  int32_t ItemMembers;
  omp_indirect_dir_ranges ItemTo, ItemFrom;
  omp_indirect_deep *D;
  int64_t DBase; /* The first pointee of this use in D. */
  int32_t Entry;
} tree;

/* The per-component path: one function, no calls (millions of components). */
#define HOT static inline __attribute__((always_inline))

HOT void extendHull(tree *T, uintptr_t Lo, uintptr_t Hi) {
  if (Lo < T->HullLo)
    T->HullLo = Lo;
  if (Hi > T->HullHi)
    T->HullHi = Hi;
}

HOT int contains(uintptr_t ALo, uintptr_t AHi, uintptr_t Lo, uintptr_t Hi) {
  return ALo <= Lo && Hi <= AHi;
}

/* The inline half of findAnchor: the innermost open anchor, or its parent
   when it is a pointee without members (closed first: nothing to keep);
   NO_ANCHOR when neither holds the range. */
HOT ref openAnchorOf(tree *T, uintptr_t Lo, uintptr_t Hi) {
  const open_anchor *Top = &T->Stack[T->SP - 1];
  if (contains(Top->Lo, Top->Hi, Lo, Hi))
    return Top->R;
  if (T->SP > 1 && Top->R < 0 && Top->First < 0 &&
      contains(Top[-1].Lo, Top[-1].Hi, Lo, Hi)) {
    --T->SP;
    return Top[-1].R;
  }
  return NO_ANCHOR;
}

/* A member range of the item, into its lists per direction (ItemHull.h). */
HOT int addItemMember(tree *T, uintptr_t Lo, uintptr_t Hi, int64_t Motion) {
  return ((Motion & OMP_INDIRECT_MAP_TO) &&
          omp_indirect_dir_add(&T->ItemTo, Lo, Hi)) ||
         ((Motion & OMP_INDIRECT_MAP_FROM) &&
          omp_indirect_dir_add(&T->ItemFrom, Lo, Hi));
}

/// \name Tree.c: the general path.
///{
/// Opens a new anchor; returns 1 when out of memory. A pointee whose parent
/// is the item or a bulk pointee goes straight into the deep list.
int omp_indirect_tree_open(tree *T, uintptr_t Lo, uintptr_t Hi, void *PtrLoc,
                           int64_t Type, int Kind, ref Parent);
/// Adds one component, the \p First one of its mapper entry or not.
/// Returns 1 when out of memory.
int omp_indirect_tree_add(tree *T, int First, void *Base, void *Begin,
                          int64_t Size, int64_t Type);
/// Closes the innermost open anchor, keeping a deep-list pointee's members.
void omp_indirect_tree_close(tree *T);
/// Adds [\p Lo, \p Hi), moving \p Motion, as a member range of the item
/// (as the general path adds it). Returns 1 when out of memory.
int omp_indirect_tree_item_range(tree *T, uintptr_t Lo, uintptr_t Hi,
                                 int64_t Motion);
///}

/// Adds pointee [\p Lo, \p Hi), appended to \p D, to D->Bound. The fast
/// path and the replay take only pointees that fit a block (FastLimit).
static inline void omp_indirect_bound_add(omp_indirect_deep *D, uintptr_t Lo,
                                          uintptr_t Hi) {
  D->Bound = omp_indirect_block_align(D->Bound, Lo) + (Hi - Lo);
}

#endif /* OMP_INDIRECT_TREE_H */
