/*===- Translate.c - __kmpc_target_translate_fptr, the device lookup ------===*
 *
 * Device runtime of omp-indirect, built for every offload target (x86_64
 * host offload, nvptx64). The compiler routes every indirect call on the
 * device through __kmpc_target_translate_fptr; the host runtime uploads the
 * table block (FptrMap.h, docs/format.md) and points the weak global below
 * at it before the first kernel. Device code: no libc, only compiler
 * builtins and <stdint.h>.
 *
 * The lookup, in order:
 *  1. NULL, no table, or a pointer outside [host_min, host_max] (a device
 *     address, any other pointer): returned as it is, after two compares.
 *  2. With hash slots: linear probing from the key's home slot, stopping at
 *     the key, at an empty slot, or after max_probe + 1 slots. The host
 *     builds the slots at most half full and picks a hash that spreads the
 *     functions' addresses well, so a lookup reads one or two slots on
 *     average however many functions there are.
 *  3. Without (num_slots 0, the documented fallback): a binary search of
 *     the sorted rows.
 * Every step is bounded by the header, so the lookup terminates for any
 * block, and reads only inside the block if the header is consistent.
 *
 * The compiler declares the lookup memory(none) (llvm-pass/src/
 * IndirectCalls.cpp); noinline keeps that promise true under LTO, where an
 * inlined copy would expose its loads of the table to the optimizer.
 *
 * USAGE: clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
 *              -Idevicertl/include -c devicertl/src/Translate.c
 *
 *===----------------------------------------------------------------------===*/
#include "FptrMap.h"

#pragma omp begin declare target device_type(nohost)

/// The uploaded table block (device memory), or NULL before the first
/// upload. Weak: every device module with indirect functions defines it too,
/// so it exists once per device image whichever objects are linked.
__attribute__((weak)) const __omp_offloading_fptr_table_ty
    *__omp_offloading_fptr_map_p = 0;

static const __omp_offloading_fptr_map_ty *
rowsAt(const __omp_offloading_fptr_table_ty *T, uint64_t Offset) {
  return (const __omp_offloading_fptr_map_ty *)((const char *)T + Offset);
}

/// Step 2: the slot holding Key, or NULL.
static const __omp_offloading_fptr_map_ty *
probe(const __omp_offloading_fptr_table_ty *T, uint64_t Key) {
  const __omp_offloading_fptr_map_ty *Slots = rowsAt(T, T->slots_offset);
  uint64_t Mask = T->num_slots - 1;
  uint64_t I = (Key * T->hash_mul) >> (T->hash_shift & 63);
  for (uint32_t Left = T->max_probe;; --Left, ++I) {
    const __omp_offloading_fptr_map_ty *S = &Slots[I & Mask];
    if ((uint64_t)S->host_ptr == Key)
      return S;
    if (!S->host_ptr || !Left)
      return 0;
  }
}

/// Step 3: the row holding Key, or NULL.
static const __omp_offloading_fptr_map_ty *
search(const __omp_offloading_fptr_table_ty *T, uint64_t Key) {
  return omp_indirect_find_row(rowsAt(T, T->rows_offset), T->num_rows, Key);
}

/// Returns the device address of the function whose host address is
/// \p FnPtr. Contract:
///  - a registered host address gives its device copy;
///  - NULL gives NULL;
///  - any other pointer (a device address, an unregistered function, or a
///    host address before the table is uploaded) is returned unchanged.
__attribute__((noinline)) void *__kmpc_target_translate_fptr(void *FnPtr) {
  const __omp_offloading_fptr_table_ty *T = __omp_offloading_fptr_map_p;
  uint64_t Key = (uint64_t)(uintptr_t)FnPtr;
  /* NULL is below host_min, which is never 0 (no row has key 0). */
  if (!T || Key < T->host_min || Key > T->host_max)
    return FnPtr;
  const __omp_offloading_fptr_map_ty *Row =
      T->num_slots ? probe(T, Key) : search(T, Key);
  return Row ? (void *)(uintptr_t)Row->tgt_ptr : FnPtr;
}

#pragma omp end declare target
