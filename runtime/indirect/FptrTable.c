/*===- FptrTable.c - pair host and device addresses of indirect functions -===*
 *
 * Every host translation unit with indirect functions puts its FPTR entry
 * table in section omp_offloading_fptr_entries of its image, and registers
 * the table with libomptarget as an ordinary global. The device image holds
 * a table of the same name and order with device addresses and name hashes,
 * without names (16-byte entries). For a device, we read each table's
 * device copy back (one lookup per unit: the first entry of each unit's
 * host table gives its length; one copy per 512 entries, into one small
 * buffer), check entry by entry that both sides name the same function,
 * and build ONE sorted {host, device} table from every image on that device
 * (TableMerge.c).
 *
 *===----------------------------------------------------------------------===*/
#include "ImageRegistry.h"
#include "PltAliases.h"
#include "OmpIndirectRT.h"
#include "TableMerge.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The length of the unit table that starts at entry I: the first entry's
   size (docs/format.md, section 2), or 0 when it does not say (a table from
   before that field, or a damaged section). */
static size_t unitLength(const omp_indirect_image *Image, size_t I) {
  size_t Len = Image->entries[I].tgt >> 32;
  return Len && Len <= Image->num_entries - I ? Len : 0;
}

/* The longest run of entries from I whose device copies are contiguous,
   found entry by entry: for tables that do not give their length. */
static size_t probeRun(int DeviceId, const omp_indirect_entry *Host, size_t I,
                       size_t N, const char *Begin) {
  size_t J = I + 1;
  while (J < N && (char *)omp_get_mapped_ptr((void *)&Host[J], DeviceId) ==
                      Begin + (J - I) * sizeof(omp_indirect_device_entry))
    ++J;
  return J - I;
}

/* Device entries of one unit are read into a buffer of this many entries at
   most, reused from unit to unit (a longer unit takes several copies): the
   read-back touches no new memory however many functions there are. */
#define READ_CHUNK 512

/* Checks the device entries Dev[0..Len) of the unit table whose host
   entries start at entry I of the image, and appends their pairs to Out.
   Out may overlay the image's entries, never ahead of them (each pair is
   written after its entry was read, at the same place or before it).
   Returns nonzero after an error. */
static int pairChunk(int DeviceId, const omp_indirect_image *Image, size_t Index,
                     size_t I, const omp_indirect_device_entry *Dev, size_t Len,
                     omp_indirect_pair *Out) {
  for (size_t K = 0; K < Len; ++K) {
    omp_indirect_pair H = Image->entries[I + K];
    if (Dev[K].flags != OMP_DECLARE_TARGET_FPTR ||
        Dev[K].reserved != (int32_t)(uint32_t)H.tgt) {
      omp_indirect_error(DeviceId,
                         "image '%s': FPTR entry %zu is '%s' on the host but "
                         "another function on the device; the host and device "
                         "compilations disagree",
                         Image->name, I + K, H.name);
      return 1;
    }
    Out[I + K] = (omp_indirect_pair){H.host, Dev[K].addr, Index, H.name};
  }
  return 0;
}

/* Reads the device copies of the image's entries, one unit's table per
   lookup (omp_get_mapped_ptr) and a copy per READ_CHUNK entries, checks them
   against the host entries and appends the pairs to Out (which may overlay
   the entries: see pairChunk). */
static int pairImage(int DeviceId, const omp_indirect_device_view *V,
                     size_t Index, omp_indirect_pair *Out) {
  const omp_indirect_image *Image = &V->images[Index];
  const omp_indirect_entry *Host = Image->desc->entries_begin;
  omp_indirect_device_entry Dev[READ_CHUNK];
  size_t I = 0, N = Image->num_entries;
  while (I < N) {
    const char *Name = Image->entries[I].name; /* Read before Out covers it. */
    char *Begin = omp_indirect_device_global(&Host[I], DeviceId);
    if (!Begin && omp_indirect_registry_generation() != V->generation)
      return OMP_INDIRECT_RETRY; /* Closed meanwhile (ImageClose.c). */
    if (!Begin) {
      omp_indirect_error(DeviceId,
                         "image '%s': indirect function '%s' has no FPTR "
                         "table on this device (the device code lacks it, or "
                         "the host and device compilations of its unit "
                         "disagree); compile every translation unit for this "
                         "offload target with the omp-indirect plugin and the "
                         "same options on both sides",
                         Image->name, Name);
      return 1;
    }
    size_t Len = unitLength(Image, I);
    if (!Len)
      Len = probeRun(DeviceId, Host, I, N, Begin);
    for (size_t Done = 0; Done < Len;) {
      size_t Chunk = Len - Done < READ_CHUNK ? Len - Done : READ_CHUNK;
      if (omp_target_memcpy(Dev, Begin + Done * sizeof *Dev,
                            Chunk * sizeof *Dev, 0, 0,
                            omp_get_initial_device(), DeviceId)) {
        omp_indirect_error(DeviceId,
                           "image '%s': cannot read the FPTR table holding "
                           "'%s'",
                           Image->name, Name);
        return 1;
      }
      if (pairChunk(DeviceId, Image, Index, I + Done, Dev, Chunk, Out))
        return 1;
      Done += Chunk;
    }
    I += Len;
  }
  return 0;
}

/* Appends the rows of a non-PIE executable's canonical PLT entries for
   library functions (PltAliases.c) to *Pairs. */
static int addPltAliases(int DeviceId, omp_indirect_pair **Pairs, size_t *N) {
  omp_indirect_pair *Aliases;
  size_t A = omp_indirect_plt_aliases(*Pairs, *N, &Aliases);
  if (!A)
    return 0;
  omp_indirect_pair *P = realloc(*Pairs, (*N + A) * sizeof *P);
  if (!P) {
    free(Aliases);
    omp_indirect_error(DeviceId, "out of memory for %zu FPTR entries", *N + A);
    return 1;
  }
  *Pairs = P;
  memcpy(*Pairs + *N, Aliases, A * sizeof *Aliases);
  *N += A;
  free(Aliases);
  return 0;
}

int omp_indirect_build_table(int DeviceId, omp_indirect_device_view *V,
                             __omp_offloading_fptr_map_ty **Out,
                             uint64_t *Size) {
  const omp_indirect_image *Images = V->images;
  const unsigned char *OnDevice = V->on_device;
  size_t NumImages = V->num_images;
  *Out = NULL;
  *Size = 0;
  size_t N = 0;
  for (size_t I = 0; I < NumImages; ++I)
    N += OnDevice[I] ? Images[I].num_entries : 0;
  if (!N)
    return 0;
  /* The pairs overwrite the snapshot's entries (ImageRegistry.h), at the
     same place or, after an image that is not on this device, before. */
  omp_indirect_pair *Pairs = Images[0].entries;
  int Failed = 0;
  size_t At = 0;
  for (size_t I = 0; !Failed && I < NumImages; ++I) {
    if (!OnDevice[I])
      continue;
    Failed = pairImage(DeviceId, V, I, Pairs + At);
    At += Images[I].num_entries;
  }
  for (size_t I = 0; I < NumImages; ++I)
    V->images[I].entries = NULL; /* Ours now: the view no longer frees it. */
  if (!Failed)
    Failed = addPltAliases(DeviceId, &Pairs, &N);
  /* The rows overwrite the pairs as the merge goes (TableMerge.h): the
     table takes no second buffer, whose first touches cost as much as its
     filling (a page fault per 256 rows). */
  __omp_offloading_fptr_map_ty *Map = (__omp_offloading_fptr_map_ty *)Pairs;
  uint64_t Len = 0;
  if (!Failed)
    Failed = omp_indirect_merge_pairs(DeviceId, Images, Pairs, N, Map, &Len);
  if (Failed) {
    free(Pairs);
    return Failed;
  }
  /* The rows at the start of the pairs' buffer: the block is built over
     them, in the pages the pairs touched (omp_indirect_upload_in_place). */
  *Out = Map;
  *Size = Len;
  return 0;
}
