/*===- Scratch.c - large host buffers kept between steps and constructs ---===*
 *
 * Scratch.h. Each buffer starts with its capacity. Given-back ones of at
 * least KEEP_MIN bytes wait in Kept (KEEP_MAX at most, the largest kept)
 * until one fits a request within twice its size (a small array never
 * takes the image a later step needs).
 *
 *===----------------------------------------------------------------------===*/
#include "Scratch.h"

#include <pthread.h>
#include <stdlib.h>

#define KEEP_MIN ((size_t)1 << 18)
#define KEEP_MAX 8
#define HEADER 16

static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static char *Kept[KEEP_MAX];
static size_t NumKept;
static int Keeping;

static size_t capacity(const char *Base) { return *(const size_t *)Base; }

void *omp_indirect_scratch_take(size_t N) {
  char *Base = NULL;
  if (N >= KEEP_MIN) {
    pthread_mutex_lock(&Lock);
    size_t Best = NumKept;
    for (size_t I = 0; I < NumKept; ++I)
      if (capacity(Kept[I]) >= N && capacity(Kept[I]) / 2 <= N &&
          (Best == NumKept || capacity(Kept[I]) < capacity(Kept[Best])))
        Best = I;
    if (Best < NumKept) {
      Base = Kept[Best];
      Kept[Best] = Kept[--NumKept];
    }
    pthread_mutex_unlock(&Lock);
  }
  if (!Base) {
    Base = malloc(N + HEADER);
    if (!Base)
      return NULL;
    *(size_t *)Base = N;
  }
  return Base + HEADER;
}

void omp_indirect_scratch_give(void *P) {
  if (!P)
    return;
  char *Base = (char *)P - HEADER;
  if (capacity(Base) >= KEEP_MIN) {
    pthread_mutex_lock(&Lock);
    if (Keeping && NumKept < KEEP_MAX) {
      Kept[NumKept++] = Base;
      Base = NULL;
    } else if (Keeping) { /* Keep the larger ones. */
      size_t Min = 0;
      for (size_t I = 1; I < NumKept; ++I)
        if (capacity(Kept[I]) < capacity(Kept[Min]))
          Min = I;
      if (capacity(Kept[Min]) < capacity(Base)) {
        char *Old = Kept[Min];
        Kept[Min] = Base;
        Base = Old;
      }
    }
    pthread_mutex_unlock(&Lock);
  }
  free(Base);
}

void omp_indirect_scratch_keep(int Yes) {
  pthread_mutex_lock(&Lock);
  Keeping = Yes;
  while (!Yes && NumKept)
    free(Kept[--NumKept]);
  pthread_mutex_unlock(&Lock);
}
