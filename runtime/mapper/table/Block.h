/*===- table/Block.h - a device block of owned pointees --------------------===*
 *
 * What the table of owned pointees (Table.h) and its page index
 * (PageIndex.h) both know of a block: the entries of its pointees, the
 * block itself, and the page size the index counts in.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_BLOCK_H
#define OMP_INDIRECT_BLOCK_H

#include <stdint.h>

/// A pointee owned by the bulk path, 24 bytes (a block may hold millions).
/// Entries live in their block's array, sorted by host address: a
/// construct's pointees are found in the order it placed them, one cache
/// line after another.
typedef struct omp_indirect_owned {
  uintptr_t Lo;   ///< Host address.
  uint64_t Where; ///< Its block's id (the low OMP_INDIRECT_BLOCK_ID_BITS)
                  ///< and its device copy's offset in the block (above).
  uint32_t Size;  ///< Bytes (larger pointees go per item).
  int32_t Refs;   ///< OpenMP's dynamic reference count; -1: left the table.
} omp_indirect_owned;

/// Live blocks at once, and bytes in one block (offsets take the rest of
/// omp_indirect_owned::Where).
#define OMP_INDIRECT_BLOCK_ID_BITS 24
#define OMP_INDIRECT_BLOCK_MAX_BYTES ((uint64_t)1 << (64 - OMP_INDIRECT_BLOCK_ID_BITS))

/// One device allocation holding the pointees of one construct.
typedef struct omp_indirect_block {
  char *Dev;    ///< omp_target_alloc'd.
  int Device;   ///< Its device.
  int64_t Live; ///< Pointees still in the table, and pins; freed at 0.
  int64_t Mark; ///< Scratch for Transfer.c (-1 between uses).
  omp_indirect_owned *E; ///< Its pointees, sorted by Lo once added.
  int64_t N;
  uintptr_t SpanLo, SpanHi; ///< The host span its pointees cover.
  int Big;      ///< Holds a pointee too large for the page index.
  int Unsorted; ///< Pushed out of address order (sorted when added).
  int Dense;    ///< The page index names every page of the span.
  int Found;    ///< A lookup found one of its pointees (omp_indirect_claim).
  /// Its entries are not written yet: they come from these records, one
  /// each, every one new with one reference, at the offsets their sizes
  /// give in this order (a kernel's entry; MapList.h). The first lookup
  /// that visits the block writes them (and sorts them if Unsorted); they
  /// are never written if the kernel's exit takes the block whole. Only a
  /// dense block, whose pages the page index names without its entries.
  const struct omp_indirect_pointee *Lazy;
  uint32_t Id;  ///< Its index in omp_indirect_block_ids.
  uint64_t Birth; ///< Blocks made before it, in the process.
  struct omp_indirect_block *Prev, *Next, *BigPrev, *BigNext;
} omp_indirect_block;

/// The page index's pages; pointees larger than BIG_PAGES of them stay out
/// of it.
#define OMP_INDIRECT_PAGE_SHIFT 12
#define OMP_INDIRECT_BIG_PAGES 64

/// Whether the pointee [\p Lo, \p Lo + \p Size) is too large for the page
/// index (its block goes on the list of big ones).
static inline int omp_indirect_pages_big(uintptr_t Lo, uint32_t Size) {
  return ((Lo + Size - 1) >> OMP_INDIRECT_PAGE_SHIFT) -
             (Lo >> OMP_INDIRECT_PAGE_SHIFT) >=
         OMP_INDIRECT_BIG_PAGES;
}

#endif /* OMP_INDIRECT_BLOCK_H */
