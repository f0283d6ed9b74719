/*===- table/Foreign.h - host ranges libomptarget may hold -----------------===*
 *
 * Before the bulk deep copy places a pointee, it must know that libomptarget
 * holds no part of it: the program may have mapped it, and two device
 * copies of one host range must never exist. Asking libomptarget
 * (omp_target_is_present) costs a lock and a search per pointee. But
 * everything libomptarget can map reaches it through the runtime: the map
 * arrays of data calls and kernel launches (Presence.c), associations,
 * mapper components it collects itself, and the globals of loaded objects
 * (`declare target` variables). The runtime notes each of those ranges in
 * a set that only grows (merged, and coarsened past a bound), so a pointee
 * outside it is certainly not libomptarget's, and only one inside it
 * costs a question to libomptarget.
 *
 * USAGE, in a construct's classification:
 *   omp_indirect_foreign F;
 *   omp_indirect_foreign_begin(&F, Device);
 *   ... omp_indirect_foreign_present(&F, Lo, Hi) per pointee ...
 *   omp_indirect_foreign_end(&F);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_FOREIGN_H
#define OMP_INDIRECT_FOREIGN_H

#include <stddef.h>
#include <stdint.h>

/// Notes that libomptarget may map [Lo, Hi) on some device. Thread-safe;
/// a range noted recently by the same thread costs a few loads.
void omp_indirect_foreign_note(uintptr_t Lo, uintptr_t Hi);

/// A view of the set for one construct (holds the set's lock).
typedef struct omp_indirect_foreign {
  int Device;
  size_t At; ///< Where the last lookup ended: pointees come in order.
  uintptr_t FreeLo, FreeHi; ///< The gap between ranges that the last
                            ///< lookup found (empty at first).
} omp_indirect_foreign;

void omp_indirect_foreign_begin(omp_indirect_foreign *F, int Device);
void omp_indirect_foreign_end(omp_indirect_foreign *F);

/// Nonzero if libomptarget holds the first or the last byte of [Lo, Hi) on
/// F's device; asks libomptarget only when the set says it may.
int omp_indirect_foreign_lookup(omp_indirect_foreign *F, uintptr_t Lo,
                                uintptr_t Hi);
static inline int omp_indirect_foreign_present(omp_indirect_foreign *F,
                                               uintptr_t Lo, uintptr_t Hi) {
  /* Inline where the pointee lies in the gap the last one lay in (pointees
     come in order): two compares. */
  if (F->FreeLo <= Lo && Hi <= F->FreeHi)
    return 0;
  return omp_indirect_foreign_lookup(F, Lo, Hi);
}

#endif /* OMP_INDIRECT_FOREIGN_H */
