/*===- Upload.c - __tgt_rtl_set_function_ptr_map on public libomptarget ---===*
 *
 * The design's plugin entry point, written against libomptarget's public
 * API so that it works with every stock plugin (host offload, CUDA): the
 * table goes to memory from omp_target_alloc, and the device's two weak
 * globals are written through their host shadows, which the compiler
 * registers with libomptarget as ordinary declare-target globals.
 *
 *===----------------------------------------------------------------------===*/
#include "OmpIndirectRT.h"

#include <omp.h>

/* Host shadows of the device globals, defined (weak) by the compiler in every
   host translation unit with indirect functions. */
extern void *__omp_offloading_fptr_map_p __attribute__((weak));
extern uint64_t __omp_offloading_fptr_map_size __attribute__((weak));

static int writeDeviceGlobal(int32_t DeviceId, void *Shadow, const void *Value,
                             const char *Name) {
  void *Dst = omp_get_mapped_ptr(Shadow, DeviceId);
  if (!Dst || omp_target_memcpy(Dst, Value, 8, 0, 0, DeviceId,
                                omp_get_initial_device())) {
    omp_indirect_error(DeviceId, "cannot write %s on the device", Name);
    return 1;
  }
  return 0;
}

int32_t __tgt_rtl_set_function_ptr_map(int32_t DeviceId, uint64_t Size,
                                       __omp_offloading_fptr_map_ty *Table) {
  if (!&__omp_offloading_fptr_map_p || !&__omp_offloading_fptr_map_size) {
    omp_indirect_error(DeviceId, "no translation unit defines %s; nothing to "
                                 "upload the FPTR table to",
                       "__omp_offloading_fptr_map_p");
    return 1;
  }
  void *Dev = NULL;
  size_t Bytes = Size * sizeof *Table;
  if (Size) {
    Dev = omp_target_alloc(Bytes, DeviceId);
    if (!Dev || omp_target_memcpy(Dev, Table, Bytes, 0, 0, DeviceId,
                                  omp_get_initial_device())) {
      omp_indirect_error(DeviceId, "cannot copy the FPTR table (%zu bytes) to "
                                   "the device",
                         Bytes);
      return 1;
    }
  }
  /* Size last is not enough for ordering: no kernel runs until we return. */
  if (writeDeviceGlobal(DeviceId, &__omp_offloading_fptr_map_p, &Dev,
                        "__omp_offloading_fptr_map_p") ||
      writeDeviceGlobal(DeviceId, &__omp_offloading_fptr_map_size, &Size,
                        "__omp_offloading_fptr_map_size"))
    return 1;
  return 0;
}
