/*===- BulkTable.h - pointees that the bulk deep copy owns ----------------===*
 *
 * The pointees that BulkCopy.c placed in its own device blocks, keyed by
 * device and host address, with their reference counts. libomptarget knows
 * them only as associations (omp_target_associate_ptr: present, reference
 * count infinite), so the counting that OpenMP asks for happens here.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_BULKTABLE_H
#define OMP_INDIRECT_BULKTABLE_H

#include <stddef.h>
#include <stdint.h>

/// One device allocation holding the pointees of one construct.
typedef struct omp_indirect_block {
  char *Dev;    ///< omp_target_alloc'd.
  int Device;   ///< Its device.
  int64_t Live; ///< Pointees still in it; freed at 0.
  int64_t Mark; ///< Scratch for BulkCopy.c (-1 between uses).
} omp_indirect_block;

/// A pointee owned by the bulk path (32 bytes: the table of a million
/// pointees is walked by every construct that maps them).
typedef struct omp_indirect_owned {
  uintptr_t Lo;              ///< Host address (0: an empty slot).
  char *Dev;                 ///< Device address of Lo.
  omp_indirect_block *Block; ///< Holds Dev; knows the device.
  uint32_t Size;             ///< Bytes (larger pointees go per item).
  int32_t Refs;              ///< OpenMP's dynamic reference count.
} omp_indirect_owned;

/// The entry of \p Lo on \p Device, or NULL. Valid until the next insert or
/// remove.
omp_indirect_owned *omp_indirect_owned_find(int Device, uintptr_t Lo);

/// Starts loading the table slot where \p Lo would be: loops over many
/// pointees call it a few iterations ahead, hiding the cache misses of a
/// large table.
void omp_indirect_owned_prefetch(int Device, uintptr_t Lo);

/// A new zeroed entry for \p Lo in \p Block (Lo and Block set), or NULL when
/// out of memory. \p Lo must not be in the table for the block's device.
omp_indirect_owned *omp_indirect_owned_insert(omp_indirect_block *Block,
                                              uintptr_t Lo);

/// Makes room for \p More inserts at once (one rehash at most). Returns 0,
/// or nonzero when out of memory.
int omp_indirect_owned_reserve(size_t More);

/// Removes the entry of \p Lo on \p Device; 0 if there was none.
int omp_indirect_owned_remove(int Device, uintptr_t Lo);

/// Serialise users of the table (and of the blocks) across host threads.
void omp_indirect_owned_lock(void);
void omp_indirect_owned_unlock(void);

#endif /* OMP_INDIRECT_BULKTABLE_H */
