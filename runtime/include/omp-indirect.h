/*===- omp-indirect.h - what a program may call in the omp-indirect runtime -===*
 *
 * The installed header. Programs need it only to prepare a device ahead of
 * its first kernel launch, or to check that the function-pointer table
 * reached a device. Both are defined by the host runtime,
 * libomp-indirect-rt.so, which the wrapper, `pkg-config --libs omp-indirect`
 * and OmpIndirect::OmpIndirect link.
 *
 * USAGE: #include <omp-indirect.h>   (with pkg-config --cflags omp-indirect)
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_H
#define OMP_INDIRECT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Uploads the indirect-function table to device \p DeviceId (-1: the default
/// device) now rather than at its first kernel launch. Returns 0 on success
/// or when there is nothing to do (the host device, a program without
/// indirect functions); nonzero after printing an `omp-indirect:` error.
int omp_indirect_prepare_device(int64_t DeviceId);

/// How many times the table was uploaded to \p DeviceId: 0 before the first
/// kernel launch on it (or without indirect functions), then 1, plus one per
/// change of the loaded images (dlopen, dlclose) followed by a launch.
int omp_indirect_upload_count(int64_t DeviceId);

#ifdef __cplusplus
}
#endif

#endif /* OMP_INDIRECT_H */
