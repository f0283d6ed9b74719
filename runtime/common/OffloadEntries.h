/*===- OffloadEntries.h - clang's libomptarget entries, in either layout ---===*
 *
 * Clang registers every kernel and `declare target` global of an image with
 * libomptarget through an entry in one section, which the linker
 * concatenates per image. The layout changed in LLVM 20:
 *
 *  - LLVM 16 and 19, section omp_offloading_entries, 32 bytes:
 *    { void *addr; char *name; size_t size; int32_t flags; int32_t data; }
 *  - LLVM 20 on (22), section llvm_offload_entries, 56 bytes:
 *    { uint64_t reserved = 0; uint16_t version = 1; uint16_t kind;
 *      uint32_t flags; void *addr; char *name; uint64_t size; uint64_t data;
 *      void *aux; }  (kind 1: OpenMP)
 *
 * A reader tells them apart as libomptarget 22 does, from the table's first
 * entry: the new layout starts with eight zero bytes, where the old one has
 * the (never null) address. No release number is involved, so one runtime
 * reads either.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_OFFLOADENTRIES_H
#define OMP_INDIRECT_OFFLOADENTRIES_H

#include <stddef.h>
#include <stdint.h>

/// \name The entry section's name in each layout (for readers of files).
///{
#define OMP_INDIRECT_OFFLOAD_SECTION_LEGACY "omp_offloading_entries"
#define OMP_INDIRECT_OFFLOAD_SECTION "llvm_offload_entries"
///}

/// What the runtime reads of one entry, whatever its layout.
typedef struct omp_indirect_offload_entry {
  void *addr;       ///< Kernel id, global, or function.
  const char *name; ///< Symbol name.
  uint64_t size;    ///< 0 for kernels and indirect functions' ids.
  uint32_t flags;   ///< OMP_DECLARE_TARGET_FPTR (0x8) for indirect functions.
} omp_indirect_offload_entry;

/// A walk over one image's entry table [begin, end).
typedef struct omp_indirect_offload_walk {
  const unsigned char *next; ///< The next entry, or end when done.
  const unsigned char *end;
  size_t stride; ///< 32 or 56 bytes.
} omp_indirect_offload_walk;

/// Starts a walk over the entries in [\p Begin, \p End), in the layout the
/// first entry shows. NULL bounds, or an empty table, walk nothing.
void omp_indirect_offload_walk_begin(omp_indirect_offload_walk *W,
                                     const void *Begin, const void *End);

/// Reads the next OpenMP entry into *\p E and returns 1, or returns 0 at the
/// end of the table. Entries of other offload kinds (CUDA, HIP) are skipped;
/// a new-layout entry without its zero word and version 1 ends the walk (a
/// table we cannot read is not guessed at).
int omp_indirect_offload_walk_next(omp_indirect_offload_walk *W,
                                   omp_indirect_offload_entry *E);

#endif
