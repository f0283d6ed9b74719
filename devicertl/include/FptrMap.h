/*===- FptrMap.h - the host-to-device function pointer table --------------===*
 *
 * The table the host runtime uploads and the device runtime searches: one
 * pair per indirect function, sorted by host address (as unsigned), no two
 * pairs with the same host address. Shared by devicertl/ and runtime/.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_FPTRMAP_H
#define OMP_INDIRECT_FPTRMAP_H

#include <stdint.h>

/// One row of the table: a host function address and its device copy.
typedef struct __omp_offloading_fptr_map_ty {
  int64_t host_ptr; ///< Key: address of the host version.
  int64_t tgt_ptr;  ///< Value: address of the device version.
} __omp_offloading_fptr_map_ty;

/// `flags` of an FPTR entry in a __tgt_offload_entry table.
#define OMP_DECLARE_TARGET_FPTR 0x8

#endif /* OMP_INDIRECT_FPTRMAP_H */
