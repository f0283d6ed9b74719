/*===- move/Shadow.c - the pointers the deep copy set, host and device -----===*
 *
 * Shadow.h. Called by Presence.c around every forwarded call with map
 * arrays while the runtime owns pointees.
 *
 *===----------------------------------------------------------------------===*/
#include "Shadow.h"

#include "MapList.h"
#include "MapTypes.h"
#include "OmpIndirectRT.h"
#include "Scratch.h"
#include "Table.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Words that can be a host address of data: above the first page, below
   the top of user space (x86_64 and AArch64: 47 and 48 bits). Doubles and
   small integers fail this at once, so a large range costs a compare per
   word and a table lookup only per likely pointer. */
#define LOWEST_ADDRESS 4096u
#define HIGHEST_ADDRESS ((uintptr_t)1 << 48)

_Thread_local int omp_indirect_shadow_off;

static void note(omp_indirect_shadow *S, uintptr_t *Host, uintptr_t HostVal,
                 uintptr_t DevVal, int64_t Motion, int32_t Entry) {
  /* Entries overlap (a descriptor, then its address field): one word each,
     looked for among the last few. */
  for (int64_t I = S->N; I-- > 0 && I >= S->N - 8;)
    if (S->W[I].Host == Host) {
      S->W[I].Motion |= Motion;
      return;
    }
  if ((size_t)S->N == S->Cap &&
      omp_indirect_scratch_grow((void **)&S->W, &S->Cap, (size_t)S->N + 1,
                                sizeof *S->W)) {
    omp_indirect_error(S->Device, "out of host memory; stopping rather "
                                  "than leave device pointers on the host");
    abort();
  }
  S->W[S->N++] =
      (omp_indirect_shadow_word){Host, HostVal, DevVal, Motion, Entry};
}

/* The owned pointee holding host address V, or NULL: the cursor's or the
   one after it when the words name pointees in their order (the address
   fields of an array of records), else a lookup in the table. */
static omp_indirect_owned *containing(int Device, uintptr_t V,
                                      omp_indirect_cursor *C) {
  omp_indirect_block *B = C->Block;
  if (B && C->Generation == omp_indirect_owned_generation &&
      B->Device == Device)
    for (int64_t I = C->At; I <= C->At + 1 && I < B->N; ++I) {
      omp_indirect_owned *E = &B->E[I];
      if (E->Refs >= 0 && E->Lo <= V && V - E->Lo < E->Size) {
        C->At = I;
        return E;
      }
    }
  omp_indirect_owned *E = omp_indirect_owned_containing(Device, V);
  if (E) {
    C->Block = omp_indirect_owned_block(E);
    C->At = E - C->Block->E;
    C->Generation = omp_indirect_owned_generation;
  }
  return E;
}

void omp_indirect_shadow_before(omp_indirect_shadow *S, int64_t Moves,
                                int Device,
                                int32_t N, void **Begins,
                                const int64_t *Sizes, const int64_t *Types) {
  memset(S, 0, sizeof *S);
  S->Device = Device;
  if (omp_indirect_shadow_off)
    return;
  omp_indirect_cursor Cursor = {0};
  for (int32_t I = 0; I < N; ++I) {
    int64_t T = Types[I];
    int64_t Motion = T & Moves;
    if (!Motion || (T & (OMP_INDIRECT_MAP_LITERAL | OMP_INDIRECT_MAP_NON_CONTIG |
                         OMP_INDIRECT_MAP_ATTACH)) ||
        Sizes[I] < (int64_t)sizeof(void *) || !Begins[I])
      continue;
    uintptr_t Lo = ((uintptr_t)Begins[I] + sizeof(void *) - 1) &
                   ~(uintptr_t)(sizeof(void *) - 1);
    uintptr_t Hi = (uintptr_t)Begins[I] + (uintptr_t)Sizes[I];
    for (uintptr_t P = Lo; P + sizeof(void *) <= Hi; P += sizeof(void *)) {
      uintptr_t V = *(uintptr_t *)P;
      if (V < LOWEST_ADDRESS || V >= HIGHEST_ADDRESS)
        continue;
      omp_indirect_owned *E = containing(Device, V, &Cursor);
      if (E)
        note(S, (uintptr_t *)P, V,
             (uintptr_t)omp_indirect_owned_at(E, V), Motion, I);
    }
  }
}

static void copyOrDie(int Device, void *Dst, const void *Src, size_t N,
                      int ToDevice) {
  int Host = omp_get_initial_device();
  if (omp_target_memcpy(Dst, Src, N, 0, 0, ToDevice ? Device : Host,
                        ToDevice ? Host : Device)) {
    omp_indirect_error(Device, "cannot set device pointers after 'target "
                               "update to'; stopping");
    abort();
  }
}

/* Device values for the `to` words W[0..N) of one entry: one copy each,
   or, for many, one read and one write of the span they lie in (the entry
   is mapped in one piece). Still mapped: an update maps nothing. */
static void setDevice(int Device, const omp_indirect_shadow_word *W,
                      int64_t N) {
  char *Dev = omp_indirect_mapped_ptr(W[0].Host, Device);
  if (!Dev)
    return;
  if (N <= 2) {
    for (int64_t I = 0; I < N; ++I)
      copyOrDie(Device, Dev + ((char *)W[I].Host - (char *)W[0].Host),
                &W[I].DevVal, sizeof W[I].DevVal, 1);
    return;
  }
  uintptr_t Lo = (uintptr_t)W[0].Host, Hi = Lo;
  for (int64_t I = 0; I < N; ++I) {
    Lo = (uintptr_t)W[I].Host < Lo ? (uintptr_t)W[I].Host : Lo;
    Hi = (uintptr_t)(W[I].Host + 1) > Hi ? (uintptr_t)(W[I].Host + 1) : Hi;
  }
  Dev -= (uintptr_t)W[0].Host - Lo;
  char *Img = malloc(Hi - Lo);
  if (!Img) {
    omp_indirect_error(Device, "out of host memory; stopping rather than "
                               "leave host pointers on the device");
    abort();
  }
  copyOrDie(Device, Img, Dev, Hi - Lo, 0);
  for (int64_t I = 0; I < N; ++I)
    memcpy(Img + ((uintptr_t)W[I].Host - Lo), &W[I].DevVal,
           sizeof W[I].DevVal);
  copyOrDie(Device, Dev, Img, Hi - Lo, 1);
  free(Img);
}

void omp_indirect_shadow_after(omp_indirect_shadow *S) {
  for (int64_t I = 0; I < S->N; ++I) {
    omp_indirect_shadow_word *W = &S->W[I];
    if ((W->Motion & OMP_INDIRECT_MAP_FROM) && *W->Host == W->DevVal)
      *W->Host = W->HostVal;
  }
  /* `to` words, entry by entry (the list is in entry order). */
  for (int64_t I = 0; I < S->N; ++I) {
    if (!(S->W[I].Motion & OMP_INDIRECT_MAP_TO))
      continue;
    int64_t J = I + 1;
    while (J < S->N && S->W[J].Entry == S->W[I].Entry &&
           (S->W[J].Motion & OMP_INDIRECT_MAP_TO))
      ++J;
    setDevice(S->Device, &S->W[I], J - I);
    I = J - 1;
  }
  omp_indirect_scratch_give(S->W);
  S->W = NULL;
  S->N = 0;
  S->Cap = 0;
}
