/*===- Bulk.c - what the steps of the bulk deep copy share ----------------===*
 *
 * Errors, allocation, single transfers and the motion of one pointee, used
 * by the placement (Place.c) and the transfers (Transfer.c). Bulk.h has the
 * whole path; the rules are in docs/mapper.md.
 *
 *===----------------------------------------------------------------------===*/
#include "Bulk.h"

#include "OmpIndirectRT.h"

#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MOTION OMP_INDIRECT_MAP_MOTION

void omp_indirect_bulk_die(const omp_indirect_bulk *B, const char *What) {
  omp_indirect_error(B->Device,
                     "deep copy through 'declare mapper': %s; stopping "
                     "rather than map partial data",
                     What);
  abort();
}

void *omp_indirect_bulk_alloc(const omp_indirect_bulk *B, size_t N) {
  void *P = malloc(N ? N : 1);
  if (!P)
    omp_indirect_bulk_die(B, "out of host memory");
  return P;
}

/* ---- Scratch memory. ---- */

/* Each scratch allocation starts with its capacity. Freed ones of at least
   KEEP_MIN bytes wait in Kept (KEEP_MAX at most, the largest kept) until
   one fits a request (at most twice its size: a small array never takes
   the image a later step needs), or the runtime owns no pointee any
   more. */
#define KEEP_MIN ((size_t)1 << 18)
#define KEEP_MAX 8
#define HEADER 16

static pthread_mutex_t KeptLock = PTHREAD_MUTEX_INITIALIZER;
static char *Kept[KEEP_MAX];
static size_t NumKept;

static size_t capacity(const char *Base) { return *(const size_t *)Base; }

void *omp_indirect_bulk_scratch(const omp_indirect_bulk *B, size_t N) {
  char *Base = NULL;
  if (N >= KEEP_MIN) {
    pthread_mutex_lock(&KeptLock);
    size_t Best = NumKept;
    for (size_t I = 0; I < NumKept; ++I)
      if (capacity(Kept[I]) >= N && capacity(Kept[I]) / 2 <= N &&
          (Best == NumKept || capacity(Kept[I]) < capacity(Kept[Best])))
        Best = I;
    if (Best < NumKept) {
      Base = Kept[Best];
      Kept[Best] = Kept[--NumKept];
    }
    pthread_mutex_unlock(&KeptLock);
  }
  if (!Base) {
    Base = omp_indirect_bulk_alloc(B, N + HEADER);
    *(size_t *)Base = N;
  }
  return Base + HEADER;
}

static void dropKept(void) {
  while (NumKept)
    free(Kept[--NumKept]);
}

void omp_indirect_bulk_unscratch(void *P) {
  if (!P)
    return;
  char *Base = (char *)P - HEADER;
  if (capacity(Base) < KEEP_MIN) {
    free(Base);
    return;
  }
  pthread_mutex_lock(&KeptLock);
  if (NumKept == KEEP_MAX) { /* Keep the larger ones. */
    size_t Min = 0;
    for (size_t I = 1; I < NumKept; ++I)
      if (capacity(Kept[I]) < capacity(Kept[Min]))
        Min = I;
    if (capacity(Kept[Min]) < capacity(Base)) {
      free(Kept[Min]);
      Kept[Min] = Base;
      Base = NULL;
    }
  } else {
    Kept[NumKept++] = Base;
    Base = NULL;
  }
  pthread_mutex_unlock(&KeptLock);
  free(Base);
}

void omp_indirect_bulk_to(const omp_indirect_bulk *B, void *Dev,
                          const void *Host, size_t N) {
  if (N && omp_target_memcpy(Dev, (void *)Host, N, 0, 0, B->Device,
                             omp_get_initial_device()))
    omp_indirect_bulk_die(B, "cannot copy to the device");
}

void omp_indirect_bulk_from(const omp_indirect_bulk *B, void *Host,
                            const void *Dev, size_t N) {
  if (N && omp_target_memcpy(Host, (void *)Dev, N, 0, 0,
                             omp_get_initial_device(), B->Device))
    omp_indirect_bulk_die(B, "cannot copy from the device");
}

int64_t omp_indirect_bulk_motion(const omp_indirect_bulk *B, int64_t I) {
  int32_t N;
  const omp_indirect_range *R = omp_indirect_ranges(&B->D, I, &N);
  int64_t M = B->D.P[I].Type & MOTION;
  for (int32_t K = 0; K < N; ++K)
    M |= R[K].Motion;
  return M;
}

void omp_indirect_bulk_overlay(const omp_indirect_bulk *B, int64_t I,
                               char *Img, int64_t Dir, int ToImage) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (P->Type & Dir) {
    if (ToImage)
      memcpy(Img, (void *)P->Lo, P->Hi - P->Lo);
    else
      memcpy((void *)P->Lo, Img, P->Hi - P->Lo);
    return;
  }
  int32_t N;
  const omp_indirect_range *Ranges = omp_indirect_ranges(&B->D, I, &N);
  for (int32_t K = 0; K < N; ++K) {
    const omp_indirect_range *R = &Ranges[K];
    if (!(R->Motion & Dir))
      continue;
    char *At = Img + (R->Lo - P->Lo);
    if (ToImage)
      memcpy(At, (void *)R->Lo, R->Hi - R->Lo);
    else
      memcpy((void *)R->Lo, At, R->Hi - R->Lo);
  }
}

void *omp_indirect_bulk_devptr(const omp_indirect_bulk *B, int64_t I) {
  const omp_indirect_pointee *P = &B->D.P[I];
  char *At = B->DevAt[I];
  if (!At)
    return *P->Slot; /* Not on the device: the host value stays. */
  return At - (P->Lo - (uintptr_t)*P->Slot);
}

int64_t omp_indirect_bulk_direction(const omp_indirect_bulk *B) {
  int64_t Dir = 0;
  for (int32_t K = 0; K < B->D.NumEntries; ++K)
    Dir |= B->D.User[K] & MOTION;
  return Dir;
}

void omp_indirect_bulk_free(omp_indirect_bulk *B) {
  omp_indirect_free_deep(&B->D);
  omp_indirect_bulk_unscratch(B->Class);
  omp_indirect_bulk_unscratch(B->DevAt);
  omp_indirect_bulk_unscratch(B->Saved);
  omp_indirect_bulk_unscratch(B->Left);
  omp_indirect_bulk_unscratch(B->Owner);
  free(B->Tops);
  free(B->Fresh);
  memset(B, 0, sizeof *B);
  /* What was kept serves constructs on pointees the runtime owns; with
     none, the memory goes back. */
  if (!omp_indirect_owned_any()) {
    pthread_mutex_lock(&KeptLock);
    dropKept();
    pthread_mutex_unlock(&KeptLock);
  }
}
