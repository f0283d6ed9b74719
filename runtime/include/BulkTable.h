/*===- BulkTable.h - pointees that the bulk deep copy owns ----------------===*
 *
 * The pointees that BulkCopy.c placed in its own device blocks, keyed by
 * device and host address, with their reference counts. libomptarget does
 * not know them: every entry point that can name one asks this table first
 * (Presence.c), and lends a pointee to libomptarget (an association) only
 * for the one forwarded call that needs libomptarget to find it.
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
  /* The range index (omp_indirect_owned_overlap): the host addresses of
     the pointees placed in the block, sorted on first use, and the host
     span they cover. Set by omp_indirect_block_add. */
  uintptr_t *Los;
  int64_t NLos;
  int Sorted;
  uintptr_t SpanLo, SpanHi;
  struct omp_indirect_block *Prev, *Next;
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

/// Makes \p Block live: the range index learns its pointees, whose host
/// addresses are \p Los (\p N of them, taken over; freed with the block),
/// covering the host span [\p SpanLo, \p SpanHi).
void omp_indirect_block_add(omp_indirect_block *Block, uintptr_t *Los,
                            int64_t N, uintptr_t SpanLo, uintptr_t SpanHi);

/// Calls \p Fn with each pointee on \p Device that overlaps [Lo, Hi) (a
/// point, when Hi == Lo) until it returns nonzero; returns that value, or 0.
int omp_indirect_owned_overlap(int Device, uintptr_t Lo, uintptr_t Hi,
                               int (*Fn)(omp_indirect_owned *E, void *Ctx),
                               void *Ctx);

/// The pointee on \p Device whose range holds \p P, or NULL.
omp_indirect_owned *omp_indirect_owned_containing(int Device, uintptr_t P);

/// Nonzero while any pointee is owned (a relaxed read: callers that act on
/// a nonzero answer take the lock and look again).
int omp_indirect_owned_any(void);

/// Lends the pointee \p E to libomptarget (an association, so that the one
/// forwarded call that names it finds it present) or counts one more
/// borrower; returns nonzero if libomptarget refused.
int omp_indirect_owned_lend(omp_indirect_owned *E);
/// Ends one loan of the pointee at \p Lo; the last one dissolves the
/// association, and frees the pointee if its count went to 0 meanwhile.
void omp_indirect_owned_unlend(int Device, uintptr_t Lo);

/// The pointee at \p Lo lost its last reference (its count is 0): it
/// leaves the table, and its block goes with its last pointee; while lent,
/// when the last loan ends. Nothing happens if it is not in the table.
void omp_indirect_owned_release(int Device, uintptr_t Lo);

/// Serialise users of the table (and of the blocks) across host threads.
/// The lock is recursive: a construct with mappers holds it around its
/// forwarded call, which takes it again to lend.
void omp_indirect_owned_lock(void);
void omp_indirect_owned_unlock(void);

#endif /* OMP_INDIRECT_BULKTABLE_H */
