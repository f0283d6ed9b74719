/*===- HostCallStop.c - stop when device code calls host-only code --------===*
 *
 * See HostCallStop.h. The ranges come from the registry's snapshot, which
 * recorded each image's loaded segments and which of them are code when the
 * image registered (ImageRegistry.c). The stop runs on a device thread of
 * the host-offload device, in this process; it names the function with
 * dladdr, which sees dynamic symbols only (an executable's functions are
 * among them when it is linked with -rdynamic); otherwise it names the image
 * and the offset, which `addr2line -f -e IMAGE OFFSET` resolves.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "HostCallStop.h"
#include "ImageRegistry.h"
#include "LoadedObject.h"

#include <dlfcn.h>
#include <inttypes.h>
#include <link.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int byBegin(const void *A, const void *B) {
  uint64_t X = ((const omp_indirect_code_range *)A)->begin;
  uint64_t Y = ((const omp_indirect_code_range *)B)->begin;
  return (X > Y) - (X < Y);
}

/* Sorts R[0..N) and merges ranges that overlap or touch; returns how many
   are left. */
static size_t sortAndMerge(omp_indirect_code_range *R, size_t N) {
  qsort(R, N, sizeof *R, byBegin);
  size_t Out = 0;
  for (size_t I = 0; I < N; ++I) {
    if (Out && R[I].begin <= R[Out - 1].end) {
      if (R[I].end > R[Out - 1].end)
        R[Out - 1].end = R[I].end;
      continue;
    }
    R[Out++] = R[I];
  }
  return Out;
}

int omp_indirect_host_call_stop_options(int DeviceId,
                                        const omp_indirect_device_view *V,
                                        omp_indirect_table_options *Opts) {
  size_t Max = 0, N = 0;
  for (size_t I = 0; I < V->num_images; ++I)
    Max += (size_t)__builtin_popcount(V->images[I].code_ranges);
  omp_indirect_code_range *R = malloc((Max ? Max : 1) * sizeof *R);
  if (!R) {
    omp_indirect_error(DeviceId, "out of memory");
    return 1;
  }
  for (size_t I = 0; I < V->num_images; ++I) {
    const omp_indirect_image *Image = &V->images[I];
    for (unsigned J = 0; J < Image->num_ranges; ++J)
      if ((Image->code_ranges >> J & 1) && Image->ranges[J][0] &&
          Image->ranges[J][0] < Image->ranges[J][1])
        R[N++] = (omp_indirect_code_range){Image->ranges[J][0],
                                           Image->ranges[J][1]};
  }
  Opts->code_ranges = R;
  Opts->num_code_ranges = sortAndMerge(R, N);
  Opts->stop_fn = (uint64_t)(uintptr_t)&omp_indirect_stop_host_call;
  Opts->device_id = DeviceId;
  return 0;
}

/* Writes what is at Addr into Buf: "NAME in IMAGE", "NAME+0xD in IMAGE", or
   "offset 0xD in IMAGE" (D from the image's load bias, as in its file). */
static void describe(uint64_t Addr, char *Buf, size_t Len) {
  Dl_info Info;
  struct link_map *Map = NULL;
  if (!dladdr1((void *)(uintptr_t)Addr, &Info, (void **)&Map,
               RTLD_DL_LINKMAP) ||
      !Map) {
    snprintf(Buf, Len, "in no loaded image");
    return;
  }
  char Exe[4096];
  const char *Image = omp_indirect_object_name(Map->l_name, Exe, sizeof Exe);
  uint64_t Sym = (uint64_t)(uintptr_t)Info.dli_saddr;
  if (Info.dli_sname && Sym == Addr)
    snprintf(Buf, Len, "%s in %s", Info.dli_sname, Image);
  else if (Info.dli_sname && Sym < Addr)
    snprintf(Buf, Len, "%s+0x%" PRIx64 " in %s", Info.dli_sname, Addr - Sym,
             Image);
  else
    snprintf(Buf, Len, "offset 0x%" PRIx64 " in %s",
             Addr - (uint64_t)Map->l_addr, Image);
}

static atomic_flag Stopping = ATOMIC_FLAG_INIT;

void omp_indirect_stop_host_call(int32_t DeviceId, uint64_t Addr) {
  if (atomic_flag_test_and_set(&Stopping))
    for (;;) /* Another thread reports; its abort() ends this one too. */
      pause();
  char Where[4400];
  describe(Addr, Where, sizeof Where);
  omp_indirect_error(DeviceId,
                     "a target region called host address 0x%" PRIx64
                     " (%s): it is not declared indirect, so it has no device "
                     "copy; stopping",
                     Addr, Where);
  abort();
}
