/*===- BulkInternal.h - shared between BulkCopy.c and BulkEnter.c ---------===*
 *
 * Not an interface: the pieces of the bulk deep copy that its two source
 * files share.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_BULKINTERNAL_H
#define OMP_INDIRECT_BULKINTERNAL_H

#include "BulkCopy.h"

#include <stddef.h>
#include <stdint.h>

/// How a pointee is handled (omp_indirect_bulk::Class).
enum {
  BULK_ITEM,  ///< Through libomptarget, one mapping of its own.
  BULK_NEW,   ///< Enter: placed in this construct's block.
  BULK_DUP,   ///< Enter: the same range as a new pointee of this construct.
  BULK_OWNED, ///< In the table from an earlier construct.
};

/// Prints an error naming the device and stops.
void omp_indirect_bulk_die(const omp_indirect_bulk *B, const char *What)
    __attribute__((noreturn));
/// malloc that stops with a message when out of memory.
void *omp_indirect_bulk_alloc(const omp_indirect_bulk *B, size_t N);
/// One transfer to / from the device (stops on failure).
void omp_indirect_bulk_to(const omp_indirect_bulk *B, void *Dev,
                          const void *Host, size_t N);
void omp_indirect_bulk_from(const omp_indirect_bulk *B, void *Host,
                            const void *Dev, size_t N);
/// Motion of pointee \p I, whole or in part.
int64_t omp_indirect_bulk_motion(const omp_indirect_bulk *B, int64_t I);
/// The value pointee \p I's slot must hold on the device (its host value
/// when the pointee is not on the device).
void *omp_indirect_bulk_devptr(const omp_indirect_bulk *B, int64_t I);
/// Copies the \p Dir-moving bytes of pointee \p I from the host into \p Img
/// (its image) when \p ToImage, else from \p Img to the host.
void omp_indirect_bulk_overlay(const omp_indirect_bulk *B, int64_t I,
                               char *Img, int64_t Dir, int ToImage);
/// The motion bits of all the construct's mapper entries.
int64_t omp_indirect_bulk_direction(const omp_indirect_bulk *B);

/// Entering constructs (BulkEnter.c).
void omp_indirect_bulk_prepare_enter(omp_indirect_bulk *B,
                                     omp_indirect_map_list *L);
void omp_indirect_bulk_finish_enter(omp_indirect_bulk *B,
                                    const omp_indirect_map_list *L);
/// After libomptarget's `update to`: device pointers in the items and the
/// per-item pointees it overwrote point at the device copies again.
void omp_indirect_bulk_repoint_updated(omp_indirect_bulk *B,
                                       const omp_indirect_map_list *L);

#endif /* OMP_INDIRECT_BULKINTERNAL_H */
