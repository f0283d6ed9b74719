/*===- MapperTree.h - the anchors and member ranges of one mapper use -----===*
 *
 * Internal to MapperExpand.c and MapperTree.c.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_MAPPERTREE_H
#define OMP_INDIRECT_MAPPERTREE_H

#include "MapperExpand.h"

#include <stddef.h>
#include <stdint.h>

#define MOTION (OMP_INDIRECT_MAP_TO | OMP_INDIRECT_MAP_FROM)

/// A region that owns device memory: the mapped item or a pointee.
typedef struct anchor {
  uintptr_t Lo, Hi;
  void *PtrLoc;  /* Pointer location (base) of a pointee anchor. */
  int64_t Type;  /* Component type, MEMBER_OF cleared. */
  int Kind;      /* TOP, POINTEE or LOOSE (outside the mapped item). */
  long Parent;   /* Anchor holding PtrLoc (POINTEE), else -1. */
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
  uintptr_t HullLo, HullHi; /* What the mapper maps of the top anchor. */
} tree;

/// Grows *Data (of Elem-sized elements, capacity *Cap) to hold Need.
/// Returns 0, or 1 when out of memory.
int omp_indirect_grow(void **Data, size_t *Cap, size_t Need, size_t Elem);

/// Adds an anchor and opens it; returns its index, or -1 out of memory.
long omp_indirect_tree_anchor(tree *T, uintptr_t Lo, uintptr_t Hi,
                              void *PtrLoc, int64_t Type, int Kind,
                              long Parent);

/// Adds one component (First: the first of its mapper entry). Returns 0, or
/// 1 when out of memory.
int omp_indirect_tree_add(tree *T, int First, void *Base, void *Begin,
                          int64_t Size, int64_t Type);

#endif /* OMP_INDIRECT_MAPPERTREE_H */
