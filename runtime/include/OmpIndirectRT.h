/*===- OmpIndirectRT.h - the omp-indirect host runtime --------------------===*
 *
 * Host side of `declare target ... indirect`. The compiler sends every kernel
 * launch through __omp_indirect_target_kernel; before the first launch on a
 * device, the runtime pairs the host and device addresses of every indirect
 * function of every image, sorts the pairs, and uploads them with
 * __tgt_rtl_set_function_ptr_map. Built on stock libomptarget 16's public
 * entry points only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_OMPINDIRECTRT_H
#define OMP_INDIRECT_OMPINDIRECTRT_H

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

/// \name Entry points called by compiled code.
///{
/// Replaces __tgt_target_kernel (same arguments and result): uploads the
/// table to the device on its first launch, then launches.
int __omp_indirect_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                                 int32_t ThreadLimit, void *HostPtr,
                                 void *Args);
///}

/// The signature of __tgt_target_kernel.
typedef int (*omp_indirect_launch_fn)(void *Loc, int64_t DeviceId,
                                      int32_t NumTeams, int32_t ThreadLimit,
                                      void *HostPtr, void *Args);

/// Launches through \p Launch; when the kernel's map entries name mappers,
/// wraps the launch in a data region with the expanded list (MapperEntry.c).
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
/// How many times the table was uploaded to \p DeviceId (0 or 1: more is a bug).
int omp_indirect_upload_count(int64_t DeviceId);
///}

/// Uploads \p Size rows of \p Table (sorted by host_ptr) to device
/// \p DeviceId and points the device's __omp_offloading_fptr_map_p/_size at
/// them. Returns 0 on success, nonzero after printing an error.
int32_t __tgt_rtl_set_function_ptr_map(int32_t DeviceId, uint64_t Size,
                                       __omp_offloading_fptr_map_ty *Table);

/// \name Internal, shared between the runtime's files.
///{
/// Builds the sorted, deduplicated table for \p DeviceId into *Out (malloc'd)
/// and its length into *Size. Returns 0, or nonzero after an error message.
int omp_indirect_build_table(int DeviceId, __omp_offloading_fptr_map_ty **Out,
                             uint64_t *Size);
/// Prints "omp-indirect: device D: <message>" to stderr.
void omp_indirect_error(int DeviceId, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// True when OMP_INDIRECT_DEBUG is set to a non-zero value.
int omp_indirect_debug(void);
///}

#endif /* OMP_INDIRECT_OMPINDIRECTRT_H */
