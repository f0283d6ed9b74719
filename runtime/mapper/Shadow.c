/*===- Shadow.c - keep the pointers the deep copy set, host and device ----===*
 *
 * Shadow.h. Called by Presence.c around every forwarded call with map
 * arrays while the runtime owns pointees.
 *
 *===----------------------------------------------------------------------===*/
#include "Shadow.h"

#include "Libomptarget.h"
#include "MapTypes.h"
#include "OmpIndirectRT.h"
#include "Table.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LARGEST_READ 4096

_Thread_local int omp_indirect_shadow_off;

static void note(omp_indirect_shadow *S, uintptr_t *Host, uintptr_t HostVal,
                 uintptr_t DevVal, int64_t Motion) {
  /* Entries overlap (a descriptor, then its address field): one word each,
     looked for among the last few. */
  for (int64_t I = S->N; I-- > 0 && I >= S->N - 8;)
    if (S->W[I].Host == Host) {
      S->W[I].Motion |= Motion;
      return;
    }
  if (S->N == S->Cap) {
    int64_t Cap = S->Cap ? 2 * S->Cap : 16;
    omp_indirect_shadow_word *W = realloc(S->W, sizeof *W * (size_t)Cap);
    if (!W) {
      omp_indirect_error(S->Device, "out of host memory; stopping rather "
                                    "than leave device pointers on the host");
      abort();
    }
    S->W = W;
    S->Cap = Cap;
  }
  S->W[S->N++] = (omp_indirect_shadow_word){Host, HostVal, DevVal, Motion};
}

void omp_indirect_shadow_before(omp_indirect_shadow *S, int64_t Moves,
                                int Device,
                                int32_t N, void **Begins,
                                const int64_t *Sizes, const int64_t *Types) {
  memset(S, 0, sizeof *S);
  S->Device = Device;
  if (omp_indirect_shadow_off)
    return;
  for (int32_t I = 0; I < N; ++I) {
    int64_t T = Types[I];
    int64_t Motion = T & Moves;
    if (!Motion || (T & (OMP_INDIRECT_MAP_LITERAL | OMP_INDIRECT_MAP_NON_CONTIG |
                         OMP_INDIRECT_MAP_ATTACH)) ||
        Sizes[I] < (int64_t)sizeof(void *) || Sizes[I] > LARGEST_READ ||
        !Begins[I])
      continue;
    uintptr_t Lo = ((uintptr_t)Begins[I] + sizeof(void *) - 1) &
                   ~(uintptr_t)(sizeof(void *) - 1);
    uintptr_t Hi = (uintptr_t)Begins[I] + (uintptr_t)Sizes[I];
    for (uintptr_t P = Lo; P + sizeof(void *) <= Hi; P += sizeof(void *)) {
      uintptr_t V = *(uintptr_t *)P;
      if (V < 4096)
        continue;
      omp_indirect_owned *E = omp_indirect_owned_containing(Device, V);
      if (E)
        note(S, (uintptr_t *)P, V,
             (uintptr_t)omp_indirect_owned_dev(E) + (V - E->Lo), Motion);
    }
  }
}

void omp_indirect_shadow_after(omp_indirect_shadow *S) {
  for (int64_t I = 0; I < S->N; ++I) {
    omp_indirect_shadow_word *W = &S->W[I];
    if ((W->Motion & OMP_INDIRECT_MAP_FROM) && *W->Host == W->DevVal)
      *W->Host = W->HostVal;
    if (!(W->Motion & OMP_INDIRECT_MAP_TO))
      continue;
    /* Still mapped: an update maps nothing and unmaps nothing. */
    void *Dev = omp_get_mapped_ptr(W->Host, S->Device);
    if (Dev && omp_target_memcpy(Dev, &W->DevVal, sizeof W->DevVal, 0, 0,
                                 S->Device, omp_get_initial_device())) {
      omp_indirect_error(S->Device, "cannot set a device pointer after "
                                    "'target update to'; stopping");
      abort();
    }
  }
  free(S->W);
  S->W = NULL;
  S->N = S->Cap = 0;
}
