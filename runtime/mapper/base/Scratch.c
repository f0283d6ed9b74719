/*===- base/Scratch.c - large host buffers kept between constructs ---------===*
 *
 * Scratch.h. Each buffer starts with a header: its capacity and the
 * construct that gave it back last. Given-back ones of at least KEEP_MIN
 * bytes wait in Kept (KEEP_MAX at most, the largest kept) until one fits a
 * request within twice its size (a small array never takes the image a
 * later step needs), or until AGE_MAX constructs passed without using it.
 * What is kept at exit is freed then.
 *
 * Buffers of MAPPED bytes or more are mappings of their own, which grow by
 * moving their pages (mremap), never by copying them. They are kept out of
 * transparent huge pages (MADV_NOHUGEPAGE), whatever the machine's policy:
 * a fresh 2 MiB page is cheap on a warm machine and several times slower
 * after an idle while (a virtual machine that gave its idle memory back
 * to its host backs the whole page at once), which made a program's first
 * construct after a compute phase 3 to 6 times slower than the others.
 * A grown buffer's new room is made present in one call where it will be
 * written (Populate.h).
 *
 * A transient buffer (a construct's, given back before it ends) of KEEP_MIN
 * bytes or more is first asked of the thread's mapper stack, idle between
 * expansions (MapperStack.h): its top is warm after a large expansion.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "Scratch.h"
#include "MapperStack.h"
#include "Populate.h"

#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KEEP_MIN ((size_t)1 << 18)
#define KEEP_MAX 8
#define AGE_MAX 4

/* Mappings of their own from this size on. */
#define MAPPED ((size_t)2 << 20)


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

static size_t pageSize(void) {
  static size_t Page;
  if (!Page)
    Page = (size_t)sysconf(_SC_PAGESIZE);
  return Page;
}

static size_t roundPages(size_t N) {
  return (N + pageSize() - 1) & ~(pageSize() - 1);
}

/* A mapped buffer for N bytes of data, or NULL. */
static header *mapBuffer(size_t N) {
  size_t Len = roundPages(N + HEADER);
  header *H = mmap(NULL, Len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (H == MAP_FAILED)
    return NULL;
  omp_indirect_no_huge_pages(H, Len);
  H->Mapped = Len;
  H->Cap = Len - HEADER;
  H->Magic = MAGIC;
  return H;
}

/* Grows mapped buffer H to hold N bytes of data, its pages moved where
   the kernel finds room; NULL (H unchanged) when out of memory. */
static header *remapBuffer(header *H, size_t N) {
  size_t Len = roundPages(N + HEADER);
  void *Moved = mremap(H, H->Mapped, Len, MREMAP_MAYMOVE);
  if (Moved == MAP_FAILED)
    return NULL;
  H = Moved;
  omp_indirect_no_huge_pages(H, Len);
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
  if (!H && N + HEADER >= MAPPED)
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

/* Grows *Data (capacity *Cap, of Elem-sized elements) to NewCap, keeping
   its contents, and makes Fill elements beyond the old capacity present
   where the buffer is a mapping of its own. Returns 0, or 1 when out of
   memory. */
static int growTo(void **Data, size_t *Cap, size_t NewCap, size_t Elem,
                  size_t Fill) {
  size_t OldCap = *Cap;
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
  } else if (NewCap * Elem + HEADER >= MAPPED) {
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
  if (H->Mapped)
    omp_indirect_populate((char *)*Data + OldCap * Elem, Fill * Elem);
  return 0;
}

int omp_indirect_scratch_grow(void **Data, size_t *Cap, size_t Need,
                              size_t Elem) {
  if (Need <= *Cap)
    return 0;
  size_t NewCap = *Cap ? *Cap : 64;
  while (NewCap < Need)
    NewCap *= 2;
  /* The records fill a grown buffer from its old end: the first half of the
     new room is populated at once (at worst half as much as it holds goes
     unused), the rest faults in as written. */
  return growTo(Data, Cap, NewCap, Elem, (NewCap - *Cap) / 2);
}

int omp_indirect_scratch_reserve(void **Data, size_t *Cap, size_t Need,
                                 size_t Elem) {
  if (Need <= *Cap)
    return 0;
  return growTo(Data, Cap, Need, Elem, 0);
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
