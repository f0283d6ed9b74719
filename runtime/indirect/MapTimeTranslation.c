/*===- MapTimeTranslation.c - function pointers that arrive translated ----===*
 *
 * OpenMP translates a pointer at map time where it treats it as a
 * zero-length array section: a pointer a target region uses without a
 * clause (clang passes it as a size-0 kernel argument, map type
 * TARGET_PARAM | IMPLICIT; clang-16 passes an explicit firstprivate pointer
 * the same way, TARGET_PARAM alone). libomptarget looks the pointer up in its
 * mapping table and passes the device address it finds, else the pointer
 * as it is. So once a host function is associated with its device copy in
 * that table (omp_target_associate_ptr, one byte at the host address), an
 * implicitly captured pointer to it reaches the kernel already translated,
 * and the call-time lookup returns at its range check.
 *
 * The association is made lazily, by the launch hook, for the functions
 * that kernel arguments actually carry: associating every registered
 * function at registration costs about 1.5 us each in libomptarget 16
 * (about 100 ms for 65,536 functions, twenty times the registration budget)
 * and would make every later lookup in its table slower. A function stays
 * associated until a new table (after dlopen/dlclose) maps it differently
 * or not at all.
 *
 * Pointers that arrive untranslated, and rely on the call-time lookup: a
 * pointer in map(to:) (its value is copied), a pointer stored in mapped
 * memory (a struct member, an array element), and any pointer computed on
 * the device. docs/runtime.md lists them.
 *
 *===----------------------------------------------------------------------===*/
#include "DeviceTable.h"
#include "MapTypes.h"
#include "OmpIndirectRT.h"

#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct device_rows {
  /* The host copy of the device's table block (DeviceTable.h), or NULL. */
  __omp_offloading_fptr_table_ty *block;
  /* The block is the device's too (the host-offload device reads it where
     it is): never freed, as no device copy is. */
  int shared;
  /* Its rows or hash slots (host_ptr 0: an empty slot), n of them. */
  const __omp_offloading_fptr_map_ty *rows;
  uint64_t n;
  unsigned char *state; /* Per row or slot: a row_state. */
  /* [lo, hi]: the rows' host addresses, read without the lock to pass over
     arguments that cannot be functions (most data pointers). */
  _Atomic uint64_t lo, hi;
} device_rows;

/* What libomptarget's mapping table holds for a row's host function. */
enum row_state {
  ROW_UNSEEN = 0,      /* Not looked at yet. */
  ROW_ASSOCIATED = 1,  /* We associated it, and drop it when it goes stale. */
  ROW_LIBOMPTARGET = 2 /* Mapped by libomptarget itself (LLVM 19, from
                          clang's own entries for `indirect` functions) or
                          by someone else, or in an image being closed:
                          never ours to change. */
};

static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static device_rows *_Atomic Devices; /* Set once; NumDevices before it. */
static int NumDevices;

void omp_indirect_map_time_set_table(int DeviceId, int Count,
                                     __omp_offloading_fptr_table_ty *Block,
                                     int Shared) {
  const __omp_offloading_fptr_map_ty *Rows =
      Block ? (const __omp_offloading_fptr_map_ty *)((const char *)Block +
                                                     Block->rows_offset)
            : NULL;
  uint64_t N = !Block            ? 0
               : Block->num_slots ? Block->num_slots + Block->max_probe + 1
                                  : Block->num_rows;
  unsigned char *State = N ? calloc(N, 1) : NULL;
  pthread_mutex_lock(&Lock);
  if (!atomic_load_explicit(&Devices, memory_order_relaxed) && Count > 0) {
    device_rows *All = calloc((size_t)Count, sizeof *All);
    NumDevices = All ? Count : 0;
    atomic_store_explicit(&Devices, All, memory_order_release);
  }
  if (DeviceId < 0 || DeviceId >= NumDevices || (N && !State)) {
    pthread_mutex_unlock(&Lock);
    /* Out of memory: pointers then rely on the call-time lookup. */
    if (!Shared)
      free(Block);
    free(State);
    return;
  }
  device_rows *D = &Devices[DeviceId];
  for (uint64_t I = 0; I < D->n; ++I) {
    if (D->state[I] != ROW_ASSOCIATED)
      continue;
    const __omp_offloading_fptr_map_ty *Old = &D->rows[I];
    const __omp_offloading_fptr_map_ty *New =
        Block ? omp_indirect_block_find(Block, Old->host_ptr) : NULL;
    if (New && New->tgt_ptr == Old->tgt_ptr)
      State[New - Rows] = ROW_ASSOCIATED; /* Still right: keep it. */
    else
      omp_target_disassociate_ptr((void *)(uintptr_t)Old->host_ptr, DeviceId);
  }
  if (!D->shared)
    free(D->block);
  free(D->state);
  D->block = Block;
  D->shared = Shared;
  D->rows = Rows;
  D->n = N;
  D->state = State;
  atomic_store_explicit(&D->lo, Block ? Block->host_min : UINT64_MAX,
                        memory_order_relaxed);
  atomic_store_explicit(&D->hi, Block ? Block->host_max : 0,
                        memory_order_relaxed);
  pthread_mutex_unlock(&Lock);
}

/* True for a kernel argument that libomptarget translates at map time and
   whose value may be one of D's functions. A stale range read without the
   lock only lets an argument through to the exact check under it, or
   passes over one whose function a launch after the table change will
   associate. */
static int candidate(const omp_indirect_kernel_args *A, uint32_t I,
                     device_rows *D) {
  uint64_t P = (uint64_t)(uintptr_t)A->ArgPtrs[I];
  return A->ArgSizes[I] == 0 &&
         (A->ArgTypes[I] & OMP_INDIRECT_MAP_TARGET_PARAM) &&
         !(A->ArgTypes[I] & OMP_INDIRECT_MAP_LITERAL) &&
         P >= atomic_load_explicit(&D->lo, memory_order_relaxed) &&
         P <= atomic_load_explicit(&D->hi, memory_order_relaxed);
}

void omp_indirect_map_time_translate(int DeviceId,
                                     const omp_indirect_kernel_args *Args) {
  device_rows *All = atomic_load_explicit(&Devices, memory_order_acquire);
  if (!All || DeviceId < 0 || DeviceId >= NumDevices)
    return; /* No table was ever built: nothing to associate. */
  device_rows *D = &All[DeviceId];
  uint32_t I = 0;
  while (I < Args->NumArgs && !candidate(Args, I, D))
    ++I;
  if (I == Args->NumArgs)
    return; /* The common case: no candidate, no lock. */
  pthread_mutex_lock(&Lock);
  for (; I < Args->NumArgs; ++I) {
    if (!candidate(Args, I, D))
      continue;
    const __omp_offloading_fptr_map_ty *R =
        D->block ? omp_indirect_block_find(
                       D->block, (uint64_t)(uintptr_t)Args->ArgPtrs[I])
                 : NULL;
    unsigned char *State = R ? &D->state[R - D->rows] : NULL;
    if (!State || *State != ROW_UNSEEN)
      continue;
    /* Already in libomptarget's table (libomptarget 19 maps every function
       clang-19 gave an entry, 8 bytes from its host address, and would call
       a 1-byte association of the same address an error): leave it as it
       is. Where that mapping is not the device copy, the call-time lookup,
       which is always right, still translates the pointer. */
    void *HostFn = (void *)(uintptr_t)R->host_ptr;
    if (omp_get_mapped_ptr(HostFn, DeviceId)) {
      *State = ROW_LIBOMPTARGET;
      continue;
    }
    /* A failure leaves the pointer to the call-time lookup too. */
    *State = omp_target_associate_ptr(HostFn, (void *)(uintptr_t)R->tgt_ptr, 1,
                                      0, DeviceId)
                 ? ROW_LIBOMPTARGET
                 : ROW_ASSOCIATED;
  }
  pthread_mutex_unlock(&Lock);
}

void omp_indirect_map_time_forget(int DeviceId, const uintptr_t Ranges[][2],
                                  unsigned NumRanges) {
  device_rows *All = atomic_load_explicit(&Devices, memory_order_acquire);
  if (!All || DeviceId < 0 || DeviceId >= NumDevices)
    return;
  device_rows *D = &All[DeviceId];
  pthread_mutex_lock(&Lock);
  for (unsigned R = 0; R < NumRanges; ++R)
    for (uint64_t I = 0; I < D->n; ++I) {
      uintptr_t Host = (uintptr_t)D->rows[I].host_ptr;
      if (Host < Ranges[R][0] || Host >= Ranges[R][1])
        continue;
      if (D->state[I] == ROW_ASSOCIATED)
        omp_target_disassociate_ptr((void *)Host, DeviceId);
      /* The image is gone: its rows wait for the next table untouched. */
      D->state[I] = ROW_LIBOMPTARGET;
    }
  pthread_mutex_unlock(&Lock);
}
