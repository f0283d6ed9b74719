/*===- Launch.c - upload the FPTR table before a device's first kernel ----===*
 *
 * The compiler replaces every __tgt_target_kernel call with
 * __omp_indirect_target_kernel. The first launch on a device builds and
 * uploads the table, under a lock, exactly once even when many host threads
 * launch together; later launches pay one atomic load. A program that never
 * launches a kernel never gets here. If the upload fails the program stops
 * with a message: running the kernel would call host addresses on the device.
 *
 *===----------------------------------------------------------------------===*/
#include "OmpIndirectRT.h"

#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

int __tgt_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                        int32_t ThreadLimit, void *HostPtr, void *Args);

/* libomptarget's "default device" device number. */
#define OMP_INDIRECT_DEFAULT_DEVICE (-1)

static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int NumDevices = -1; /* -1 until first asked. */
static _Atomic int *Uploads;        /* Per device: uploads done. */

static int deviceCount(void) {
  int N = atomic_load_explicit(&NumDevices, memory_order_acquire);
  if (N >= 0)
    return N;
  pthread_mutex_lock(&Lock);
  N = atomic_load_explicit(&NumDevices, memory_order_relaxed);
  if (N < 0) {
    N = omp_get_num_devices();
    Uploads = calloc(N > 0 ? (size_t)N : 1, sizeof *Uploads);
    if (!Uploads) {
      fprintf(stderr, "omp-indirect: out of memory\n");
      abort();
    }
    atomic_store_explicit(&NumDevices, N, memory_order_release);
  }
  pthread_mutex_unlock(&Lock);
  return N;
}

static int upload(int DeviceId) {
  __omp_offloading_fptr_map_ty *Table;
  uint64_t Size;
  if (omp_indirect_build_table(DeviceId, &Table, &Size))
    return 1;
  int Rc = Size ? __tgt_rtl_set_function_ptr_map(DeviceId, Size, Table) : 0;
  free(Table);
  if (!Rc && Size && omp_indirect_debug())
    fprintf(stderr, "omp-indirect: device %d: uploaded %llu FPTR entries\n",
            DeviceId, (unsigned long long)Size);
  return Rc;
}

int omp_indirect_prepare_device(int64_t DeviceId) {
  if (DeviceId == OMP_INDIRECT_DEFAULT_DEVICE)
    DeviceId = omp_get_default_device();
  int N = deviceCount();
  if (DeviceId < 0 || DeviceId >= N)
    return 0; /* The host, or a bad number that libomptarget reports. */
  if (atomic_load_explicit(&Uploads[DeviceId], memory_order_acquire))
    return 0;
  int Rc = 0;
  pthread_mutex_lock(&Lock);
  if (!atomic_load_explicit(&Uploads[DeviceId], memory_order_relaxed)) {
    Rc = upload((int)DeviceId);
    if (!Rc)
      atomic_fetch_add_explicit(&Uploads[DeviceId], 1, memory_order_release);
  }
  pthread_mutex_unlock(&Lock);
  return Rc;
}

int omp_indirect_upload_count(int64_t DeviceId) {
  int N = deviceCount();
  if (DeviceId < 0 || DeviceId >= N)
    return 0;
  return atomic_load_explicit(&Uploads[DeviceId], memory_order_acquire);
}

int __omp_indirect_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                                 int32_t ThreadLimit, void *HostPtr,
                                 void *Args) {
  if (omp_indirect_prepare_device(DeviceId)) {
    fprintf(stderr, "omp-indirect: cannot prepare device %lld for indirect "
                    "calls; stopping rather than calling host addresses\n",
            (long long)DeviceId);
    abort();
  }
  return omp_indirect_launch_with_mappers(Loc, DeviceId, NumTeams, ThreadLimit,
                                          HostPtr, Args, __tgt_target_kernel);
}
