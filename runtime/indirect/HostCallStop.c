/*===- HostCallStop.c - stop when device code calls host-only code --------===*
 *
 * See HostCallStop.h. The ranges come from the registry's snapshot, which
 * recorded each image's loaded segments and which of them are code when the
 * image registered (ImageRegistry.c). The stop runs on a device thread of
 * the host-offload device, in this process, and names names:
 *
 *  - the function: the symbol of the image's file (.symtab, which holds an
 *    executable's functions and static ones; .dynsym after `strip`) whose
 *    bytes hold the address, demangled; without one, the image and the
 *    offset, which `addr2line -f -e IMAGE OFFSET` resolves;
 *  - the case: a function that the host-offload device images define has
 *    a device copy (it is `declare target` but not `indirect`, so no table
 *    holds it); one they do not define has none: it is not `declare
 *    target`, or clang did not emit it for the device (a static function
 *    no device code names);
 *  - the region: each launch records its kernel's host id for its thread
 *    (and for the process, for threads a region's `parallel` starts); the
 *    image's libomptarget entries name the kernel
 *    `__omp_offloading_<device>_<file>_<function>_l<line>`, which gives the
 *    function and the line.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "HostCallStop.h"
#include "ElfSymbols.h"
#include "ImageRegistry.h"
#include "LoadedObject.h"
#include "OffloadEntries.h"

#include <ctype.h>
#include <dlfcn.h>
#include <elf.h>
#include <inttypes.h>
#include <link.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The kernel id of the region this thread launched last, and of the one
   any thread launched last (for the threads of a region's `parallel`). */
static _Thread_local const void *ThreadRegion;
static _Atomic(const void *) LastRegion;

void omp_indirect_note_region(const void *HostPtr) {
  ThreadRegion = HostPtr;
  atomic_store_explicit(&LastRegion, HostPtr, memory_order_relaxed);
}

/* The loaded object holding Addr, its file's path in Path, and its load
   bias; NULL when none does. */
static struct link_map *objectAt(const void *Addr, char *Path, size_t Len) {
  Dl_info Info;
  struct link_map *Map = NULL;
  if (!dladdr1(Addr, &Info, (void **)&Map, RTLD_DL_LINKMAP) || !Map)
    return NULL;
  snprintf(Path, Len, "%s", *Map->l_name ? Map->l_name : "/proc/self/exe");
  return Map;
}

/* Writes "the target region in FUNCTION at line N" for the kernel id Id to
   Buf, from the libomptarget entries of the image that holds Id (their
   section is found by its header, which `strip` keeps). */
static void describeRegion(const void *Id, char *Buf, size_t Len) {
  char Path[4096];
  omp_indirect_elf F;
  struct link_map *Map = Id ? objectAt(Id, Path, sizeof Path) : NULL;
  snprintf(Buf, Len, "a target region");
  if (!Map || omp_indirect_elf_open(&F, Path))
    return;
  uint64_t Addr, Size;
  if (!omp_indirect_elf_section(&F, OMP_INDIRECT_OFFLOAD_SECTION, &Addr,
                                &Size) ||
      !omp_indirect_elf_section(&F, OMP_INDIRECT_OFFLOAD_SECTION_LEGACY,
                                &Addr, &Size)) {
    const char *Begin = (const char *)(Map->l_addr + Addr);
    omp_indirect_offload_walk W;
    omp_indirect_offload_entry E;
    omp_indirect_offload_walk_begin(&W, Begin, Begin + Size);
    while (omp_indirect_offload_walk_next(&W, &E))
      if (E.addr == Id && E.name) {
        omp_indirect_region_name(E.name, Buf, Len);
        break;
      }
  }
  omp_indirect_elf_close(&F);
}

void omp_indirect_region_name(const char *Kernel, char *Buf, size_t Len) {
  static const char Prefix[] = "__omp_offloading_";
  const char *P = Kernel, *Line = strrchr(Kernel, '_');
  int Ok = !strncmp(P, Prefix, sizeof Prefix - 1) && Line && Line[1] == 'l' &&
           isdigit((unsigned char)Line[2]);
  /* Skip the device and file ids, each hexadecimal and followed by '_'. */
  P += sizeof Prefix - 1;
  for (int Field = 0; Ok && Field < 2; ++Field) {
    while (isxdigit((unsigned char)*P))
      ++P;
    Ok = *P++ == '_';
  }
  if (!Ok || P >= Line) {
    snprintf(Buf, Len, "the target region %s", Kernel);
    return;
  }
  char Mangled[1024], Readable[2048];
  snprintf(Mangled, sizeof Mangled, "%.*s", (int)(Line - P), P);
  snprintf(Buf, Len, "the target region in %s at line %s",
           omp_indirect_demangle(Mangled, Readable, sizeof Readable),
           Line + 2);
}

/* True when a device image of the host-offload device defines Name. */
static int deviceDefines(struct dl_phdr_info *Info, size_t Size, void *Name) {
  (void)Size;
  omp_indirect_elf F;
  if (!Info->dlpi_name || !*Info->dlpi_name ||
      !omp_indirect_is_host_offload_image(Info) ||
      omp_indirect_elf_open(&F, Info->dlpi_name))
    return 0;
  int Found = omp_indirect_elf_defines_function(&F, Name);
  omp_indirect_elf_close(&F);
  return Found;
}

/* Writes what is at Addr, and why the device cannot call it, into Buf:
   "NAME (0xA in IMAGE) ...: NAME is ..." or, with no symbol, "host address
   0xA (offset 0xD in IMAGE), which is not declared indirect". */
static void describeFunction(uint64_t Addr, char *Buf, size_t Len) {
  char Path[4096], Exe[4096], Readable[2048];
  omp_indirect_elf F;
  struct link_map *Map = objectAt((void *)(uintptr_t)Addr, Path, sizeof Path);
  if (!Map) {
    snprintf(Buf, Len, "host address 0x%" PRIx64 " (in no loaded image), "
             "which is not declared indirect", Addr);
    return;
  }
  const char *Image = omp_indirect_object_name(Map->l_name, Exe, sizeof Exe);
  uint64_t Offset = Addr - (uint64_t)Map->l_addr;
  const char *Name = NULL;
  int Opened = !omp_indirect_elf_open(&F, Path);
  if (Opened)
    Name = omp_indirect_elf_symbol_at(&F, Offset, STT_FUNC);
  if (!Name)
    snprintf(Buf, Len, "host address 0x%" PRIx64 " (offset 0x%" PRIx64
             " in %s), which is not declared indirect", Addr, Offset, Image);
  else if (dl_iterate_phdr(deviceDefines, (void *)Name))
    snprintf(Buf, Len, "%s (0x%" PRIx64 " in %s) through a host address: "
             "%s is declare target but not indirect, so no table leads to "
             "its device copy (declare it indirect)",
             omp_indirect_demangle(Name, Readable, sizeof Readable), Addr,
             Image, Readable);
  else
    snprintf(Buf, Len, "%s (0x%" PRIx64 " in %s) through a host address: "
             "%s has no device copy (it is not declare target, or was not "
             "emitted for the device)",
             omp_indirect_demangle(Name, Readable, sizeof Readable), Addr,
             Image, Readable);
  if (Opened)
    omp_indirect_elf_close(&F);
}

static atomic_flag Stopping = ATOMIC_FLAG_INIT;

void omp_indirect_stop_host_call(int32_t DeviceId, uint64_t Addr) {
  if (atomic_flag_test_and_set(&Stopping))
    for (;;) /* Another thread reports; its abort() ends this one too. */
      pause();
  const void *Id = ThreadRegion;
  if (!Id)
    Id = atomic_load_explicit(&LastRegion, memory_order_relaxed);
  char Region[2200], What[8800];
  describeRegion(Id, Region, sizeof Region);
  describeFunction(Addr, What, sizeof What);
  omp_indirect_error(DeviceId, "%s called %s; stopping", Region, What);
  abort();
}
