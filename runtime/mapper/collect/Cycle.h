/*===- collect/Cycle.h - an array's records replayed by the collector ------===*
 *
 * A mapper function pushes the same components for every element of an
 * array, each element at the next one's addresses: clang's for a struct
 * with a pointer (the struct, its members, the pointee; docs/mapper.md,
 * "The fast path"), flang's default mapper for a record (docs/mapper.md,
 * "Fortran": the record, its scalars, each allocatable component's
 * descriptor, address field and data). The collector (Collect.c) learns
 * that cycle: it records one cycle's components (from the component after
 * a pointee to the next pointee), checks that the next cycle repeats them
 * at a fixed stride and that the item's ranges grew by a fixed step (its
 * range lists per direction, ItemHull.h, or its last member), and from
 * then on only compares each component with the one a cycle before (the
 * pointee's data is still written per record). The item's ranges, the
 * hull, the stack of open anchors and the count of components are not
 * touched while the cycle repeats: when it breaks (a component that
 * differs, an unallocated component, the mapper's end) they get the step
 * once per cycle that passed (the stack, what the last component left),
 * and the components of the cycle broken midway go the usual way. So the
 * tree ends exactly as the component-by-component path would leave it.
 *
 * USAGE, in Collect.c: omp_indirect_cycle_reset at the start of a mapper
 * entry; a component the fast path took goes to omp_indirect_cycle_watch
 * (while State is CYCLE_WAIT, only pointees); while State is CYCLE_ON
 * each component is compared inline (CycleReplay.h), and
 * omp_indirect_cycle_stop ends the replay.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_CYCLE_H
#define OMP_INDIRECT_CYCLE_H

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
  int64_t NPMax; ///< Replaying: pointees the deep list holds (and below
                 ///< INT32_MAX); the replay stops at it.
  omp_indirect_cycle_list To, From; ///< At the last pointee (learning), or
                                    ///< at the verified cycle's start.
  omp_indirect_cycle_member Member; ///< The same, for the member list.
  omp_indirect_cycle_comp C[OMP_INDIRECT_CYCLE_MAX];
} omp_indirect_cycle;

struct collector;

/// Starts a mapper entry with no cycle learned.
void omp_indirect_cycle_reset(omp_indirect_cycle *Y);
/// A component the fast path took, while the item keeps its ranges per
/// direction: learns and verifies the cycle, and turns the replay on.
void omp_indirect_cycle_watch(struct collector *C, void *Base, void *Begin,
                              int64_t Size, int64_t Type);
/// Ends the replay: the lists and the hull get what the replayed
/// components would have given them. Sets C->Failed when out of memory.
void omp_indirect_cycle_stop(struct collector *C);

#endif /* OMP_INDIRECT_CYCLE_H */
