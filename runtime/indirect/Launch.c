/*===- Launch.c - upload the FPTR table before a device's first kernel ----===*
 *
 * The compiler replaces every __tgt_target_kernel call with
 * __omp_indirect_target_kernel. The first launch on a device builds and
 * uploads the table, under a lock, exactly once even when many host threads
 * launch together; later launches compare two atomic counters. When an image
 * registers or unregisters (dlopen, dlclose), the registry's generation moves
 * on, and the next launch on each device rebuilds and re-uploads the table
 * once. A program that never launches a kernel never gets here. If the upload
 * fails the program stops with a message: running the kernel would call host
 * addresses on the device.
 *
 *===----------------------------------------------------------------------===*/
#include "HostCallStop.h"
#include "ImageRegistry.h"
#include "OmpIndirectRT.h"

#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/* libomptarget's "default device" device number. */
#define OMP_INDIRECT_DEFAULT_DEVICE (-1)

static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int NumDevices = -1; /* -1 until first asked. */
static _Atomic int *Uploads;        /* Per device: uploads done. */
static _Atomic uint64_t *Built;     /* Per device: generation uploaded. */
static unsigned char *HasTable;     /* Per device: a table was uploaded. */
static _Atomic long *BuildFaults;   /* Per device: page faults of the last. */

/* exit() runs the handlers registered with atexit in reverse order, and the
   images' destructors from the one the startup code registered before
   main: a handler registered after that runs first. So it is registered at
   the first launch, not in a constructor (which would run before the
   startup code and so after the destructors, when libomptarget 19 has
   already shut down). Before the first launch no device is prepared and a
   closed image leaves nothing to drop (ImageClose.c); from exit() on,
   none is said to be prepared. */
static _Atomic int Exiting;
static void noteExit(void) {
  atomic_store_explicit(&Exiting, 1, memory_order_relaxed);
}
static void watchExit(void) { atexit(noteExit); }

static int deviceCount(void) {
  int N = atomic_load_explicit(&NumDevices, memory_order_acquire);
  if (N >= 0)
    return N;
  pthread_mutex_lock(&Lock);
  N = atomic_load_explicit(&NumDevices, memory_order_relaxed);
  if (N < 0) {
    N = omp_get_num_devices();
    size_t Count = N > 0 ? (size_t)N : 1;
    Uploads = calloc(Count, sizeof *Uploads);
    Built = calloc(Count, sizeof *Built);
    HasTable = calloc(Count, 1);
    BuildFaults = calloc(Count, sizeof *BuildFaults);
    if (!Uploads || !Built || !HasTable || !BuildFaults) {
      fprintf(stderr, "omp-indirect: out of memory\n");
      abort();
    }
    atomic_store_explicit(&NumDevices, N, memory_order_release);
    static pthread_once_t Once = PTHREAD_ONCE_INIT;
    pthread_once(&Once, watchExit);
  }
  pthread_mutex_unlock(&Lock);
  return N;
}

/* Builds and uploads the table of every registered image for DeviceId;
   records the generation it reflects. Called with Lock held. */
static int upload(int DeviceId) {
  omp_indirect_device_view V;
  if (omp_indirect_view_device(DeviceId, &V))
    return 1;
  omp_indirect_report_unregistered_images();
  /* The build's own page faults: the registry's snapshot (whose buffer the
     pairs and rows reuse), then from the first read of the device tables to
     the table's copy on the device (the device's initialisation, and the
     loading of its images, came between and are not counted). */
  long Faults = omp_indirect_thread_faults() - V.snapshot_faults;
  __omp_offloading_fptr_map_ty *Table;
  uint64_t Size;
  int Rc = omp_indirect_build_table(DeviceId, &V, &Table, &Size);
  /* The block is built over the rows, in the pages their pairs touched
     (omp_indirect_upload_in_place), and its host copy stays for map-time
     translation. An empty table is uploaded to clear one uploaded before
     (the images with indirect functions were closed), and where device
     code calls through pointers: its code ranges make a call of host code
     stop. */
  void *Block = Table;
  int Uploaded = 0, Shared = 0;
  if (!Rc && (Size || HasTable[DeviceId] || omp_indirect_pointer_calls())) {
    Uploaded = 1;
    Rc = omp_indirect_upload_in_place(DeviceId, &V, Size, &Block, &Shared);
    if (!Rc) {
      HasTable[DeviceId] = 1;
      atomic_fetch_add_explicit(&Uploads[DeviceId], 1, memory_order_relaxed);
      Faults = omp_indirect_thread_faults() - Faults;
      atomic_store_explicit(&BuildFaults[DeviceId], Faults,
                            memory_order_relaxed);
      if (omp_indirect_debug())
        fprintf(stderr,
                "omp-indirect: device %d: uploaded %llu FPTR entries to %zu "
                "image(s) (%ld page faults%s)\n",
                DeviceId, (unsigned long long)Size, V.num_images, Faults,
                Shared ? "; the device reads the host copy" : "");
    }
  }
  if (Rc) {
    free(Block);
  } else {
    /* Map-time translation keeps the block's host copy (NULL: none). */
    if (!Uploaded) {
      free(Block); /* Rows that were never made a block: no table. */
      Block = NULL;
    }
    omp_indirect_map_time_set_table(DeviceId, deviceCount(), Block, Shared);
    atomic_store_explicit(&Built[DeviceId], V.generation,
                          memory_order_release);
  }
  omp_indirect_view_free(&V);
  return Rc;
}

int omp_indirect_prepare_device(int64_t DeviceId) {
  if (DeviceId == OMP_INDIRECT_DEFAULT_DEVICE)
    DeviceId = omp_get_default_device();
  int N = deviceCount();
  if (DeviceId < 0 || DeviceId >= N)
    return 0; /* The host, or a bad number that libomptarget reports. */
  uint64_t Want = omp_indirect_registry_generation();
  if (atomic_load_explicit(&Built[DeviceId], memory_order_acquire) == Want)
    return 0;
  int Rc = 0;
  pthread_mutex_lock(&Lock);
  /* Another thread may have built it meanwhile, for this or a newer
     generation; a generation that moved on again is caught next launch. */
  if (atomic_load_explicit(&Built[DeviceId], memory_order_relaxed) !=
      omp_indirect_registry_generation())
    do /* Again when an image was closed while we read it. */
      Rc = upload((int)DeviceId);
    while (Rc == OMP_INDIRECT_RETRY);
  pthread_mutex_unlock(&Lock);
  return Rc;
}

int omp_indirect_prepared_devices(void) {
  int N = atomic_load_explicit(&NumDevices, memory_order_acquire);
  return N > 0 && !atomic_load_explicit(&Exiting, memory_order_relaxed) ? N
                                                                       : 0;
}

int omp_indirect_device_prepared(int DeviceId) {
  return atomic_load_explicit(&Built[DeviceId], memory_order_acquire) != 0;
}

int omp_indirect_upload_count(int64_t DeviceId) {
  int N = deviceCount();
  if (DeviceId < 0 || DeviceId >= N)
    return 0;
  return atomic_load_explicit(&Uploads[DeviceId], memory_order_acquire);
}

long omp_indirect_build_faults(int64_t DeviceId) {
  int N = deviceCount();
  if (DeviceId < 0 || DeviceId >= N)
    return -1;
  return atomic_load_explicit(&BuildFaults[DeviceId], memory_order_relaxed);
}

int __omp_indirect_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                                 int32_t ThreadLimit, void *HostPtr,
                                 void *Args) {
  if (DeviceId == OMP_INDIRECT_DEFAULT_DEVICE)
    DeviceId = omp_get_default_device();
  omp_indirect_note_region(HostPtr);
  if (omp_indirect_prepare_device(DeviceId)) {
    fprintf(stderr, "omp-indirect: cannot prepare device %lld for indirect "
                    "calls; stopping rather than calling host addresses\n",
            (long long)DeviceId);
    abort();
  }
  if (DeviceId >= 0 && DeviceId < deviceCount())
    omp_indirect_map_time_translate((int)DeviceId, Args);
  return omp_indirect_launch_with_mappers(Loc, DeviceId, NumTeams, ThreadLimit,
                                          HostPtr, Args,
                                          omp_indirect_launch_through_presence);
}
