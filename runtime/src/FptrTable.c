/*===- FptrTable.c - pair host and device addresses of indirect functions -===*
 *
 * Every host translation unit with indirect functions puts its FPTR entry
 * table in section omp_offloading_fptr_entries, and registers the table with
 * libomptarget as an ordinary global. The device image holds the same table
 * with device addresses. For a device, we read each table's device copy
 * back, check entry by entry that both sides name the same function, and
 * build the sorted {host, device} table.
 *
 *===----------------------------------------------------------------------===*/
#include "OmpIndirectRT.h"

#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Bounds of the section, provided by the linker; absent (NULL) when no
   translation unit has indirect functions. */
extern const omp_indirect_entry __start_omp_offloading_fptr_entries[]
    __attribute__((weak, visibility("hidden")));
extern const omp_indirect_entry __stop_omp_offloading_fptr_entries[]
    __attribute__((weak, visibility("hidden")));

/* libomptarget: with no arguments, it only initializes the device and loads
   the program's images onto it, which we need before reading their globals. */
void __tgt_target_data_begin_mapper(void *Loc, int64_t DeviceId, int32_t N,
                                    void **Bases, void **Ptrs, int64_t *Sizes,
                                    int64_t *Types, void **Names,
                                    void **Mappers);

void omp_indirect_error(int DeviceId, const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  fprintf(stderr, "omp-indirect: device %d: ", DeviceId);
  vfprintf(stderr, Fmt, Ap);
  fputc('\n', stderr);
  va_end(Ap);
}

int omp_indirect_debug(void) {
  const char *V = getenv("OMP_INDIRECT_DEBUG");
  return V && *V && *V != '0';
}

static int byHostAddress(const void *A, const void *B) {
  uint64_t X = (uint64_t)((const __omp_offloading_fptr_map_ty *)A)->host_ptr;
  uint64_t Y = (uint64_t)((const __omp_offloading_fptr_map_ty *)B)->host_ptr;
  return X < Y ? -1 : X > Y;
}

/* Reads the device copies of Host[0..N) into Dev, one run of contiguous
   entries (one translation unit's table) per copy. */
static int readDeviceEntries(int DeviceId, const omp_indirect_entry *Host,
                             size_t N, omp_indirect_entry *Dev) {
  size_t I = 0;
  while (I < N) {
    char *Begin = omp_get_mapped_ptr(&Host[I], DeviceId);
    if (!Begin) {
      omp_indirect_error(DeviceId,
                         "indirect function '%s' (host %p) has no FPTR table "
                         "on this device; compile every translation unit for "
                         "this offload target with the omp-indirect plugin",
                         Host[I].name, Host[I].addr);
      return 1;
    }
    size_t J = I + 1;
    while (J < N && (char *)omp_get_mapped_ptr(&Host[J], DeviceId) ==
                        Begin + (J - I) * sizeof(omp_indirect_entry))
      ++J;
    if (omp_target_memcpy(&Dev[I], Begin, (J - I) * sizeof(omp_indirect_entry),
                          0, 0, omp_get_initial_device(), DeviceId)) {
      omp_indirect_error(DeviceId, "cannot read the FPTR table holding '%s'",
                         Host[I].name);
      return 1;
    }
    I = J;
  }
  return 0;
}

/* Sorts Map by host address and drops repeated pairs (a function registered
   by several translation units). Returns the new length, or 0 and an error
   when one host function has two device addresses. */
static uint64_t sortAndMerge(int DeviceId, __omp_offloading_fptr_map_ty *Map,
                             uint64_t N, int *Failed) {
  qsort(Map, N, sizeof *Map, byHostAddress);
  uint64_t Out = 0;
  for (uint64_t I = 0; I < N; ++I) {
    if (Out && Map[Out - 1].host_ptr == Map[I].host_ptr) {
      if (Map[Out - 1].tgt_ptr != Map[I].tgt_ptr) {
        omp_indirect_error(DeviceId,
                           "host function %p has two device addresses, %p "
                           "and %p",
                           (void *)Map[I].host_ptr,
                           (void *)Map[Out - 1].tgt_ptr,
                           (void *)Map[I].tgt_ptr);
        *Failed = 1;
        return 0;
      }
      continue;
    }
    Map[Out++] = Map[I];
  }
  return Out;
}

int omp_indirect_build_table(int DeviceId, __omp_offloading_fptr_map_ty **Out,
                             uint64_t *Size) {
  const omp_indirect_entry *Host = __start_omp_offloading_fptr_entries;
  size_t N = Host ? (size_t)(__stop_omp_offloading_fptr_entries - Host) : 0;
  *Out = NULL;
  *Size = 0;
  if (!N)
    return 0;
  __tgt_target_data_begin_mapper(NULL, DeviceId, 0, NULL, NULL, NULL, NULL,
                                 NULL, NULL);
  omp_indirect_entry *Dev = malloc(N * sizeof *Dev);
  __omp_offloading_fptr_map_ty *Map = malloc(N * sizeof *Map);
  int Failed = !Dev || !Map;
  if (Failed)
    omp_indirect_error(DeviceId, "out of memory for %zu FPTR entries", N);
  if (!Failed)
    Failed = readDeviceEntries(DeviceId, Host, N, Dev);
  for (size_t I = 0; !Failed && I < N; ++I) {
    if (Dev[I].flags != OMP_DECLARE_TARGET_FPTR ||
        Dev[I].reserved != Host[I].reserved) {
      omp_indirect_error(DeviceId,
                         "FPTR entry %zu is '%s' on the host but another "
                         "function on the device; the host and device "
                         "compilations disagree",
                         I, Host[I].name);
      Failed = 1;
      break;
    }
    Map[I].host_ptr = (int64_t)(uintptr_t)Host[I].addr;
    Map[I].tgt_ptr = (int64_t)(uintptr_t)Dev[I].addr;
  }
  free(Dev);
  uint64_t Len = Failed ? 0 : sortAndMerge(DeviceId, Map, N, &Failed);
  if (Failed) {
    free(Map);
    return 1;
  }
  *Out = Map;
  *Size = Len;
  return 0;
}
