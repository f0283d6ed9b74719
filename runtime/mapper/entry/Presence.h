/*===- entry/Presence.h - the runtime's answer for the pointees it owns ----===*
 *
 * Pointees that the bulk deep copy placed are the runtime's (Table.h):
 * libomptarget has no entry for them. Every call that reaches libomptarget
 * with host addresses passes here first. A map entry that names such a
 * pointee gets OpenMP's reference counting and data motion from the
 * runtime, and the pointee is lent to libomptarget (an association) for
 * that one call only, so libomptarget finds it present: it translates the
 * kernel argument, attaches the pointer, answers use_device_ptr, moves an
 * update, and allocates and copies nothing. docs/mapper.md has the rules.
 *
 * USAGE, around each forwarded call with map arrays:
 *   omp_indirect_loan L;
 *   omp_indirect_presence_before(&L, Kind, DeviceId, N, Bases, Begins,
 *                                Sizes, Types);
 *   <libomptarget's call, with L.Types in place of Types>
 *   omp_indirect_presence_after(&L);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_PRESENCE_H
#define OMP_INDIRECT_PRESENCE_H

#include "Shadow.h"

#include <stdint.h>

/// What a forwarded call does with its entries.
typedef enum omp_indirect_presence_kind {
  OMP_INDIRECT_PRESENCE_ENTER,  ///< Begin of a data region, enter data.
  OMP_INDIRECT_PRESENCE_EXIT,   ///< End of a data region, exit data.
  OMP_INDIRECT_PRESENCE_UPDATE, ///< target update.
  OMP_INDIRECT_PRESENCE_KERNEL, ///< A target region: enter, run, exit.
} omp_indirect_presence_kind;

/// One entry of a call that names an owned pointee.
typedef struct omp_indirect_hit {
  int32_t Entry;  ///< Index in the call's arrays.
  int32_t Within; ///< The entry lies inside the pointee.
  int16_t Moves;   ///< ... and is contiguous and not empty: the runtime
                   ///< counts and moves for it.
  int16_t Counted; ///< Before took a reference (after gives it back).
  uintptr_t Lo;   ///< The pointee.
} omp_indirect_hit;

/// The state of one forwarded call.
typedef struct omp_indirect_loan {
  omp_indirect_presence_kind Kind;
  int Device;
  void **Begins;
  int64_t *Sizes;
  const int64_t *UserTypes; ///< The caller's.
  int64_t *Types;           ///< To forward: UserTypes, or a changed copy.
  omp_indirect_hit *Hits;
  int64_t NumHits, Cap;
  omp_indirect_shadow Shadow; ///< Pointers the runtime set (Shadow.h).
} omp_indirect_loan;

/// Before a forwarded call: finds the entries that name owned pointees,
/// counts and moves for them, and lends their pointees. Stops the program
/// with a message if libomptarget refuses a loan.
void omp_indirect_presence_before(omp_indirect_loan *L,
                                  omp_indirect_presence_kind Kind,
                                  int64_t DeviceId, int32_t N, void **Bases,
                                  void **Begins, int64_t *Sizes,
                                  int64_t *Types);

/// After it: ends the loans, gives back references, copies back and
/// releases what lost its last reference.
void omp_indirect_presence_after(omp_indirect_loan *L);

#endif /* OMP_INDIRECT_PRESENCE_H */
