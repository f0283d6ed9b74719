/*===- collect/CycleReplay.h - the collector's per-component replay --------===*
 *
 * The inline half of Cycle.h, for Collect.c's entry point: while an
 * array's records repeat one cycle, each component is compared with the
 * one a cycle before, a stride on (Cycle.c says why that suffices), and a
 * pointee goes into the deep list. Included by Collect.c only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_CYCLEREPLAY_H
#define OMP_INDIRECT_CYCLEREPLAY_H

#include "Collector.h"

#include <string.h>

/* Component X of the cycle came: the next cycle's is a stride on. The
   count of components seen and the stack of open anchors are brought up
   to date when the replay stops (Cycle.c). */
static inline __attribute__((always_inline)) int
cycleNext(collector *C, omp_indirect_cycle_comp *X) {
  omp_indirect_cycle *Y = &C->Cycle;
  X->At += Y->Stride;
  if (++Y->Phase == Y->K) {
    Y->Phase = 0;
    Y->Cycles++;
  }
  return 1;
}

/* While an array's records repeat one cycle (Cycle.h): the component a
   cycle before, a stride on, with the fast path's checks that the shift
   could break. Returns 0 for any other component, which ends the replay.
   A range of the item: inline, in the few registers the entry point saves
   none for. */
static inline __attribute__((always_inline)) int
pushCycleRange(collector *C, void *Begin, int64_t Size, int64_t Type) {
  omp_indirect_cycle *Y = &C->Cycle;
  omp_indirect_cycle_comp *X = &Y->C[Y->Phase];
  uintptr_t B = (uintptr_t)Begin;
  if (Type != X->Type || B != X->At || Size != X->Size || B > X->AtMax)
    return 0;
  return cycleNext(C, X);
}

/* A pointee, into the deep list. */
static inline __attribute__((always_inline)) int
pushCyclePointee(collector *C, void *Base, void *Begin, int64_t Size,
                 int64_t Type) {
  omp_indirect_cycle *Y = &C->Cycle;
  omp_indirect_cycle_comp *X = &Y->C[Y->Phase];
  tree *T = &C->T;
  omp_indirect_deep *D = T->D;
  uintptr_t B = (uintptr_t)Begin, E = B + (uint64_t)Size;
  uintptr_t P = (uintptr_t)Base;
  if (Type != X->Type || P != X->At || P > X->AtMax || B < 4096 ||
      (uint64_t)Size - 1 >= C->FastLimit || E < B ||
      (E > Y->ItemLo && B < Y->ItemHi) || D->NP == Y->NPMax)
    return 0;
  omp_indirect_pointee *R = &D->P[D->NP++];
  R->Slot = (void **)P;
  R->Lo = B;
  R->Hi = E;
  memcpy(&R->Type, &X->Tail, sizeof X->Tail); /* Type, Entry, Parent. */
  omp_indirect_bound_add(D, B, E);
  return cycleNext(C, X);
}

#endif /* OMP_INDIRECT_CYCLEREPLAY_H */
