/*===- Upload.c - __tgt_rtl_set_function_ptr_map on public libomptarget ---===*
 *
 * The design's plugin entry point, written against libomptarget's public
 * API so that it works with every stock plugin (host offload, CUDA): the
 * rows become one table block (DeviceTable.c: header, sorted rows, hash
 * slots, relative offsets), which goes to memory from omp_target_alloc in
 * one copy, once per device; then every image on the device gets its weak
 * global __omp_offloading_fptr_map_p pointed at it, one 8-byte write
 * through the image's own host shadow, which the compiler registers with
 * libomptarget as an ordinary declare-target global. A block replaced
 * after dlopen/dlclose is never freed: a kernel still running may hold
 * translations it made, or be about to read it.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE /* dladdr, RUSAGE_THREAD */
#include "DeviceTable.h"
#include "HostCallStop.h"
#include "ImageRegistry.h"
#include "OmpIndirectRT.h"
#include "Prefault.h"

#include <dlfcn.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

long omp_indirect_thread_faults(void) {
  struct rusage U;
  /* Pages filled ahead of writes (Prefault.h) count too. */
  return getrusage(RUSAGE_THREAD, &U) ? 0 : U.ru_minflt;
}

/* Fault injection for the runtime's own tests: OMP_INDIRECT_TEST_FAIL=alloc
   makes the table's device allocation fail. */
static void *allocTable(size_t Bytes, int DeviceId) {
  const char *Fail = getenv("OMP_INDIRECT_TEST_FAIL");
  if (Fail && !strcmp(Fail, "alloc"))
    return NULL;
  return omp_target_alloc(Bytes, DeviceId);
}

void *omp_indirect_device_global(const void *HostAddr, int DeviceId) {
  void *Dev = omp_get_mapped_ptr(HostAddr, DeviceId);
  return Dev == HostAddr ? NULL : Dev;
}

static int writeDeviceGlobal(int32_t DeviceId, const omp_indirect_device_view *V,
                             const omp_indirect_image *Image, void *Shadow,
                             const void *Value, const char *Name) {
  void *Dst = omp_indirect_device_global(Shadow, DeviceId);
  if (!Dst && omp_indirect_registry_generation() != V->generation)
    return OMP_INDIRECT_RETRY; /* Closed meanwhile (ImageClose.c). */
  if (!Dst || omp_target_memcpy(Dst, Value, 8, 0, 0, DeviceId,
                                omp_get_initial_device())) {
    omp_indirect_error(DeviceId, "image '%s': cannot write %s on the device",
                       Image->name, Name);
    return 1;
  }
  return 0;
}

/* OMP_INDIRECT_LOOKUP=search uploads blocks without hash slots, so that the
   device binary-searches (the fallback; for comparisons). */
static omp_indirect_lookup lookupFromEnv(void) {
  const char *V = getenv("OMP_INDIRECT_LOOKUP");
  return V && !strcmp(V, "search") ? OMP_INDIRECT_LOOKUP_SEARCH
                                   : OMP_INDIRECT_LOOKUP_HASH;
}

static _Atomic int PointerCalls;

void __omp_indirect_image_calls_through_pointers(void) {
  atomic_store_explicit(&PointerCalls, 1, memory_order_release);
}

int omp_indirect_pointer_calls(void) {
  return atomic_load_explicit(&PointerCalls, memory_order_acquire);
}

/* The lookup's options for V on DeviceId: the code ranges of V's images
   (malloc'd: free Opts->code_ranges). Returns nonzero after an error. */
static int tableOptions(int32_t DeviceId, const omp_indirect_device_view *V,
                        omp_indirect_table_options *Opts) {
  *Opts = (omp_indirect_table_options){.lookup = lookupFromEnv()};
  return omp_indirect_host_call_stop_options(DeviceId, V, Opts);
}

/* Blocks from this size on are shared with the host-offload device. */
#define SHARE_MIN ((size_t)64 << 10)

/* True when DeviceId's memory is this process's (the host-offload device):
   the device copy of an image's global lies in an object loaded here. A
   GPU's addresses never do (one address space with the host's, disjoint). */
static int deviceMemoryIsOurs(int32_t DeviceId,
                              const omp_indirect_device_view *V) {
  for (size_t I = 0; I < V->num_images; ++I) {
    if (!V->on_device[I])
      continue;
    void *Dev = omp_indirect_device_global(V->images[I].map_p, DeviceId);
    Dl_info Info;
    return Dev && dladdr(Dev, &Info);
  }
  return 0;
}

/* Copies the Bytes of Block to a new allocation on the device, *Dev.
   Returns nonzero after an error. */
static int copyBlock(int32_t DeviceId, const void *Block, size_t Bytes,
                     uint64_t Size, void **Dev) {
  *Dev = allocTable(Bytes, DeviceId);
  if (!*Dev) {
    omp_indirect_error(DeviceId,
                       "cannot allocate %zu bytes of device memory for the "
                       "FPTR table (%llu entries)",
                       Bytes, (unsigned long long)Size);
    return 1;
  }
  if (omp_target_memcpy(*Dev, Block, Bytes, 0, 0, DeviceId,
                        omp_get_initial_device())) {
    omp_indirect_error(DeviceId,
                       "cannot copy the FPTR table (%zu bytes) to the device",
                       Bytes);
    omp_target_free(*Dev, DeviceId);
    return 1;
  }
  return 0;
}

static int outOfMemory(int32_t DeviceId, uint64_t Size) {
  omp_indirect_error(DeviceId,
                     "cannot build the FPTR table block (%llu entries): out "
                     "of memory",
                     (unsigned long long)Size);
  return 1;
}

/* Every image's lookup reads its own globals: points those of V's images on
   DeviceId at Dev. No kernel runs on this device from code compiled with
   the plugin until we return. */
static int pointImages(int32_t DeviceId, const omp_indirect_device_view *V,
                       void *Dev) {
  for (size_t I = 0; I < V->num_images; ++I) {
    if (!V->on_device[I])
      continue;
    const omp_indirect_image *Image = &V->images[I];
    int Rc = writeDeviceGlobal(DeviceId, V, Image, Image->map_p, &Dev,
                               "__omp_offloading_fptr_map_p");
    if (Rc)
      return Rc;
  }
  return 0;
}

int omp_indirect_upload(int32_t DeviceId, const omp_indirect_device_view *V,
                        uint64_t Size, const __omp_offloading_fptr_map_ty *Table) {
  void *Dev = NULL;
  if (Size || omp_indirect_pointer_calls()) {
    omp_indirect_table_options Opts;
    if (tableOptions(DeviceId, V, &Opts))
      return 1;
    size_t Bytes = 0;
    void *Block =
        omp_indirect_device_table_build_with(Table, Size, &Bytes, &Opts);
    free((void *)Opts.code_ranges);
    if (!Block)
      return outOfMemory(DeviceId, Size);
    int Rc = copyBlock(DeviceId, Block, Bytes, Size, &Dev);
    free(Block);
    if (Rc)
      return Rc;
  }
  return pointImages(DeviceId, V, Dev);
}

int omp_indirect_upload_in_place(int32_t DeviceId,
                                 const omp_indirect_device_view *V,
                                 uint64_t Size, void **Buffer, int *Shared) {
  *Shared = 0;
  if (!Size && !omp_indirect_pointer_calls()) {
    free(*Buffer);
    *Buffer = NULL;
    return pointImages(DeviceId, V, NULL); /* Clears a table from before. */
  }
  omp_indirect_table_options Opts;
  if (tableOptions(DeviceId, V, &Opts))
    return 1;
  size_t Room = omp_indirect_device_table_bytes(Size, Opts.num_code_ranges,
                                                Opts.lookup);
  /* Growing a large buffer (mremap) touches none of its new pages. The
     buffer held a pair a row: past them, the block's pages are fresh. */
  void *Buf = Room ? realloc(*Buffer, Room) : NULL;
  if (Buf) {
    *Buffer = Buf;
    size_t Touched = Size * sizeof(omp_indirect_pair);
    if (Room > Touched)
      omp_indirect_prefault((char *)Buf + Touched, Room - Touched);
  }
  size_t Bytes = 0;
  int Rc = !Buf || omp_indirect_device_table_build_in(Buf, Size, &Bytes, &Opts);
  free((void *)Opts.code_ranges);
  if (Rc)
    return outOfMemory(DeviceId, Size);
  /* The host-offload device reads our memory: a copy of a large block would
     cost its allocation's fresh pages (512 at 65,536 functions) and the copy
     itself, for the same bytes. A small block takes the general way. */
  if (Bytes >= SHARE_MIN && deviceMemoryIsOurs(DeviceId, V)) {
    *Shared = 1;
    int Rc = pointImages(DeviceId, V, Buf);
    if (Rc)
      *Buffer = NULL; /* Some images may point at it: never freed. */
    return Rc;
  }
  void *Dev;
  if (copyBlock(DeviceId, Buf, Bytes, Size, &Dev))
    return 1;
  return pointImages(DeviceId, V, Dev);
}

/* libomptarget: with no arguments, it only initializes the device and loads
   every registered image onto it, which we need before reading globals. */
void __tgt_target_data_begin_mapper(void *Loc, int64_t DeviceId, int32_t N,
                                    void **Bases, void **Ptrs, int64_t *Sizes,
                                    int64_t *Types, void **Names,
                                    void **Mappers);

int omp_indirect_view_device(int32_t DeviceId, omp_indirect_device_view *V) {
  long Faults = omp_indirect_thread_faults();
  if (omp_indirect_registry_snapshot(&V->images, &V->num_images,
                                     &V->generation))
    return 1;
  V->snapshot_faults = omp_indirect_thread_faults() - Faults;
  /* After the snapshot: libomptarget registered every image in it first (its
     constructor runs before ours), so this loads all of them. */
  __tgt_target_data_begin_mapper(NULL, DeviceId, 0, NULL, NULL, NULL, NULL,
                                 NULL, NULL);
  V->on_device = calloc(V->num_images ? V->num_images : 1, 1);
  if (!V->on_device) {
    omp_indirect_error(DeviceId, "out of memory");
    omp_indirect_view_free(V);
    return 1;
  }
  for (size_t I = 0; I < V->num_images; ++I)
    V->on_device[I] =
        omp_indirect_device_global(V->images[I].map_p, DeviceId) != NULL;
  return 0;
}

void omp_indirect_view_free(omp_indirect_device_view *V) {
  omp_indirect_registry_free(V->images, V->num_images);
  free(V->on_device);
  V->images = NULL;
  V->on_device = NULL;
  V->num_images = 0;
}

int32_t __tgt_rtl_set_function_ptr_map(int32_t DeviceId, uint64_t Size,
                                       __omp_offloading_fptr_map_ty *Table) {
  int Rc;
  do { /* Again when an image was closed while we wrote to it. */
    omp_indirect_device_view V;
    if (omp_indirect_view_device(DeviceId, &V))
      return 1;
    Rc = omp_indirect_upload(DeviceId, &V, Size, Table);
    omp_indirect_view_free(&V);
  } while (Rc == OMP_INDIRECT_RETRY);
  return Rc;
}
