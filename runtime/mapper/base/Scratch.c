/*===- base/Scratch.c - large host buffers kept between constructs ---------===*
 *
 * Scratch.h. Each buffer starts with a header: its capacity and the
 * construct that gave it back last. Given-back ones of at least KEEP_MIN
 * bytes wait in Kept (KEEP_MAX at most, the largest kept) until one fits a
 * request within twice its size (a small array never takes the image a
 * later step needs), or until AGE_MAX constructs passed without using it.
 * What is kept at exit is freed then.
 *
 * Buffers of HUGE bytes or more are mappings of their own, aligned to
 * HUGE and marked for transparent huge pages (madvise): their first touch
 * costs one page fault per 2 MiB instead of one per 4 KiB, and the fault's
 * fixed cost (the memory cgroup's charge, the page tables) was most of the
 * cost of filling fresh memory (docs/mapper.md, "Where the time goes"). A
 * mapped buffer grows by moving its pages (mremap), never by copying them.
 *
 * A transient buffer (a construct's, given back before it ends) of KEEP_MIN
 * bytes or more is first asked of the thread's mapper stack, idle between
 * expansions (MapperStack.h): its top is warm after a large expansion.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "Scratch.h"
#include "MapperStack.h"

#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>

#define KEEP_MIN ((size_t)1 << 18)
#define KEEP_MAX 8
#define AGE_MAX 4

/* Mappings of their own from this size on (one transparent huge page). */
#define HUGE ((size_t)2 << 20)

typedef struct header {
  size_t Cap;
  uint64_t Given; /* The construct count when it was given back. */
  size_t Mapped;  /* The mapping's length (header included); 0: malloc'd. */
  uint64_t Magic; /* MAGIC: a buffer of this file's. */
} header;
#define HEADER 32
_Static_assert(sizeof(header) <= HEADER, "header fits");
#define MAGIC 0x6863746172636d6full /* "omcratch" */

/* The header of buffer P. A pointer that is neither this file's buffer nor
   lent to this thread by its mapper stack (one given back on another
   thread) stops the program rather than corrupt memory. */
static header *headerOf(void *P) {
  header *H = (header *)((char *)P - HEADER);
  if (H->Magic != MAGIC) {
    fprintf(stderr, "omp-indirect: internal error: a mapper buffer at %p "
                    "was given back that the runtime did not hand out on "
                    "this thread\n", P);
    abort();
  }
  return H;
}

static size_t roundHuge(size_t N) { return (N + HUGE - 1) & ~(HUGE - 1); }

/* Len bytes (a multiple of HUGE) of fresh memory aligned to HUGE, or NULL. */
static char *mapAligned(size_t Len) {
  char *Raw = mmap(NULL, Len + HUGE, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Raw == MAP_FAILED)
    return NULL;
  char *A = (char *)(((uintptr_t)Raw + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
  if (A > Raw)
    munmap(Raw, (size_t)(A - Raw));
  if (Raw + HUGE > A)
    munmap(A + Len, (size_t)(Raw + HUGE - A));
  return A;
}

/* A mapped buffer for N bytes of data, or NULL. */
static header *mapBuffer(size_t N) {
  size_t Len = roundHuge(N + HEADER);
  header *H = (header *)mapAligned(Len);
  if (!H)
    return NULL;
  madvise(H, Len, MADV_HUGEPAGE);
  H->Mapped = Len;
  H->Cap = Len - HEADER;
  H->Magic = MAGIC;
  return H;
}

/* Grows mapped buffer H to hold N bytes of data, moving its pages to a new
   aligned place; NULL (H unchanged) when out of memory. */
static header *remapBuffer(header *H, size_t N) {
  size_t Len = roundHuge(N + HEADER);
  char *To = mapAligned(Len);
  if (!To)
    return NULL;
  void *Moved = mremap(H, H->Mapped, Len, MREMAP_MAYMOVE | MREMAP_FIXED, To);
  if (Moved == MAP_FAILED) {
    munmap(To, Len);
    return NULL;
  }
  H = Moved;
  madvise(H, Len, MADV_HUGEPAGE);
  H->Mapped = Len;
  H->Cap = Len - HEADER;
  return H;
}

static void release(header *H) {
  if (!H)
    return;
  if (H->Mapped)
    munmap(H, H->Mapped);
  else
    free(H);
}

static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static header *Kept[KEEP_MAX];
static size_t NumKept;
static uint64_t Constructs;

/* A kept buffer for N bytes (within twice N), or NULL. */
static header *takeKept(size_t N) {
  header *H = NULL;
  if (N < KEEP_MIN)
    return NULL;
  pthread_mutex_lock(&Lock);
  size_t Best = NumKept;
  for (size_t I = 0; I < NumKept; ++I)
    if (Kept[I]->Cap >= N && Kept[I]->Cap / 2 <= N &&
        (Best == NumKept || Kept[I]->Cap < Kept[Best]->Cap))
      Best = I;
  if (Best < NumKept) {
    H = Kept[Best];
    Kept[Best] = Kept[--NumKept];
  }
  pthread_mutex_unlock(&Lock);
  return H;
}

void *omp_indirect_scratch_take(size_t N) {
  header *H = takeKept(N);
  if (!H && N + HEADER >= HUGE)
    H = mapBuffer(N);
  else if (!H) {
    H = malloc(N + HEADER);
    if (!H)
      return NULL;
    H->Cap = N;
    H->Mapped = 0;
    H->Magic = MAGIC;
  }
  if (!H)
    return NULL;
  return (char *)H + HEADER;
}

void *omp_indirect_scratch_take_transient(size_t N) {
  void *P = N >= KEEP_MIN ? omp_indirect_mapper_stack_lend(N) : NULL;
  return P ? P : omp_indirect_scratch_take(N);
}

void omp_indirect_scratch_give(void *P) {
  if (!P || omp_indirect_mapper_stack_unlend(P))
    return;
  header *H = headerOf(P);
  if (H->Cap >= KEEP_MIN) {
    pthread_mutex_lock(&Lock);
    H->Given = Constructs;
    if (NumKept < KEEP_MAX) {
      Kept[NumKept++] = H;
      H = NULL;
    } else { /* Keep the larger ones. */
      size_t Min = 0;
      for (size_t I = 1; I < NumKept; ++I)
        if (Kept[I]->Cap < Kept[Min]->Cap)
          Min = I;
      if (Kept[Min]->Cap < H->Cap) {
        header *Old = Kept[Min];
        Kept[Min] = H;
        H = Old;
      }
    }
    pthread_mutex_unlock(&Lock);
  }
  release(H);
}

int omp_indirect_scratch_grow(void **Data, size_t *Cap, size_t Need,
                              size_t Elem) {
  if (Need <= *Cap)
    return 0;
  size_t NewCap = *Cap ? *Cap : 64;
  while (NewCap < Need)
    NewCap *= 2;
  header *H = takeKept(NewCap * Elem);
  if (H) { /* Pages an earlier construct touched, all of them. */
    if (*Cap)
      memcpy((char *)H + HEADER, *Data, *Cap * Elem);
    omp_indirect_scratch_give(*Data);
    NewCap = H->Cap / Elem;
  } else if (*Data && headerOf(*Data)->Mapped) {
    /* Pages move: nothing is copied, only the pages written are touched. */
    H = remapBuffer(headerOf(*Data), NewCap * Elem);
    if (!H)
      return 1;
    NewCap = H->Cap / Elem;
  } else if (NewCap * Elem + HEADER >= HUGE) {
    H = mapBuffer(NewCap * Elem);
    if (!H)
      return 1;
    if (*Cap)
      memcpy((char *)H + HEADER, *Data, *Cap * Elem);
    omp_indirect_scratch_give(*Data);
    NewCap = H->Cap / Elem;
  } else {
    H = realloc(*Data ? (char *)headerOf(*Data) : NULL,
                NewCap * Elem + HEADER);
    if (!H)
      return 1;
    H->Cap = NewCap * Elem;
    H->Mapped = 0;
    H->Magic = MAGIC;
  }
  *Data = (char *)H + HEADER;
  *Cap = NewCap;
  return 0;
}

void omp_indirect_scratch_tick(void) {
  pthread_mutex_lock(&Lock);
  ++Constructs;
  for (size_t I = 0; I < NumKept;) {
    if (Constructs - Kept[I]->Given > AGE_MAX) {
      release(Kept[I]);
      Kept[I] = Kept[--NumKept];
    } else {
      ++I;
    }
  }
  pthread_mutex_unlock(&Lock);
}

__attribute__((destructor)) static void freeKept(void) {
  pthread_mutex_lock(&Lock);
  while (NumKept)
    release(Kept[--NumKept]);
  pthread_mutex_unlock(&Lock);
}
