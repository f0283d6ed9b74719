/*===- collect/CycleState.h - what the collector keeps of a cycle ----------===*
 *
 * The record of an array's cycle of components that the collector carries
 * (Collector.h) and Cycle.c learns, verifies and replays (Cycle.h says
 * how; CycleReplay.h compares each component inline).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_CYCLESTATE_H
#define OMP_INDIRECT_CYCLESTATE_H

#include <stddef.h>
#include <stdint.h>

/// The most components one cycle may have.
#define OMP_INDIRECT_CYCLE_MAX 16

enum { CYCLE_WAIT, CYCLE_LEARN, CYCLE_VERIFY, CYCLE_ON };

/// One component of the cycle as the next cycle must push it.
typedef struct omp_indirect_cycle_comp {
  uintptr_t At;    ///< A range's begin, a pointee's pointer (its base).
  uintptr_t AtMax; ///< Replaying: the highest At that stays in the item.
  int64_t Size, Type;
  uint64_t Tail; ///< Replaying, a pointee's: the last 8 bytes of its record
                 ///< (omp_indirect_pointee: type, entry, parent).
} omp_indirect_cycle_comp;

/// The state of one direction's range list (ItemHull.h), and its step.
typedef struct omp_indirect_cycle_list {
  int64_t N;
  uintptr_t OpenLo, OpenHi;
  int Unsorted;
  uintptr_t RLo;
  uint64_t RLen, RStride, RCount; ///< Its last run (N > 0).
  int Step; ///< CYCLE_STEP_*: what one cycle does to it.
} omp_indirect_cycle_list;

/// The item's last member, where the item keeps a member list (a C or
/// C++ struct's mapper, whose ranges merge into one member), and its step.
typedef struct omp_indirect_cycle_member {
  size_t NM;    ///< Members in the tree.
  int32_t Last; ///< The item's last member, or -1.
  uintptr_t Lo, Hi;
  int64_t Motion;
  int Step; ///< CYCLE_STEP_NONE or _GROW (its end, a stride later).
} omp_indirect_cycle_member;

enum {
  CYCLE_STEP_NONE, ///< Nothing (no range of the cycle moves this way).
  CYCLE_STEP_GROW, ///< Its open range ends one stride later.
  CYCLE_STEP_RUN,  ///< Its last run counts one more, and the open range
                   ///< is one stride later.
};

typedef struct omp_indirect_cycle {
  int State;
  int K;     ///< Components per cycle.
  int Phase; ///< The next component's index in C.
  uint64_t Stride;
  int64_t Wait;    ///< CYCLE_WAIT: pointees to let pass first.
  int64_t Backoff; ///< The wait after a cycle that did not repeat.
  size_t SlowAt;   ///< The collector's slow components when learning began.
  uintptr_t P0Base; ///< The pointee learning began after.
  int64_t P0Type;
  uint64_t Cycles; ///< CYCLE_ON: whole cycles replayed.
  uint64_t Replayed; ///< Components replayed in this mapper entry.
  uintptr_t MaxEnd; ///< The highest end a verified cycle's ranges reach
                    ///< (moves by a stride a cycle).
  uintptr_t ItemLo, ItemHi; ///< The item's range.
  int64_t NPMax; ///< Replaying: pointees the deep list holds in pages made
                 ///< present (below INT32_MAX); at it the replay asks for
                 ///< more room (omp_indirect_cycle_room), or stops.
  omp_indirect_cycle_list To, From; ///< At the last pointee (learning), or
                                    ///< at the verified cycle's start.
  omp_indirect_cycle_member Member; ///< The same, for the member list.
  omp_indirect_cycle_comp C[OMP_INDIRECT_CYCLE_MAX];
} omp_indirect_cycle;

#endif /* OMP_INDIRECT_CYCLESTATE_H */
