/*===- ImageRegistry.h - the images of the process that use omp-indirect ---===*
 *
 * Every image (the executable, each shared library) compiled with the plugin
 * registers one descriptor from a constructor, and unregisters it from a
 * destructor (dlclose, exit). The runtime keeps them in one registry per
 * process, with a generation number that changes on every registration, so
 * a device whose table was built for an older generation rebuilds it before
 * its next kernel (docs/runtime.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_IMAGEREGISTRY_H
#define OMP_INDIRECT_IMAGEREGISTRY_H

#include "OmpIndirectRT.h"

#include <stddef.h>
#include <stdint.h>

/// What the compiler emits once per image (llvm-pass/src/ImageRegistration.cpp;
/// docs/format.md). Every pointer is the image's own: the symbols are hidden.
typedef struct omp_indirect_image_desc {
  uint32_t version;                        ///< 3.
  uint32_t reserved;                       ///< 0.
  const omp_indirect_entry *entries_begin; ///< The image's FPTR tables,
  const omp_indirect_entry *entries_end;   ///< or both NULL when it has none.
  void **map_p; ///< Host shadow of the device global the lookup reads.
  const void *offload_begin; ///< The image's libomptarget entries, in
  const void *offload_end;   ///< clang's layout (OffloadEntries.h), or NULL.
} omp_indirect_image_desc;

/// The version of omp_indirect_image_desc this runtime reads.
#define OMP_INDIRECT_IMAGE_DESC_VERSION 3

/// \name Called by each image's constructor and destructor (the second
/// lives in ImageClose.c).
///{
void __omp_indirect_register_image(const omp_indirect_image_desc *Desc);
void __omp_indirect_unregister_image(const omp_indirect_image_desc *Desc);
///}

/// Removes \p Desc from the registry and copies its loaded segments to
/// \p Ranges (*\p NumRanges of them). Returns 0 when it was not registered.
/// Never calls libomptarget.
int omp_indirect_registry_remove(const omp_indirect_image_desc *Desc,
                                 uintptr_t Ranges[8][2], unsigned *NumRanges);

/// One {host, device} pair of an indirect function, as a table build reads
/// it (TableMerge.h). The registry's snapshot writes the host half of every
/// entry of every image into one buffer of pairs, with the entry's size and
/// name hash where the device address goes (omp_indirect_entry_fields);
/// the build then fills in the device addresses in place and merges the
/// pairs into rows over the same buffer: 65,536 entries touch 2 MiB once,
/// where a separate copy of the entries took 1.5 MiB more.
typedef struct omp_indirect_pair {
  uint64_t host; ///< Function address on the host.
  /// Before pairing: the entry's size (high 32 bits, 0 where it does not
  /// fit) and the hash of its name (low 32 bits); then the device address.
  uint64_t tgt;
  size_t image;     ///< Index into the images the pairs came from.
  const char *name; ///< Symbol name (the image's memory: for messages).
} omp_indirect_pair;

/// The size and name hash a snapshot keeps in an unpaired pair's tgt.
static inline uint64_t omp_indirect_entry_fields(uint64_t Size,
                                                 int32_t Reserved) {
  return (Size <= UINT32_MAX ? Size << 32 : 0) | (uint32_t)Reserved;
}

/// A copy of one registered image, taken under the registry lock, so that a
/// table can be built from it while another thread runs dlclose.
typedef struct omp_indirect_image {
  const omp_indirect_image_desc *desc; ///< Key; never dereferenced after copy.
  const char *name;                    ///< File name (shared with registry).
  void **map_p;                        ///< Host shadow (key for libomptarget).
  /// The image's FPTR entries as unpaired pairs, in the snapshot's one
  /// buffer (images[0].entries is its start; NULL once a build took it).
  omp_indirect_pair *entries;
  size_t num_entries;
  uintptr_t ranges[8][2];              ///< The image's loaded segments.
  unsigned num_ranges;
  unsigned code_ranges;                ///< Bit I: ranges[I] is code (PF_X).
} omp_indirect_image;

/// The current generation: 0 before any image registered.
uint64_t omp_indirect_registry_generation(void);

/// Copies the registry into *Images (malloc'd, *N of them), every image's
/// FPTR entries into one buffer of pairs (images[0].entries), and returns
/// the generation it reflects. Returns nonzero (after a message) when out of
/// memory.
int omp_indirect_registry_snapshot(omp_indirect_image **Images, size_t *N,
                                   uint64_t *Generation);

/// Frees a snapshot.
void omp_indirect_registry_free(omp_indirect_image *Images, size_t N);

/// True when \p Addr lies in one of \p Image's loaded segments.
int omp_indirect_image_owns(const omp_indirect_image *Image, uintptr_t Addr);

/// Test hook: the number of images registered now.
int omp_indirect_registered_images(void);

#endif /* OMP_INDIRECT_IMAGEREGISTRY_H */
