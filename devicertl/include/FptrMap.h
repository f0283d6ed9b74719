/*===- FptrMap.h - the host-to-device function pointer table --------------===*
 *
 * The table the host runtime uploads and the device runtime searches, as
 * one self-describing block of device memory (docs/format.md, section 3):
 *
 *   header | slots: open-addressing hash            | host code ranges
 *   header | one empty slot | rows: sorted {host, device} pairs | ranges
 *
 * (the second form only where the builder leaves the hash out: the device
 * reads the rows only then). The slots start right after the header.
 *
 * The header gives the offsets of the other parts from its own start,
 * so the block can be copied to any address as it is. The device global
 * __omp_offloading_fptr_map_p points at the header; replacing the table is
 * one 8-byte write of that pointer. Shared by devicertl/ and runtime/.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_FPTRMAP_H
#define OMP_INDIRECT_FPTRMAP_H

#include <stdint.h>

/// One row of the table: a host function address and its device copy.
/// Rows are sorted by host_ptr as unsigned; no two share a host_ptr, and
/// none has host_ptr 0. A hash slot is a row too; host_ptr 0 marks it empty.
typedef struct __omp_offloading_fptr_map_ty {
  int64_t host_ptr; ///< Key: address of the host version.
  int64_t tgt_ptr;  ///< Value: address of the device version.
} __omp_offloading_fptr_map_ty;

/// One range [begin, end) of host code: an executable segment of an image
/// registered with the host runtime. Ranges are sorted and disjoint.
typedef struct omp_indirect_code_range {
  uint64_t begin;
  uint64_t end;
} omp_indirect_code_range;

/// The host runtime's stop function, whose host address the header carries:
/// prints that device code on \p DeviceId called host address \p Addr, a
/// function without a device copy, and ends the process. Never returns.
typedef void (*omp_indirect_stop_fn)(int32_t DeviceId, uint64_t Addr);

/// \name The link hint's symbol (Translate.c), which every device module
/// the pass routes calls through the lookup refers to (kept equal to
/// LinkHintName and LinkHintNameNVPTX in llvm-pass/include/OmpIndirect.h):
/// a link without this runtime names it as undefined.
///{
#define OMP_INDIRECT_LINK_HINT                                                 \
  "omp-indirect: link with -lomp-indirect-device -lomp-indirect-rt "         \
  "(omp-indirect-clang adds them)"
#define OMP_INDIRECT_LINK_HINT_NVPTX                                           \
  "omp_indirect_link_with_lomp_indirect_device_and_lomp_indirect_rt"
///}

/// "OMPIFT02" read as a little-endian integer: the format of the block
/// (01 had slots that wrapped, placed after the code ranges).
#define OMP_INDIRECT_TABLE_MAGIC 0x3230544649504d4fULL

/// Header of the block. All fields are 8-byte aligned; offsets are in bytes
/// from the start of the header. The fields from code_begin on sat unused
/// (zero) in earlier blocks, and zero still means "none".
typedef struct __omp_offloading_fptr_table_ty {
  uint64_t magic;        ///< OMP_INDIRECT_TABLE_MAGIC.
  uint64_t total_bytes;  ///< Size of the whole block.
  uint64_t num_rows;     ///< Rows, sorted by host_ptr (0 with slots).
  uint64_t rows_offset;  ///< Where the rows start.
  uint64_t host_min;     ///< Smallest host_ptr (UINT64_MAX with no rows).
  uint64_t host_max;     ///< Largest host_ptr (0 with no rows).
  /// Home slots: 0 (binary search) or 2^k, k >= 1. The slots do not wrap:
  /// num_slots + max_probe + 1 of them, the last one empty (with no hash,
  /// one empty slot).
  uint64_t num_slots;
  uint64_t slots_offset; ///< Where the slots start: always 128.
  uint64_t hash_mul;     ///< A key's home slot: (key * hash_mul) >> hash_shift
                         ///< (with no hash: 0 and 0, slot 0).
  uint32_t hash_shift;   ///< 64 - k.
  uint32_t max_probe;    ///< Longest distance from a key's home to its slot.
  /// \name The stop on the host-offload device (read by its lookup only).
  ///{
  uint64_t code_begin;         ///< Lowest host code address (0: no ranges).
  uint64_t code_end;           ///< End of the highest code range (0: none).
  uint64_t num_code_ranges;    ///< omp_indirect_code_range items.
  uint64_t code_ranges_offset; ///< Where they start.
  uint64_t stop_fn;            ///< omp_indirect_stop_fn's host address, or 0.
  int32_t device_id;           ///< The device the block was built for.
  uint32_t reserved;           ///< 0.
  ///}
} __omp_offloading_fptr_table_ty;

/// Where the slots start: right after the header, in every block (a block
/// without hash slots has one empty slot there). The lookup relies on it;
/// slots_offset says the same.
#define OMP_INDIRECT_SLOTS_OFFSET 128

_Static_assert(sizeof(__omp_offloading_fptr_table_ty) ==
                   OMP_INDIRECT_SLOTS_OFFSET,
               "the slots start at offset 128 (docs/format.md, section 3)");

/// The row of the sorted \p Rows[0..N) whose host_ptr is \p Key, or NULL:
/// the binary search, shared by the device lookup's fallback and the host
/// runtime. No libc.
static inline const __omp_offloading_fptr_map_ty *
omp_indirect_find_row(const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
                      uint64_t Key) {
  uint64_t Lo = 0, Hi = N;
  /* Lower bound: the first row whose key is not below Key. */
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo) / 2;
    if ((uint64_t)Rows[Mid].host_ptr < Key)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return Lo < N && (uint64_t)Rows[Lo].host_ptr == Key ? &Rows[Lo] : 0;
}

/// `flags` of an FPTR entry in a __tgt_offload_entry table.
#define OMP_DECLARE_TARGET_FPTR 0x8

#endif /* OMP_INDIRECT_FPTRMAP_H */
