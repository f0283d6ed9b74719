/*===- ImageRegistry.c - the images of the process that use omp-indirect ---===*
 *
 * One registry per process (this runtime is a shared library). Registration
 * runs in each image's constructor, often inside dlopen with the loader lock
 * held, so it only takes the registry lock for a moment and never calls
 * libomptarget. A table build copies what it needs under the same lock and
 * works on the copy, so dlclose never waits for a build and a build never
 * reads an unmapped image.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "ImageRegistry.h"
#include "LoadedObject.h"
#include "Prefault.h"

#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct registered {
  const omp_indirect_image_desc *desc;
  char *name;
  uintptr_t ranges[8][2];
  unsigned num_ranges;
  unsigned code_ranges; /* Bit I: ranges[I] is code (PF_X). */
} registered;

static pthread_mutex_t RegistryLock = PTHREAD_MUTEX_INITIALIZER;
static registered *Images;
static size_t NumImages, Capacity;
static _Atomic uint64_t Generation;

/* dl_iterate_phdr callback: finds the object holding Want->desc and records
   its name and loaded segments, and which of them are code. */
static int findImage(struct dl_phdr_info *Info, size_t Size, void *Data) {
  (void)Size;
  registered *Want = Data;
  uintptr_t Key = (uintptr_t)Want->desc;
  int Found = 0;
  unsigned N = 0, Code = 0;
  uintptr_t Ranges[8][2];
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) *P = &Info->dlpi_phdr[I];
    if (P->p_type != PT_LOAD)
      continue;
    uintptr_t Lo = Info->dlpi_addr + P->p_vaddr, Hi = Lo + P->p_memsz;
    Found |= Key >= Lo && Key < Hi;
    if (N < 8) {
      Code |= (P->p_flags & PF_X ? 1u : 0u) << N;
      Ranges[N][0] = Lo;
      Ranges[N][1] = Hi;
      ++N;
    }
  }
  if (!Found)
    return 0;
  memcpy(Want->ranges, Ranges, sizeof Ranges);
  Want->num_ranges = N;
  Want->code_ranges = Code;
  char Exe[4096];
  Want->name = strdup(omp_indirect_object_name(Info->dlpi_name, Exe, sizeof Exe));
  return 1;
}

static void outOfMemory(void) {
  fprintf(stderr, "omp-indirect: out of memory registering an image\n");
  abort();
}

void __omp_indirect_register_image(const omp_indirect_image_desc *Desc) {
  registered R = {Desc, NULL, {{0}}, 0, 0};
  dl_iterate_phdr(findImage, &R);
  if (!R.name && !(R.name = strdup("an unnamed image")))
    outOfMemory();
  if (Desc->version != OMP_INDIRECT_IMAGE_DESC_VERSION) {
    fprintf(stderr,
            "omp-indirect: image '%s' was compiled for image descriptor "
            "version %u, but this runtime reads version %u; rebuild it with "
            "this release of omp-indirect\n",
            R.name, Desc->version, OMP_INDIRECT_IMAGE_DESC_VERSION);
    abort();
  }
  pthread_mutex_lock(&RegistryLock);
  for (size_t I = 0; I < NumImages; ++I)
    if (Images[I].desc == Desc) {
      pthread_mutex_unlock(&RegistryLock);
      free(R.name);
      return;
    }
  if (NumImages == Capacity) {
    size_t Cap = Capacity ? 2 * Capacity : 8;
    registered *New = realloc(Images, Cap * sizeof *New);
    if (!New)
      outOfMemory();
    Images = New;
    Capacity = Cap;
  }
  Images[NumImages++] = R;
  atomic_fetch_add_explicit(&Generation, 1, memory_order_release);
  pthread_mutex_unlock(&RegistryLock);
  if (omp_indirect_debug())
    fprintf(stderr, "omp-indirect: registered image '%s' (%zu FPTR entries)\n",
            R.name, (size_t)(Desc->entries_end - Desc->entries_begin));
}

int omp_indirect_registry_remove(const omp_indirect_image_desc *Desc,
                                 uintptr_t Ranges[8][2], unsigned *NumRanges) {
  int Found = 0;
  pthread_mutex_lock(&RegistryLock);
  for (size_t I = 0; I < NumImages; ++I) {
    if (Images[I].desc != Desc)
      continue;
    if (omp_indirect_debug())
      fprintf(stderr, "omp-indirect: unregistered image '%s'\n",
              Images[I].name);
    memcpy(Ranges, Images[I].ranges, sizeof Images[I].ranges);
    *NumRanges = Images[I].num_ranges;
    free(Images[I].name);
    Images[I] = Images[--NumImages];
    atomic_fetch_add_explicit(&Generation, 1, memory_order_release);
    Found = 1;
    break;
  }
  pthread_mutex_unlock(&RegistryLock);
  return Found;
}

uint64_t omp_indirect_registry_generation(void) {
  return atomic_load_explicit(&Generation, memory_order_acquire);
}

int omp_indirect_registered_images(void) {
  pthread_mutex_lock(&RegistryLock);
  int N = (int)NumImages;
  pthread_mutex_unlock(&RegistryLock);
  return N;
}

static size_t numEntries(const omp_indirect_image_desc *D) {
  return D->entries_begin ? (size_t)(D->entries_end - D->entries_begin) : 0;
}

/* Copies one registered image, its entries as unpaired pairs to Entries;
   returns nonzero when out of memory. */
static int copyImage(const registered *R, size_t Index,
                     omp_indirect_pair *Entries, omp_indirect_image *Out) {
  const omp_indirect_image_desc *D = R->desc;
  size_t N = numEntries(D);
  Out->desc = D;
  Out->map_p = D->map_p;
  Out->num_entries = N;
  Out->num_ranges = R->num_ranges;
  Out->code_ranges = R->code_ranges;
  memcpy(Out->ranges, R->ranges, sizeof Out->ranges);
  Out->name = strdup(R->name);
  Out->entries = Entries;
  if (!Out->name)
    return 1;
  for (size_t I = 0; I < N; ++I) {
    const omp_indirect_entry *E = &D->entries_begin[I];
    Entries[I] = (omp_indirect_pair){
        (uint64_t)(uintptr_t)E->addr,
        omp_indirect_entry_fields(E->size, E->reserved), Index, E->name};
  }
  return 0;
}

int omp_indirect_registry_snapshot(omp_indirect_image **Out, size_t *N,
                                   uint64_t *Gen) {
  pthread_mutex_lock(&RegistryLock);
  size_t Count = NumImages, Total = 0;
  for (size_t I = 0; I < Count; ++I)
    Total += numEntries(Images[I].desc);
  omp_indirect_image *Copy = calloc(Count ? Count : 1, sizeof *Copy);
  omp_indirect_pair *Entries = malloc((Total ? Total : 1) * sizeof *Entries);
  int Failed = !Copy || !Entries;
  if (!Failed) /* Written in full below, and 2 MiB at 65,536 functions. */
    omp_indirect_prefault(Entries, Total * sizeof *Entries);
  if (Failed || !Count) { /* Then no image holds it. */
    free(Entries);
    Entries = NULL;
  }
  size_t At = 0;
  for (size_t I = 0; !Failed && I < Count; ++I) {
    Failed = copyImage(&Images[I], I, Entries + At, &Copy[I]);
    At += Copy[I].num_entries;
  }
  *Gen = atomic_load_explicit(&Generation, memory_order_relaxed);
  pthread_mutex_unlock(&RegistryLock);
  if (Failed) {
    omp_indirect_registry_free(Copy, Copy ? Count : 0);
    fprintf(stderr, "omp-indirect: out of memory copying the image registry\n");
    return 1;
  }
  *Out = Copy;
  *N = Count;
  return 0;
}

void omp_indirect_registry_free(omp_indirect_image *Images, size_t N) {
  for (size_t I = 0; I < N; ++I)
    free((char *)Images[I].name);
  if (N)
    free(Images[0].entries); /* The one buffer of every image's entries. */
  free(Images);
}

int omp_indirect_image_owns(const omp_indirect_image *Image, uintptr_t Addr) {
  for (unsigned I = 0; I < Image->num_ranges; ++I)
    if (Addr >= Image->ranges[I][0] && Addr < Image->ranges[I][1])
      return 1;
  return 0;
}
