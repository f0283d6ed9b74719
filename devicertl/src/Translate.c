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
 *  2. Linear probing from the key's home slot, stopping at the key, at an
 *     empty slot, or after max_probe + 1 slots. The host builds the slots
 *     at most half full and picks a hash that spreads the functions'
 *     addresses well, so a lookup reads one or two slots on average however
 *     many functions there are. The slots do not wrap: the block holds
 *     max_probe + 1 slots past the last home slot, so the probe only adds
 *     one to its index, and a block without slots has one empty slot there,
 *     so no test for it comes before the probe.
 *  3. After a miss, only in a block without slots (num_rows not 0, the
 *     documented fallback): a binary search of the sorted rows.
 *  4. A miss returns the pointer as it is, except on the host-offload
 *     device (x86_64), where device code runs in the host process and a
 *     host address would run the host copy of a function that has no
 *     device copy: there a miss inside the header's host code ranges
 *     returns one of the stop stubs below instead (docs/format.md).
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
/// Protected, as the compiler's copies (docs/format.md, section 3): read
/// without going through the global offset table.
__attribute__((weak, visibility("protected"))) const
    __omp_offloading_fptr_table_ty *__omp_offloading_fptr_map_p = 0;

/// The link hint: every device module whose calls the compiler routes
/// through the lookup also refers to this symbol (llvm-pass/src/
/// IndirectCalls.cpp), so a program linked with the plugin but without
/// this runtime fails with a line whose undefined name says what to add.
/// On x86_64 the name may hold spaces; PTX names may not.
#if defined(__NVPTX__)
__attribute__((used)) const char
    omp_indirect_link_hint __asm__(OMP_INDIRECT_LINK_HINT_NVPTX) = 0;
#else
__attribute__((used)) const char
    omp_indirect_link_hint __asm__(OMP_INDIRECT_LINK_HINT) = 0;
#endif

static const __omp_offloading_fptr_map_ty *
rowsAt(const __omp_offloading_fptr_table_ty *T, uint64_t Offset) {
  return (const __omp_offloading_fptr_map_ty *)((const char *)T + Offset);
}

/// Step 2 past the home slot \p S, which does not hold Key: the slot
/// holding Key, or NULL.
static const __omp_offloading_fptr_map_ty *
probeOn(const __omp_offloading_fptr_table_ty *T,
        const __omp_offloading_fptr_map_ty *S, uint64_t Key) {
  for (const __omp_offloading_fptr_map_ty *Last = S + T->max_probe;
       S->host_ptr && S != Last;) {
    ++S;
    if ((uint64_t)S->host_ptr == Key)
      return S;
  }
  return 0;
}

/// Step 3: the row holding Key, or NULL.
static const __omp_offloading_fptr_map_ty *
search(const __omp_offloading_fptr_table_ty *T, uint64_t Key) {
  return omp_indirect_find_row(rowsAt(T, T->rows_offset), T->num_rows, Key);
}

#if defined(__x86_64__) && !defined(__NVPTX__) && !defined(__AMDGPU__)
/* Step 4 on the host-offload device: the loud stop. The compiler declares
   the lookup memory(none) and hoists it out of loops, so it runs for calls
   that never happen (`for (...) if (never) f();`) and must not stop the
   program itself. A miss in host code records the address and returns a
   stub; only a call of the stub stops, through the host runtime's stop
   function, whose host address the header carries (this process is the
   host's). Several stubs, chosen by a hash of the address, let translations
   hoisted side by side each keep their own address; two addresses that
   share a stub, or two threads missing at once, may report the one missed
   last. */
#define NUM_STOP_STUBS 8

/// Missed[I]: the host address stub I reports.
static uint64_t Missed[NUM_STOP_STUBS];

__attribute__((noinline, noreturn, cold)) static void stopAt(unsigned I) {
  const __omp_offloading_fptr_table_ty *T = __omp_offloading_fptr_map_p;
  uint64_t Addr = __atomic_load_n(&Missed[I], __ATOMIC_RELAXED);
  if (T && T->stop_fn)
    ((omp_indirect_stop_fn)(uintptr_t)T->stop_fn)(T->device_id, Addr);
  __builtin_trap();
}

#define STOP_STUB(I)                                                          \
  __attribute__((noinline, cold)) static void stopStub##I(void) { stopAt(I); }
STOP_STUB(0)
STOP_STUB(1)
STOP_STUB(2)
STOP_STUB(3)
STOP_STUB(4)
STOP_STUB(5)
STOP_STUB(6)
STOP_STUB(7)
#undef STOP_STUB

static void (*const StopStubs[NUM_STOP_STUBS])(void) = {
    stopStub0, stopStub1, stopStub2, stopStub3,
    stopStub4, stopStub5, stopStub6, stopStub7};

/// Key, a miss inside [code_begin, code_end): a stub when a code range holds
/// it (binary search), else FnPtr.
__attribute__((noinline, cold)) static void *
missInCode(const __omp_offloading_fptr_table_ty *T, uint64_t Key, void *FnPtr) {
  const omp_indirect_code_range *R =
      (const omp_indirect_code_range *)((const char *)T +
                                        T->code_ranges_offset);
  uint64_t Lo = 0, Hi = T->num_code_ranges;
  /* Lo: the number of ranges that begin at or below Key. */
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo) / 2;
    if (R[Mid].begin <= Key)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  if (!Lo || Key >= R[Lo - 1].end)
    return FnPtr;
  unsigned I = (unsigned)((Key * 0x9e3779b97f4a7c15ULL) >> 61);
  __atomic_store_n(&Missed[I], Key, __ATOMIC_RELAXED);
  return (void *)(uintptr_t)StopStubs[I];
}

/// A pointer the table does not hold. Only one that may be host code, by
/// the header's two bounds, goes further. NULL is below code_begin, which
/// is never 0 when there are ranges.
static inline void *missed(const __omp_offloading_fptr_table_ty *T,
                           void *FnPtr) {
  uint64_t Key = (uint64_t)(uintptr_t)FnPtr;
  if (Key < T->code_begin || Key >= T->code_end)
    return FnPtr;
  return missInCode(T, Key, FnPtr);
}
#else
/* A GPU: a miss is returned as it is (a call of a host address faults). */
static inline void *missed(const __omp_offloading_fptr_table_ty *T,
                           void *FnPtr) {
  (void)T;
  return FnPtr;
}
#endif

/// Returns the device address of the function whose host address is
/// \p FnPtr. Contract:
///  - a registered host address gives its device copy;
///  - NULL gives NULL;
///  - on the host-offload device, any other address in the host code ranges
///    of the table (a host function that is not indirect) gives a stub that
///    stops the program when called; the lookup itself never stops;
///  - any other pointer (a device address, data, a function of an image not
///    registered, or a host address before the table is uploaded) is
///    returned unchanged.
__attribute__((noinline)) void *__kmpc_target_translate_fptr(void *FnPtr) {
  const __omp_offloading_fptr_table_ty *T = __omp_offloading_fptr_map_p;
  uint64_t Key = (uint64_t)(uintptr_t)FnPtr;
  if (!T)
    return FnPtr;
  /* NULL is below host_min, which is never 0 (no row has key 0). */
  if (Key < T->host_min || Key > T->host_max)
    return missed(T, FnPtr);
  /* Step 2: the key's home slot (the slots start right after the header,
     OMP_INDIRECT_SLOTS_OFFSET, which saves reading slots_offset), then
     the slots after it. */
  const __omp_offloading_fptr_map_ty *Row =
      rowsAt(T, OMP_INDIRECT_SLOTS_OFFSET) +
      ((Key * T->hash_mul) >> (T->hash_shift & 63));
  if ((uint64_t)Row->host_ptr == Key)
    return (void *)(uintptr_t)Row->tgt_ptr;
  Row = probeOn(T, Row, Key);
  if (!Row && T->num_rows)
    Row = search(T, Key);
  return Row ? (void *)(uintptr_t)Row->tgt_ptr : missed(T, FnPtr);
}

#pragma omp end declare target
