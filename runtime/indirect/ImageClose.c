/*===- ImageClose.c - what an image leaves behind when dlclose unloads it -===*
 *
 * libomptarget never forgets a closed library's globals: its mapping table
 * keeps each one's host address paired with the device copy of the first
 * load (libomptarget 16, 19 and 22; stock clang programs too), and the
 * host-offload plugin keeps that device image loaded. A library opened
 * again often lands at the same address, so its new device image is paired
 * with nothing, and every global of it, our FPTR tables and table pointer
 * included, resolves to the old device image: the reopened library's
 * indirect functions would run the first load's device copies, and its
 * `target update` would read the first load's data.
 *
 * So when an image's destructor unregisters it (inside dlclose), we drop
 * those pairs on every device its globals went to, through the public
 * omp_target_disassociate_ptr (libomptarget maps image globals with an
 * infinite reference count, as it maps an association), plus the
 * associations map-time translation made for the image's functions. The
 * next load of the library is then mapped afresh. At exit nothing is
 * dropped: no image is loaded again, and the work would only slow exit.
 *
 * libomptarget's own unregistration runs inside dlclose as well, and takes
 * its locks there too; we take none of ours while calling it.
 *
 *===----------------------------------------------------------------------===*/
#include "ImageRegistry.h"
#include "OffloadEntries.h"
#include "OmpIndirectRT.h"

#include <omp.h>

/* Drops libomptarget's pairs for the image's globals on DeviceId: every
   entry but a kernel (size 0 without the indirect flag; libomptarget 19
   maps clang's own indirect entries too), in the layout of the clang that
   built the image (OffloadEntries.h). */
static void dropGlobals(const omp_indirect_image_desc *Desc, int DeviceId) {
  omp_indirect_offload_walk W;
  omp_indirect_offload_entry E;
  omp_indirect_offload_walk_begin(&W, Desc->offload_begin, Desc->offload_end);
  while (omp_indirect_offload_walk_next(&W, &E)) {
    if (!E.addr || (!E.size && !(E.flags & OMP_DECLARE_TARGET_FPTR)))
      continue;
    if (omp_get_mapped_ptr(E.addr, DeviceId))
      omp_target_disassociate_ptr(E.addr, DeviceId);
  }
}

void __omp_indirect_unregister_image(const omp_indirect_image_desc *Desc) {
  uintptr_t Ranges[8][2];
  unsigned NumRanges = 0;
  if (!omp_indirect_registry_remove(Desc, Ranges, &NumRanges))
    return;
  for (int D = 0; D < omp_indirect_prepared_devices(); ++D) {
    if (!omp_indirect_device_prepared(D))
      continue;
    omp_indirect_map_time_forget(D, Ranges, NumRanges);
    dropGlobals(Desc, D);
  }
}
