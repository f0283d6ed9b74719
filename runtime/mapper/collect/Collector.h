/*===- collect/Collector.h - the state of one mapper use's expansion -------===*
 *
 * The handle a mapper function gets: the tree its components build
 * (Tree.h), the validation of each (Validate.h) and the cycle replay
 * (CycleState.h). Collect.c runs the mapper function with it, Cycle.c
 * replays into it, Expand.c reads the tree it leaves.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_COLLECTOR_H
#define OMP_INDIRECT_COLLECTOR_H

#include "CycleState.h"
#include "Tree.h"
#include "Validate.h"

#include <stddef.h>
#include <stdint.h>

/* The handle we give a mapper function: components go straight into the
   tree, so the expansion keeps no list of them. */
/* One component as the mapper function pushed it. */
typedef struct component {
  void *Base, *Begin;
  int64_t Size, Type;
  void *Name;
} component;

typedef struct collector {
  tree T;
  component Arg; /* The component being pushed, for the general path: the
                    fast path then keeps no argument live across its code
                    (Collect.c). */
  size_t Seen;
  int Failed;
  int Refused; /* A component the expansion does not take (said why). */
  int Fast; /* The fast path may take the next component: element 1 began
               (Check.ElemSize), and nothing failed. */
  size_t Slow; /* Components the fast path did not take (Seen: all). */
  omp_indirect_check Check; /* Validation of each component (Validate.h). */
  uint64_t FastLimit; /* The largest component the fast path and the
                         replay take: Check's limit, and below 4 GiB, so
                         that each pointee they append fits a block
                         (D->Bound); the general path takes the rest. */
  omp_indirect_cycle Cycle; /* An array's records replayed (Cycle.h). */
} collector;

#endif /* OMP_INDIRECT_COLLECTOR_H */
