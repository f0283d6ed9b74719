/*===- base/MapList.c - the map arrays of one construct, and its pointees --===*
 *
 * Growable map arrays and the plain entries of a pointee that goes through
 * libomptarget by itself (MapList.h).
 *
 *===----------------------------------------------------------------------===*/
#include "MapList.h"

#include "Scratch.h"

#include <stdlib.h>
#include <string.h>

int omp_indirect_grow(void **Data, size_t *Cap, size_t Need, size_t Elem) {
  if (Need <= *Cap)
    return 0;
  size_t NewCap = *Cap ? *Cap : 64;
  while (NewCap < Need)
    NewCap *= 2;
  void *P = realloc(*Data, NewCap * Elem);
  if (!P)
    return 1;
  *Data = P;
  *Cap = NewCap;
  return 0;
}

int omp_indirect_list_reserve(omp_indirect_map_list *L, size_t Extra) {
  size_t N = (size_t)L->Count + Extra, Cap = L->Cap, C;
  if (N <= Cap)
    return 0;
#define GROW(Arr, Elem)                                                        \
  C = Cap;                                                                     \
  if (omp_indirect_grow((void **)&L->Arr, &C, N, Elem))                        \
    return 1;
  GROW(Bases, sizeof(void *))
  GROW(Begins, sizeof(void *))
  GROW(Sizes, sizeof(int64_t))
  GROW(Types, sizeof(int64_t))
  GROW(Names, sizeof(void *))
#undef GROW
  L->Cap = C;
  return 0;
}

void omp_indirect_list_append(omp_indirect_map_list *L, void *Base,
                              void *Begin, int64_t Size, int64_t Type) {
  int32_t N = L->Count++;
  L->Bases[N] = Base;
  L->Begins[N] = Begin;
  L->Sizes[N] = Size;
  L->Types[N] = Type;
  L->Names[N] = NULL;
}

void omp_indirect_list_append_range(omp_indirect_map_list *L, uintptr_t Lo,
                                    uintptr_t Hi, int64_t Type) {
  omp_indirect_list_append(L, (void *)Lo, (void *)Lo, (int64_t)(Hi - Lo),
                           Type);
}

int omp_indirect_list_copy(omp_indirect_map_list *Out,
                           const omp_indirect_map_list *L) {
  memset(Out, 0, sizeof *Out);
  if (omp_indirect_list_reserve(Out, (size_t)L->Count ? (size_t)L->Count : 1))
    return 1;
  Out->Count = L->Count;
  memcpy(Out->Bases, L->Bases, sizeof(void *) * L->Count);
  memcpy(Out->Begins, L->Begins, sizeof(void *) * L->Count);
  memcpy(Out->Sizes, L->Sizes, sizeof(int64_t) * L->Count);
  memcpy(Out->Types, L->Types, sizeof(int64_t) * L->Count);
  if (L->Names)
    memcpy(Out->Names, L->Names, sizeof(void *) * L->Count);
  else
    memset(Out->Names, 0, sizeof(void *) * L->Count);
  Out->Mappers = L->Mappers;
  return 0;
}

int omp_indirect_list_append_pointee(omp_indirect_map_list *L,
                                     const omp_indirect_deep *D, int64_t I,
                                     omp_indirect_map_kind Kind) {
  const omp_indirect_pointee *P = &D->P[I];
  int32_t NumRanges;
  const omp_indirect_range *R = omp_indirect_ranges(D, I, &NumRanges);
  int64_t User = omp_indirect_user_type(D, P);
  if (omp_indirect_list_reserve(L, (size_t)NumRanges + 1))
    return 1;
  if (Kind == OMP_INDIRECT_MAP_UPDATE) {
    int64_t Dir = User & OMP_INDIRECT_MAP_MOTION;
    int64_t Present = User & OMP_INDIRECT_MAP_PRESENT;
    if (P->Type & Dir)
      omp_indirect_list_append_range(L, P->Lo, P->Hi, (P->Type & Dir) | Present);
    for (int32_t M = 0; M < NumRanges; ++M)
      if (R[M].Motion & Dir)
        omp_indirect_list_append_range(L, R[M].Lo, R[M].Hi, (R[M].Motion & Dir) | Present);
    return 0;
  }
  int64_t Keep = User & (OMP_INDIRECT_MAP_ALWAYS | OMP_INDIRECT_MAP_DELETE);
  int64_t Of = OMP_INDIRECT_MEMBER_OF(P->Entry + 1);
  omp_indirect_list_append(L, P->Slot, (void *)P->Lo,
                           (int64_t)(P->Hi - P->Lo), P->Type | Keep | Of);
  for (int32_t M = 0; M < NumRanges; ++M)
    omp_indirect_list_append_range(L, R[M].Lo, R[M].Hi,
                R[M].Motion | (Keep & OMP_INDIRECT_MAP_ALWAYS) | Of);
  return 0;
}

int omp_indirect_has_mapper(const omp_indirect_map_list *L) {
  if (!L->Mappers)
    return 0;
  for (int32_t I = 0; I < L->Count; ++I)
    if (L->Mappers[I])
      return 1;
  return 0;
}

void omp_indirect_free_map_list(omp_indirect_map_list *L) {
  free(L->Bases);
  free(L->Begins);
  free(L->Sizes);
  free(L->Types);
  free(L->Names);
  memset(L, 0, sizeof *L);
}

void omp_indirect_free_deep(omp_indirect_deep *D) {
  omp_indirect_scratch_give(D->P);
  free(D->R);
  free(D->RFirst);
  free(D->RNum);
  free(D->User);
  for (int32_t I = 0; I < D->NHulls; ++I)
    omp_indirect_scratch_give(D->Hulls[I].R);
  free(D->Hulls);
  memset(D, 0, sizeof *D);
}
