/*===- OmpIndirectRT.h - the omp-indirect host runtime --------------------===*
 *
 * Host side of `declare target ... indirect`, one shared library per process
 * (libomp-indirect-rt.so). Every image registers itself (ImageRegistry.h).
 * The compiler sends every kernel launch through __omp_indirect_target_kernel;
 * before the first launch on a device, and again after an image came or went,
 * the runtime pairs the host and device addresses of every indirect function
 * of every image on the device, sorts the pairs, and uploads one table that
 * every image's device code reads. Built on stock libomptarget 16's public
 * entry points only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_OMPINDIRECTRT_H
#define OMP_INDIRECT_OMPINDIRECTRT_H

#include "FptrFormat.h"
#include "FptrMap.h"

#include <stddef.h>
#include <stdint.h>

/// One entry of a libomptarget entry table (layout of LLVM 16).
typedef struct omp_indirect_entry {
  void *addr;       ///< Function or global address.
  char *name;       ///< Symbol name.
  size_t size;      ///< 0 for functions.
  int32_t flags;    ///< OMP_DECLARE_TARGET_FPTR for indirect functions.
  int32_t reserved; ///< FPTR entries: hash of the name.
} omp_indirect_entry;

/// The header of a unit's device FPTR table (docs/format.md, section 2),
/// followed by `count` 8-byte entries: omp_indirect_rel_entry where
/// `layout` is OMP_INDIRECT_FPTR_RELATIVE, device addresses where it is
/// OMP_INDIRECT_FPTR_ABSOLUTE.
typedef struct omp_indirect_device_table_header {
  uint32_t layout; ///< "FPR1" or "FPA1" as little-endian bytes.
  uint32_t count;  ///< Entries that follow.
  uint64_t digest; ///< omp_indirect_fptr_digest of the names' hashes.
} omp_indirect_device_table_header;

/// A relative device entry: no relocation in a linked image.
typedef struct omp_indirect_rel_entry {
  int32_t rel;   ///< The device copy's address minus this entry's.
  uint32_t hash; ///< Hash of the name, as in the host entry's `reserved`.
} omp_indirect_rel_entry;


/// \name Entry points called by compiled code.
///{
/// Replaces __tgt_target_kernel (same arguments and result): uploads the
/// table to the device on its first launch, then launches.
int __omp_indirect_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                                 int32_t ThreadLimit, void *HostPtr,
                                 void *Args);
///}

/// libomptarget 16's __tgt_kernel_arguments, up to the mappers.
typedef struct omp_indirect_kernel_args {
  int32_t Version;
  uint32_t NumArgs;
  void **ArgBasePtrs;
  void **ArgPtrs;
  int64_t *ArgSizes;
  int64_t *ArgTypes;
  void **ArgNames;
  void **ArgMappers;
} omp_indirect_kernel_args;

/// The signature of __tgt_target_kernel.
typedef int (*omp_indirect_launch_fn)(void *Loc, int64_t DeviceId,
                                      int32_t NumTeams, int32_t ThreadLimit,
                                      void *HostPtr, void *Args);

/// libomptarget's kernel launch, with the deep copy's pointees that its
/// entries name lent for it (Interpose.c, Presence.h).
int omp_indirect_launch_through_presence(void *Loc, int64_t DeviceId,
                                         int32_t NumTeams, int32_t ThreadLimit,
                                         void *HostPtr, void *Args);

/// Launches through \p Launch; when the kernel's map entries name mappers,
/// wraps the launch in a data region with the expanded list (mapper/Entry.c).
int omp_indirect_launch_with_mappers(void *Loc, int64_t DeviceId,
                                     int32_t NumTeams, int32_t ThreadLimit,
                                     void *HostPtr, void *Args,
                                     omp_indirect_launch_fn Launch);

/// \name Entry points for users and tests.
///{
/// Makes sure device \p DeviceId (-1: the default device) has the table.
/// Returns 0 on success or when there is nothing to do (the host device, a
/// program without indirect functions); nonzero after printing an error.
int omp_indirect_prepare_device(int64_t DeviceId);
/// How many times the table was uploaded to \p DeviceId: once, plus once per
/// change of the loaded images (dlopen, dlclose) followed by a launch.
int omp_indirect_upload_count(int64_t DeviceId);
/// Test hook: the minor page faults of the last table build and upload for
/// \p DeviceId (0 before any; -1 for a device number it does not know).
long omp_indirect_build_faults(int64_t DeviceId);
///}

/// Uploads \p Size rows of \p Table (sorted by host_ptr) to device
/// \p DeviceId and points the __omp_offloading_fptr_map_p/_size of every
/// registered image on that device at them. Returns 0 on success, nonzero
/// after printing an error.
int32_t __tgt_rtl_set_function_ptr_map(int32_t DeviceId, uint64_t Size,
                                       __omp_offloading_fptr_map_ty *Table);

/// \name Internal, shared between the runtime's files.
///{
struct omp_indirect_image;
/// The registered images as one device sees them.
typedef struct omp_indirect_device_view {
  struct omp_indirect_image *images; ///< Snapshot of the registry.
  size_t num_images;
  unsigned char *on_device; ///< Per image: loaded on this device.
  uint64_t generation;      ///< Registry generation of the snapshot.
  long snapshot_faults;     ///< Page faults of taking the snapshot.
} omp_indirect_device_view;
/// Minor page faults of the calling thread so far.
long omp_indirect_thread_faults(void);
/// Snapshots the registry, loads every image on \p DeviceId, and marks which
/// have a device image there. Returns nonzero after an error message.
int omp_indirect_view_device(int32_t DeviceId, omp_indirect_device_view *V);
void omp_indirect_view_free(omp_indirect_device_view *V);
/// What omp_indirect_build_table and omp_indirect_upload return, without a
/// message, when an image of the view was closed while they read it: the
/// caller takes a new view and builds again.
#define OMP_INDIRECT_RETRY 2
/// Builds the sorted, deduplicated table of every image in \p V on
/// \p DeviceId into *Out (malloc'd: the snapshot's buffer of entries, which
/// it takes from \p V; the rows at its start, for
/// omp_indirect_upload_in_place) and its length into *Size. Returns 0,
/// OMP_INDIRECT_RETRY, or 1 after an error message.
int omp_indirect_build_table(int DeviceId, omp_indirect_device_view *V,
                             __omp_offloading_fptr_map_ty **Out,
                             uint64_t *Size);
/// Called once per image by a constructor of each image whose device code
/// calls through pointers (the plugin says which): from then on a device
/// gets a table even when no image has an indirect function, an empty one
/// that still stops calls of host code on the host-offload device.
void __omp_indirect_image_calls_through_pointers(void);
/// Nonzero once an image said that (above).
int omp_indirect_pointer_calls(void);
/// Copies \p Table to the device and points every image of \p V on it at the
/// copy (an empty table: a block without rows when omp_indirect_pointer_calls,
/// else no block). Returns 0, OMP_INDIRECT_RETRY, or 1 after an error
/// message.
int omp_indirect_upload(int32_t DeviceId, const omp_indirect_device_view *V,
                        uint64_t Size, const __omp_offloading_fptr_map_ty *Table);
/// omp_indirect_upload for \p Size rows at the start of the malloc'd
/// *\p Buffer, which it turns into the table block in place
/// (omp_indirect_device_table_build_in; realloc'd to the room that needs,
/// *\p Buffer updated): the pages the rows and their pairs touched hold the
/// block. On success *\p Buffer holds the block's host copy, which the
/// caller keeps or frees (with no rows and no calls through pointers, no
/// block: the images' pointers are cleared, *\p Buffer freed and NULL).
/// Where the device's memory is this process's (the host-offload device)
/// and the block takes 64 KiB or more, the device reads the block where it
/// is, with no copy: *\p Shared is then 1, and the block must never be
/// freed (after an error *\p Buffer is NULL: images may point at it).
int omp_indirect_upload_in_place(int32_t DeviceId,
                                 const omp_indirect_device_view *V,
                                 uint64_t Size, void **Buffer, int *Shared);
/// The address on device \p DeviceId of the device copy of the global at
/// \p HostAddr, a host shadow registered with libomptarget, or NULL when
/// the device image lacks that global: libomptarget 16 then returns NULL,
/// libomptarget 19 maps the host address to itself (a device copy never
/// sits at its host shadow's address).
void *omp_indirect_device_global(const void *HostAddr, int DeviceId);
/// The number of devices the launch hook knows: 0 before its first launch
/// and from exit() on (an image closed then leaves nothing to drop).
int omp_indirect_prepared_devices(void);
/// True when a table was built for \p DeviceId (below
/// omp_indirect_prepared_devices()): libomptarget loaded the images there.
int omp_indirect_device_prepared(int DeviceId);
/// \name Map-time translation (MapTimeTranslation.c)
///{
/// Hands the host copy of device \p DeviceId's new table block (malloc'd;
/// ownership passes; NULL: no table) to map-time translation, which drops
/// the associations of functions the new table no longer maps the same way.
/// \p NumDevices sizes its state. \p Shared: the block is also the device's
/// (omp_indirect_upload_in_place), so it is never freed.
void omp_indirect_map_time_set_table(int DeviceId, int NumDevices,
                                     __omp_offloading_fptr_table_ty *Block,
                                     int Shared);
/// Before a kernel on \p DeviceId: every registered host function passed as
/// an implicitly captured pointer (a size-0, non-literal kernel argument) is
/// associated with its device copy in libomptarget's mapping table, so the
/// kernel receives the device address.
void omp_indirect_map_time_translate(int DeviceId,
                                     const omp_indirect_kernel_args *Args);
/// An image is being closed: drops the associations made on \p DeviceId for
/// functions in its \p NumRanges loaded segments \p Ranges, and makes none
/// for them until the next table.
void omp_indirect_map_time_forget(int DeviceId, const uintptr_t Ranges[][2],
                                  unsigned NumRanges);
///}
/// Prints one line for each loaded image, once, that has offload code but
/// was compiled without the plugin (ImageScan.c).
void omp_indirect_report_unregistered_images(void);
/// Prints "omp-indirect: device D: <message>" to stderr.
void omp_indirect_error(int DeviceId, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// True when OMP_INDIRECT_DEBUG is set to a non-zero value.
int omp_indirect_debug(void);
///}

#endif /* OMP_INDIRECT_OMPINDIRECTRT_H */
