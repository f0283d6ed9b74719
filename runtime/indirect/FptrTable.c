/*===- FptrTable.c - pair host and device addresses of indirect functions -===*
 *
 * Every host translation unit with indirect functions puts its FPTR entry
 * table in section omp_offloading_fptr_entries of its image, and registers
 * the table with libomptarget as an ordinary global. The device image holds
 * a table of the same name and order, without names: a header, then 8 bytes
 * a function (on x86_64 an offset from the entry and the name's hash, on
 * NVPTX the address). For a device, we read each table's device copy back
 * (one lookup per unit: the first entry of each unit's host table gives its
 * length; one copy per 512 entries, into one small buffer), check that both
 * sides name the same functions (entry by entry, or by the header's digest),
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

/* Device entries of one unit are read into a buffer of this many entries at
   most, reused from unit to unit (a longer unit takes several copies): the
   read-back touches no new memory however many functions there are. The
   first copy of a unit also reads its header. */
#define READ_CHUNK 512

typedef struct readBuffer {
  omp_indirect_device_table_header header;
  union {
    omp_indirect_rel_entry rel[READ_CHUNK];
    uint64_t addr[READ_CHUNK];
  } u;
} readBuffer;

static int readDevice(int DeviceId, const omp_indirect_image *Image,
                      const char *Name, void *To, const char *From,
                      size_t Bytes) {
  if (!omp_target_memcpy(To, (void *)From, Bytes, 0, 0,
                         omp_get_initial_device(), DeviceId))
    return 0;
  omp_indirect_error(DeviceId,
                     "image '%s': cannot read the FPTR table holding '%s'",
                     Image->name, Name);
  return 1;
}

static int disagree(int DeviceId, const omp_indirect_image *Image, size_t I,
                    const char *Name) {
  omp_indirect_error(DeviceId,
                     "image '%s': FPTR entry %zu is '%s' on the host but "
                     "another function on the device; the host and device "
                     "compilations disagree",
                     Image->name, I, Name);
  return 1;
}

/* Checks the header B->header of the unit table whose host entries start at
   entry I and sets *Len to its length; for a table of addresses, also
   checks the digest of the host entries' hashes, which the device entries
   do not carry. Returns nonzero after an error. */
static int checkHeader(int DeviceId, const omp_indirect_image *Image, size_t I,
                       const readBuffer *B, size_t HostLen, size_t *Len) {
  const omp_indirect_device_table_header *H = &B->header;
  const char *Name = Image->entries[I].name;
  if ((H->layout != OMP_INDIRECT_FPTR_RELATIVE &&
       H->layout != OMP_INDIRECT_FPTR_ABSOLUTE) ||
      !H->count || H->count > Image->num_entries - I ||
      (HostLen && H->count != HostLen)) {
    omp_indirect_error(DeviceId,
                       "image '%s': the device's FPTR table holding '%s' is "
                       "not in this release's format, or its unit differs "
                       "from the host's; rebuild every unit with this "
                       "omp-indirect and the same options on both sides",
                       Image->name, Name);
    return 1;
  }
  *Len = H->count;
  if (H->layout == OMP_INDIRECT_FPTR_RELATIVE)
    return 0;
  uint64_t D = OMP_INDIRECT_FPTR_DIGEST_BASIS;
  for (size_t K = 0; K < *Len; ++K)
    D = omp_indirect_fptr_digest_step(D, (uint32_t)Image->entries[I + K].tgt);
  return D == H->digest ? 0 : disagree(DeviceId, Image, I, Name);
}

/* Appends the pairs of the device entries B->u[0..Len) of the unit table
   whose host entries start at entry I, entry I + Done being B's first, to
   Out, which may overlay the image's entries, never ahead of them (each
   pair is written after its entry was read, at the same place or before
   it). A relative entry's address is its own plus its offset: Begin is the
   unit table's device address. Returns nonzero after an error. */
static int pairChunk(int DeviceId, const omp_indirect_image *Image, size_t Index,
                     size_t I, size_t Done, const readBuffer *B, size_t Len,
                     const char *Begin, omp_indirect_pair *Out) {
  int Relative = B->header.layout == OMP_INDIRECT_FPTR_RELATIVE;
  const char *First = Begin + sizeof B->header + Done * 8;
  for (size_t K = 0; K < Len; ++K) {
    omp_indirect_pair H = Image->entries[I + Done + K];
    uint64_t Addr = B->u.addr[K];
    if (Relative) {
      if (B->u.rel[K].hash != (uint32_t)H.tgt)
        return disagree(DeviceId, Image, I + Done + K, H.name);
      Addr = (uint64_t)(uintptr_t)(First + K * 8) + (int64_t)B->u.rel[K].rel;
    }
    Out[I + Done + K] = (omp_indirect_pair){H.host, Addr, Index, H.name};
  }
  return 0;
}

/* Reads the device copies of the image's entries, one unit's table per
   lookup (omp_get_mapped_ptr) and a copy per READ_CHUNK entries, the
   header with the first, checks them against the host entries and appends
   the pairs to Out (which may overlay the entries: see pairChunk). */
static int pairImage(int DeviceId, const omp_indirect_device_view *V,
                     size_t Index, omp_indirect_pair *Out) {
  const omp_indirect_image *Image = &V->images[Index];
  const omp_indirect_entry *Host = Image->desc->entries_begin;
  readBuffer B;
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
    /* Without the host's length, the header alone first: a read past the
       device table could fault on a GPU. */
    size_t HostLen = unitLength(Image, I), Len = 0;
    size_t First = HostLen < READ_CHUNK ? HostLen : READ_CHUNK;
    if (readDevice(DeviceId, Image, Name, &B, Begin,
                   sizeof B.header + First * 8) ||
        checkHeader(DeviceId, Image, I, &B, HostLen, &Len))
      return 1;
    for (size_t Done = 0; Done < Len;) {
      size_t Chunk = Len - Done < READ_CHUNK ? Len - Done : READ_CHUNK;
      if (Done || !First)
        if (readDevice(DeviceId, Image, Name, &B.u,
                       Begin + sizeof B.header + Done * 8, Chunk * 8))
          return 1;
      if (pairChunk(DeviceId, Image, Index, I, Done, &B, Chunk, Begin, Out))
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
