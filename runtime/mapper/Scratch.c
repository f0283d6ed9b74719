/*===- Scratch.c - large host buffers kept between steps and constructs ---===*
 *
 * Scratch.h. Each buffer starts with a header: its capacity and the
 * construct that gave it back last. Given-back ones of at least KEEP_MIN
 * bytes wait in Kept (KEEP_MAX at most, the largest kept) until one fits a
 * request within twice its size (a small array never takes the image a
 * later step needs), or until AGE_MAX constructs passed without using it.
 * What is kept at exit is freed then.
 *
 *===----------------------------------------------------------------------===*/
#include "Scratch.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define KEEP_MIN ((size_t)1 << 18)
#define KEEP_MAX 8
#define AGE_MAX 4

typedef struct header {
  size_t Cap;
  uint64_t Given; /* The construct count when it was given back. */
} header;
#define HEADER 16
_Static_assert(sizeof(header) <= HEADER, "header fits");

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
  if (!H) {
    H = malloc(N + HEADER);
    if (!H)
      return NULL;
    H->Cap = N;
  }
  return (char *)H + HEADER;
}

void omp_indirect_scratch_give(void *P) {
  if (!P)
    return;
  header *H = (header *)((char *)P - HEADER);
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
  free(H);
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
  } else {
    /* realloc moves large buffers by remapping their pages: nothing is
       copied, and only the pages written are touched. */
    H = realloc(*Data ? (char *)*Data - HEADER : NULL,
                NewCap * Elem + HEADER);
    if (!H)
      return 1;
    H->Cap = NewCap * Elem;
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
      free(Kept[I]);
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
    free(Kept[--NumKept]);
  pthread_mutex_unlock(&Lock);
}
