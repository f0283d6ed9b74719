/*===- collect/Validate.h - each component checked before data moves -------===*
 *
 * The expansion (Expand.c) reads every component a mapper function pushes
 * before anything is mapped or copied, so it checks each one on the way,
 * with a few compares: a negative size, a range whose end wraps around the
 * address space, a NULL pointer (or begin) with a nonzero size, a section
 * larger than the device can hold; and the placement (Place.c) checks the
 * sum of an entering construct's pointees (Construct.c, below both). A
 * bad one stops the program with one line naming the construct, the clause, the mapper, the element and the section
 * (Construct.h), before any data moved. A zero size maps nothing, NULL or
 * not, as OpenMP defines a zero-length section.
 *
 * The check also learns the size of one element of the mapped array, for
 * messages: clang's mapper function pushes the components of element 0,
 * then of element 1, and every component of an element has its base in
 * that element (the element itself, or a pointer member of it). The first
 * base past everything element 0 mapped is element 1. A NULL pointer
 * whose section starts a page or more past it (`d[1024:n]` of a NULL `d`)
 * passes the checks and is caught by the fault guard.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_VALIDATE_H
#define OMP_INDIRECT_VALIDATE_H

#include "MapList.h"

#include <stdint.h>

/// What the checks of one construct keep.
typedef struct omp_indirect_check {
  uint64_t Limit;      ///< The largest size the device can hold.
  int32_t Entry;       ///< The mapper entry being expanded.
  uintptr_t ItemLo;    ///< Its item.
  uint64_t ItemSize;
  uint64_t ElemSize;   ///< 0 until element 1 begins.
  uint64_t MaxEnd;     ///< Highest end (from ItemLo) of element 0's ranges.
  const omp_indirect_deep *Deep; ///< The pointees so far (for messages).
  int64_t DeepBase;              ///< The entry's first pointee in Deep.
} omp_indirect_check;

/// \name Validate.c
///{
void omp_indirect_check_begin(omp_indirect_check *C,
                              const omp_indirect_deep *Deep);
void omp_indirect_check_entry(omp_indirect_check *C, int32_t Entry,
                              const void *Begin, int64_t Size);
/// Hands the element size learned to the construct (Construct.h).
void omp_indirect_check_entry_done(omp_indirect_check *C);
/// The rare components: a size of 0 or above the limit, a begin in the
/// first page, a range that wraps. Returns for the
/// good ones (a zero-length section; a begin the fault guard will name);
/// for a bad one prints why and stops.
void omp_indirect_check_rare(const omp_indirect_check *C, const void *Base,
                             const void *Begin, int64_t Size, int64_t Type,
                             const void *Name) __attribute__((cold));
/// Element 0's components: learns the element size.
void omp_indirect_check_learn(omp_indirect_check *C, const void *Base,
                              const void *Begin, int64_t Size, int64_t Type);
///}

/// Checks one component a mapper function pushes (the per-component path:
/// one branch on the common case, and one more until element 1 begins).
/// No program data lies in the first page (Linux maps nothing below
/// vm.mmap_min_addr), so a begin there is a NULL pointer plus a small
/// offset, or garbage.
static inline __attribute__((always_inline)) void
omp_indirect_check_component(omp_indirect_check *C, const void *Base,
                             const void *Begin, int64_t Size, int64_t Type,
                             const void *Name) {
  uint64_t S = (uint64_t)Size;
  uintptr_t B = (uintptr_t)Begin;
  if (__builtin_expect((S - 1 >= C->Limit) | (B < 4096) | (B + S < B), 0))
    omp_indirect_check_rare(C, Base, Begin, Size, Type, Name);
  if (__builtin_expect(!C->ElemSize, 0))
    omp_indirect_check_learn(C, Base, Begin, Size, Type);
}

#endif /* OMP_INDIRECT_VALIDATE_H */
