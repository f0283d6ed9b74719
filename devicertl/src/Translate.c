/*===- Translate.c - __kmpc_target_translate_fptr, the device lookup ------===*
 *
 * Device runtime of omp-indirect, built for every offload target (x86_64
 * host offload, nvptx64). The compiler routes every indirect call on the
 * device through __kmpc_target_translate_fptr; the host runtime uploads the
 * sorted table and points the two weak globals below at it before the first
 * kernel. Device code: no libc, only compiler builtins and <stdint.h>.
 *
 * USAGE: clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
 *              -Idevicertl/include -c devicertl/src/Translate.c
 *
 *===----------------------------------------------------------------------===*/
#include "FptrMap.h"

#pragma omp begin declare target device_type(nohost)

/// The uploaded table (device memory) and its number of rows. Weak: every
/// device module with indirect functions defines them too, so they exist
/// once per device image whichever objects are linked.
__attribute__((weak)) __omp_offloading_fptr_map_ty *__omp_offloading_fptr_map_p = 0;
__attribute__((weak)) uint64_t __omp_offloading_fptr_map_size = 0;

/// Returns the device address of the function whose host address is
/// \p FnPtr. Contract:
///  - a registered host address gives its device copy;
///  - NULL gives NULL;
///  - any other pointer (a device address, an unregistered function, or a
///    host address before the table is uploaded) is returned unchanged.
void *__kmpc_target_translate_fptr(void *FnPtr) {
  if (!FnPtr)
    return FnPtr;
  const __omp_offloading_fptr_map_ty *Map = __omp_offloading_fptr_map_p;
  uint64_t Key = (uint64_t)(uintptr_t)FnPtr;
  uint64_t Lo = 0, Hi = Map ? __omp_offloading_fptr_map_size : 0;
  /* Lower bound: the first row whose key is not below Key. */
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo) / 2;
    if ((uint64_t)Map[Mid].host_ptr < Key)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  if (Map && Lo < __omp_offloading_fptr_map_size &&
      (uint64_t)Map[Lo].host_ptr == Key)
    return (void *)(uintptr_t)Map[Lo].tgt_ptr;
  return FnPtr;
}

#pragma omp end declare target
