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

#include "CycleState.h"

#include <stdint.h>

struct collector;

/// Starts a mapper entry with no cycle learned.
void omp_indirect_cycle_reset(omp_indirect_cycle *Y);
/// A component the fast path took, while the item keeps its ranges per
/// direction: learns and verifies the cycle, and turns the replay on.
void omp_indirect_cycle_watch(struct collector *C, void *Base, void *Begin,
                              int64_t Size, int64_t Type);
/// The replay's deep list is full up to its room (NPMax): makes the next
/// chunk of the room reserved at the verification present and returns 1,
/// or returns 0 where none is left (the replay then stops).
int omp_indirect_cycle_room(struct collector *C);
/// Ends the replay: the lists and the hull get what the replayed
/// components would have given them. Sets C->Failed when out of memory.
void omp_indirect_cycle_stop(struct collector *C);

#endif /* OMP_INDIRECT_CYCLE_H */
