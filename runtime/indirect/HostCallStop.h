/*===- HostCallStop.h - stop when device code calls host-only code --------===*
 *
 * On the host-offload device, device code runs in the host process, so a
 * call through the host address of a function that is not indirect would
 * run the function's host copy. The table block therefore carries the code
 * ranges of every registered image, the device number and the host address
 * of the stop function below; the device lookup answers a miss inside those
 * ranges with a stub that calls it (devicertl/src/Translate.c; docs/format.md,
 * section 3). Other devices ignore these fields.
 *
 * USAGE: omp_indirect_table_options Opts = {...};
 *        omp_indirect_host_call_stop_options(D, &View, &Opts);
 *        ...build the block...; free((void *)Opts.code_ranges);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_HOSTCALLSTOP_H
#define OMP_INDIRECT_HOSTCALLSTOP_H

#include "DeviceTable.h"
#include "OmpIndirectRT.h"

#include <stddef.h>
#include <stdint.h>

/// Fills the stop's fields of \p Opts for device \p DeviceId: the code
/// segments (PF_X) of every image in \p V, sorted and merged, in a malloc'd
/// array (the caller frees Opts->code_ranges), the device number and the
/// stop function. Returns nonzero, after a message, when out of memory.
int omp_indirect_host_call_stop_options(int DeviceId,
                                        const omp_indirect_device_view *V,
                                        omp_indirect_table_options *Opts);

/// The stop function (an omp_indirect_stop_fn), called by device code on
/// \p DeviceId in place of host address \p Addr: prints one line naming the
/// device, the target region (function and line), the function at \p Addr
/// (demangled; else the image and the offset) and why the device cannot
/// call it (not declare target, or declare target but not indirect), then
/// aborts. A second thread that gets here meanwhile waits for the first to
/// end the process.
__attribute__((noreturn)) void omp_indirect_stop_host_call(int32_t DeviceId,
                                                           uint64_t Addr);

/// Records \p HostPtr, the kernel id of a launch, as the region the calling
/// thread runs (the stop names it). Called by every launch.
void omp_indirect_note_region(const void *HostPtr);

/// Writes "the target region in FUNCTION at line N" for the kernel entry
/// name \p Kernel (`__omp_offloading_<dev>_<file>_<function>_l<line>`,
/// FUNCTION demangled) to \p Buf, or "the target region KERNEL" for a name
/// of another shape.
void omp_indirect_region_name(const char *Kernel, char *Buf, size_t Len);

#endif /* OMP_INDIRECT_HOSTCALLSTOP_H */
