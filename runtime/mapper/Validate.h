/*===- Validate.h - every pushed component checked before data moves ------===*
 *
 * The expansion (Expand.c) reads every component a mapper function pushes
 * before anything is mapped or copied, so it checks each one on the way,
 * with a few compares: a negative size, a range whose end wraps around the
 * address space, a NULL pointer (or begin) with a nonzero size, a section
 * larger than the device can hold, and on entering constructs the sum of
 * the sections. A bad one stops the program with one line naming the
 * construct, the clause, the mapper, the element and the section
 * (Construct.h), before any data moved. A zero size maps nothing, NULL or
 * not, as OpenMP defines a zero-length section.
 *
 * The check also learns the size of one element of the mapped array, for
 * messages: clang's mapper function pushes the components of element 0,
 * then of element 1, and every component of an element has its base in
 * that element (the element itself, or a pointer member of it). The first
 * base past everything element 0 mapped is element 1.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_VALIDATE_H
#define OMP_INDIRECT_VALIDATE_H

#include "MapList.h"

#include <stdint.h>

/// What the checks of one construct keep.
typedef struct omp_indirect_check {
  uint64_t Limit;      ///< The largest size the device can hold.
  uint64_t TotalLimit; ///< The same on entry; no limit on exit and update.
  uint64_t Total;      ///< Bytes of the sections so far.
  int32_t Entry;       ///< The mapper entry being expanded.
  uintptr_t ItemLo;    ///< Its item.
  uint64_t ItemSize;
  uint64_t ElemSize;   ///< 0 until element 1 begins.
  uint64_t MaxEnd;     ///< Highest end (from ItemLo) of element 0's ranges.
  uintptr_t Last;      ///< The last base inside the item.
} omp_indirect_check;

/// \name Validate.c
///{
void omp_indirect_check_begin(omp_indirect_check *C,
                              omp_indirect_map_kind Kind);
void omp_indirect_check_entry(omp_indirect_check *C, int32_t Entry,
                              const void *Begin, int64_t Size);
/// Hands the element size learned to the construct (Construct.h).
void omp_indirect_check_entry_done(omp_indirect_check *C);
/// Prints why the component is bad and stops (never returns).
void omp_indirect_check_reject(const omp_indirect_check *C, const void *Base,
                               const void *Begin, int64_t Size, int64_t Type,
                               const void *Name) __attribute__((noreturn, cold));
///}

/// Checks one component a mapper function pushed (the per-component path).
static inline __attribute__((always_inline)) void
omp_indirect_check_component(omp_indirect_check *C, const void *Base,
                             const void *Begin, int64_t Size, int64_t Type,
                             const void *Name) {
  uintptr_t B = (uintptr_t)Begin;
  uint64_t S = (uint64_t)Size;
  int Pointee = (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) != 0;
  if (__builtin_expect(Size < 0 || B + S < B || S > C->Limit ||
                           (S && (!B || (Pointee &&
                                  (!Base || !*(void *const *)Base)))),
                       0))
    omp_indirect_check_reject(C, Base, Begin, Size, Type, Name);
  if (Pointee && __builtin_expect((C->Total += S) > C->TotalLimit, 0))
    omp_indirect_check_reject(C, Base, Begin, Size, Type, Name);
  uint64_t Off = (uintptr_t)Base - C->ItemLo;
  if (Off >= C->ItemSize)
    return;
  C->Last = (uintptr_t)Base;
  if (C->ElemSize || Pointee)
    return;
  if (Off && Off >= C->MaxEnd && C->ItemSize % Off == 0) {
    C->ElemSize = Off;
  } else if (B >= C->ItemLo && S < C->ItemSize) {
    /* Element 0's ranges (the whole item is an array's own push). */
    uint64_t End = B - C->ItemLo + S;
    if (End > C->MaxEnd && End <= C->ItemSize)
      C->MaxEnd = End;
  }
}

#endif /* OMP_INDIRECT_VALIDATE_H */
