/*===- table/Foreign.c - host ranges libomptarget may hold -----------------===*
 *
 * A sorted array of disjoint host ranges (Foreign.h). Noting a range merges
 * it with those it touches; past MAX_RANGES the array is coarsened by
 * joining neighbours in pairs, which only makes it cover more (a pointee
 * in a gap then costs a question to libomptarget, never a wrong answer).
 * Loaded objects' segments are noted whenever the loader's count of added
 * objects moved on, so the globals of every image, built with the plugin
 * or not, are in the set before a construct asks.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "Foreign.h"

#include "Libomptarget.h"

#include <link.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANGES 4096
#define RECENT 64

typedef struct range {
  uintptr_t Lo, Hi;
} range;

static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static range Ranges[MAX_RANGES + 1];
static size_t NumRanges;
static unsigned long long SeenAdds = ~0ULL;

/* Per thread: ranges this thread noted (a hit means the set covers it,
   since the set never shrinks). */
static _Thread_local range Recent[RECENT]
    __attribute__((tls_model("initial-exec")));

/* The first range with Hi >= Lo (the first one that Lo may touch). */
static size_t firstReaching(uintptr_t Lo) {
  size_t A = 0, Z = NumRanges;
  while (A < Z) {
    size_t M = A + (Z - A) / 2;
    if (Ranges[M].Hi < Lo)
      A = M + 1;
    else
      Z = M;
  }
  return A;
}

static void coarsen(void) {
  size_t K = 0;
  for (size_t I = 0; I < NumRanges; I += 2) {
    range R = Ranges[I];
    if (I + 1 < NumRanges)
      R.Hi = Ranges[I + 1].Hi;
    Ranges[K++] = R;
  }
  NumRanges = K;
}

/* Adds [Lo, Hi), merging what it touches. Called with Lock held. */
static void addLocked(uintptr_t Lo, uintptr_t Hi) {
  size_t I = firstReaching(Lo), J = I;
  while (J < NumRanges && Ranges[J].Lo <= Hi) {
    if (Ranges[J].Lo < Lo)
      Lo = Ranges[J].Lo;
    if (Ranges[J].Hi > Hi)
      Hi = Ranges[J].Hi;
    ++J;
  }
  if (J == I) {
    memmove(&Ranges[I + 1], &Ranges[I], sizeof *Ranges * (NumRanges - I));
    ++NumRanges;
  } else if (J > I + 1) {
    memmove(&Ranges[I + 1], &Ranges[J], sizeof *Ranges * (NumRanges - J));
    NumRanges -= J - I - 1;
  }
  Ranges[I] = (range){Lo, Hi};
  if (NumRanges > MAX_RANGES)
    coarsen();
}

void omp_indirect_foreign_note(uintptr_t Lo, uintptr_t Hi) {
  if (Hi <= Lo)
    return;
  range *R = &Recent[((Lo >> 4) ^ (Hi >> 4)) % RECENT];
  if (R->Lo == Lo && R->Hi == Hi)
    return;
  pthread_mutex_lock(&Lock);
  addLocked(Lo, Hi);
  pthread_mutex_unlock(&Lock);
  *R = (range){Lo, Hi};
}

static int noteObject(struct dl_phdr_info *Info, size_t Size, void *Data) {
  (void)Size;
  (void)Data;
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) *Ph = &Info->dlpi_phdr[I];
    if (Ph->p_type != PT_LOAD || !Ph->p_memsz)
      continue;
    uintptr_t Lo = Info->dlpi_addr + Ph->p_vaddr;
    addLocked(Lo, Lo + Ph->p_memsz);
  }
  return 0;
}

static int readAdds(struct dl_phdr_info *Info, size_t Size, void *Data) {
  (void)Size;
  *(unsigned long long *)Data = Info->dlpi_adds;
  return 1;
}

void omp_indirect_foreign_begin(omp_indirect_foreign *F, int Device) {
  F->Device = Device;
  F->At = 0;
  F->FreeLo = 1;
  F->FreeHi = 0;
  pthread_mutex_lock(&Lock);
  /* Objects loaded since the last construct bring their globals. */
  unsigned long long Adds = 0;
  dl_iterate_phdr(readAdds, &Adds);
  if (Adds != SeenAdds) {
    dl_iterate_phdr(noteObject, NULL);
    SeenAdds = Adds;
  }
}

void omp_indirect_foreign_end(omp_indirect_foreign *F) {
  (void)F;
  pthread_mutex_unlock(&Lock);
}

int omp_indirect_foreign_lookup(omp_indirect_foreign *F, uintptr_t Lo,
                                uintptr_t Hi) {
  /* The first range ending above Lo is the only one that can reach into
     [Lo, Hi): the ranges are disjoint and sorted. Pointees come in order,
     so it is usually where the last lookup ended. */
  size_t I = F->At;
  if (!((I == NumRanges || Ranges[I].Hi > Lo) &&
        (I == 0 || Ranges[I - 1].Hi <= Lo)))
    I = F->At = firstReaching(Lo + 1);
  if (I == NumRanges || Ranges[I].Lo >= Hi) {
    /* [Lo, Hi) lies between range I - 1 and range I. */
    F->FreeLo = I ? Ranges[I - 1].Hi : 0;
    F->FreeHi = I < NumRanges ? Ranges[I].Lo : UINTPTR_MAX;
    return 0;
  }
  return OMP_INDIRECT_NEXT(omp_target_is_present)((void *)Lo, F->Device) ||
         OMP_INDIRECT_NEXT(omp_target_is_present)((void *)(Hi - 1),
                                                  F->Device);
}
