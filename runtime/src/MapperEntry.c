/*===- MapperEntry.c - libomptarget entry points that expand mappers ------===*
 *
 * In a host module with `declare mapper`, the compiler sends the data-mapping
 * calls here instead of to libomptarget. A call whose entries name no mapper
 * goes through unchanged; otherwise its list is expanded (MapperExpand.c)
 * and libomptarget gets ONE call with the flat list and no mapper. Kernel
 * launches with mappers (Launch.c) become a data region around the kernel:
 * enter with the expanded list, launch with the mappers removed (everything
 * is present, so nothing moves twice), exit with the expanded list.
 *
 *===----------------------------------------------------------------------===*/
#include "MapperExpand.h"
#include "OmpIndirectRT.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef void (*data_fn)(void *Loc, int64_t DeviceId, int32_t N, void **Bases,
                        void **Begins, int64_t *Sizes, int64_t *Types,
                        void **Names, void **Mappers);
typedef void (*data_nowait_fn)(void *Loc, int64_t DeviceId, int32_t N,
                               void **Bases, void **Begins, int64_t *Sizes,
                               int64_t *Types, void **Names, void **Mappers,
                               int32_t DepNum, void *Deps,
                               int32_t NoAliasDepNum, void *NoAliasDeps);

/* libomptarget. */
void __tgt_target_data_begin_mapper(void *, int64_t, int32_t, void **, void **,
                                    int64_t *, int64_t *, void **, void **);
void __tgt_target_data_end_mapper(void *, int64_t, int32_t, void **, void **,
                                  int64_t *, int64_t *, void **, void **);
void __tgt_target_data_update_mapper(void *, int64_t, int32_t, void **,
                                     void **, int64_t *, int64_t *, void **,
                                     void **);
void __tgt_target_data_begin_nowait_mapper(void *, int64_t, int32_t, void **,
                                           void **, int64_t *, int64_t *,
                                           void **, void **, int32_t, void *,
                                           int32_t, void *);
void __tgt_target_data_end_nowait_mapper(void *, int64_t, int32_t, void **,
                                         void **, int64_t *, int64_t *,
                                         void **, void **, int32_t, void *,
                                         int32_t, void *);
void __tgt_target_data_update_nowait_mapper(void *, int64_t, int32_t, void **,
                                            void **, int64_t *, int64_t *,
                                            void **, void **, int32_t, void *,
                                            int32_t, void *);

static void expandOrDie(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind,
                        omp_indirect_map_list *Out) {
  if (omp_indirect_expand(In, Kind, Out)) {
    fprintf(stderr, "omp-indirect: cannot expand a 'declare mapper' use; "
                    "stopping rather than map partial data\n");
    abort();
  }
  if (omp_indirect_debug())
    fprintf(stderr, "omp-indirect: mapper: %d entries expanded to %d\n",
            In->Count, Out->Count);
}

/* True if a mapper entry of In forces host-to-device copies (`always`). */
static int alwaysTo(const omp_indirect_map_list *In) {
  int64_t Both = OMP_INDIRECT_MAP_ALWAYS | OMP_INDIRECT_MAP_TO;
  for (int32_t K = 0; K < In->Count; ++K)
    if (In->Mappers[K] && (In->Types[K] & Both) == Both)
      return 1;
  return 0;
}

/* An `always` copy of a struct that holds attached pointers overwrites the
   device pointers with host ones, and libomptarget 16 re-attaches only
   pointers it has not seen. So after such a copy, point each pointer of the
   expansion at its pointee's device copy again. */
static void reattach(int64_t DeviceId, const omp_indirect_map_list *In,
                     const omp_indirect_map_list *Out) {
  if (DeviceId < 0)
    DeviceId = omp_get_default_device();
  for (int32_t I = In->Count; I < Out->Count; ++I) {
    if (!(Out->Types[I] & OMP_INDIRECT_MAP_PTR_AND_OBJ))
      continue;
    char *HostVal = *(char **)Out->Bases[I];
    char *Pointee = omp_get_mapped_ptr(Out->Begins[I], (int)DeviceId);
    void *Slot = omp_get_mapped_ptr(Out->Bases[I], (int)DeviceId);
    if (!HostVal || !Pointee || !Slot)
      continue;
    void *DevVal = Pointee - ((char *)Out->Begins[I] - HostVal);
    if (omp_target_memcpy(Slot, &DevVal, sizeof DevVal, 0, 0, (int)DeviceId,
                          omp_get_initial_device())) {
      fprintf(stderr, "omp-indirect: device %d: cannot re-attach a pointer "
                      "after an 'always' copy\n",
              (int)DeviceId);
      abort();
    }
  }
}

/* Expands In, hands the flat list to Call (one libomptarget call), and
   repairs pointers after an entering `always` copy. Mapper-free lists go to
   Call unchanged. */
typedef void (*call_fn)(void *Ctx, const omp_indirect_map_list *L);

static void mapThrough(omp_indirect_map_kind Kind, int64_t DeviceId,
                       const omp_indirect_map_list *In, call_fn Call,
                       void *Ctx) {
  if (!omp_indirect_has_mapper(In)) {
    Call(Ctx, In);
    return;
  }
  omp_indirect_map_list Out;
  expandOrDie(In, Kind, &Out);
  Out.Mappers = NULL;
  Call(Ctx, &Out);
  if (Kind == OMP_INDIRECT_MAP_ENTER && alwaysTo(In))
    reattach(DeviceId, In, &Out);
  omp_indirect_free_map_list(&Out);
}

typedef struct data_call {
  data_fn Fn;
  void *Loc;
  int64_t DeviceId;
} data_call;

static void callData(void *Ctx, const omp_indirect_map_list *L) {
  const data_call *C = Ctx;
  C->Fn(C->Loc, C->DeviceId, L->Count, L->Bases, L->Begins, L->Sizes,
        L->Types, L->Names, L->Mappers);
}

typedef struct data_nowait_call {
  data_nowait_fn Fn;
  void *Loc;
  int64_t DeviceId;
  int32_t DepNum, NoAliasDepNum;
  void *Deps, *NoAliasDeps;
} data_nowait_call;

static void callDataNowait(void *Ctx, const omp_indirect_map_list *L) {
  const data_nowait_call *C = Ctx;
  C->Fn(C->Loc, C->DeviceId, L->Count, L->Bases, L->Begins, L->Sizes,
        L->Types, L->Names, L->Mappers, C->DepNum, C->Deps, C->NoAliasDepNum,
        C->NoAliasDeps);
}

static void dataCall(data_fn Fn, omp_indirect_map_kind Kind, void *Loc,
                     int64_t DeviceId, int32_t N, void **Bases, void **Begins,
                     int64_t *Sizes, int64_t *Types, void **Names,
                     void **Mappers) {
  omp_indirect_map_list In = {N, Bases, Begins, Sizes, Types, Names, Mappers};
  data_call C = {Fn, Loc, DeviceId};
  mapThrough(Kind, DeviceId, &In, callData, &C);
}

static void dataNowaitCall(data_nowait_fn Fn, omp_indirect_map_kind Kind,
                           void *Loc, int64_t DeviceId, int32_t N,
                           void **Bases, void **Begins, int64_t *Sizes,
                           int64_t *Types, void **Names, void **Mappers,
                           int32_t DepNum, void *Deps, int32_t NoAliasDepNum,
                           void *NoAliasDeps) {
  omp_indirect_map_list In = {N, Bases, Begins, Sizes, Types, Names, Mappers};
  data_nowait_call C = {Fn,     Loc,  DeviceId,   DepNum,
                        NoAliasDepNum, Deps, NoAliasDeps};
  mapThrough(Kind, DeviceId, &In, callDataNowait, &C);
}

#define DATA_ENTRY(Name, Fn, Kind)                                             \
  void Name(void *Loc, int64_t DeviceId, int32_t N, void **Bases,              \
            void **Begins, int64_t *Sizes, int64_t *Types, void **Names,       \
            void **Mappers) {                                                  \
    dataCall(Fn, Kind, Loc, DeviceId, N, Bases, Begins, Sizes, Types, Names,   \
             Mappers);                                                         \
  }
#define DATA_NOWAIT_ENTRY(Name, Fn, Kind)                                      \
  void Name(void *Loc, int64_t DeviceId, int32_t N, void **Bases,              \
            void **Begins, int64_t *Sizes, int64_t *Types, void **Names,       \
            void **Mappers, int32_t DepNum, void *Deps, int32_t NoAliasDepNum, \
            void *NoAliasDeps) {                                               \
    dataNowaitCall(Fn, Kind, Loc, DeviceId, N, Bases, Begins, Sizes, Types,    \
                   Names, Mappers, DepNum, Deps, NoAliasDepNum, NoAliasDeps);  \
  }

DATA_ENTRY(__omp_indirect_target_data_begin_mapper,
           __tgt_target_data_begin_mapper, OMP_INDIRECT_MAP_ENTER)
DATA_ENTRY(__omp_indirect_target_data_end_mapper, __tgt_target_data_end_mapper,
           OMP_INDIRECT_MAP_EXIT)
DATA_ENTRY(__omp_indirect_target_data_update_mapper,
           __tgt_target_data_update_mapper, OMP_INDIRECT_MAP_UPDATE)
DATA_NOWAIT_ENTRY(__omp_indirect_target_data_begin_nowait_mapper,
                  __tgt_target_data_begin_nowait_mapper,
                  OMP_INDIRECT_MAP_ENTER)
DATA_NOWAIT_ENTRY(__omp_indirect_target_data_end_nowait_mapper,
                  __tgt_target_data_end_nowait_mapper, OMP_INDIRECT_MAP_EXIT)
DATA_NOWAIT_ENTRY(__omp_indirect_target_data_update_nowait_mapper,
                  __tgt_target_data_update_nowait_mapper,
                  OMP_INDIRECT_MAP_UPDATE)

typedef omp_indirect_kernel_args kernel_args;

int omp_indirect_launch_with_mappers(void *Loc, int64_t DeviceId,
                                     int32_t NumTeams, int32_t ThreadLimit,
                                     void *HostPtr, void *Args,
                                     omp_indirect_launch_fn Launch) {
  kernel_args *KA = Args;
  omp_indirect_map_list In = {(int32_t)KA->NumArgs, KA->ArgBasePtrs,
                              KA->ArgPtrs,          KA->ArgSizes,
                              KA->ArgTypes,         KA->ArgNames,
                              KA->ArgMappers};
  if (!omp_indirect_has_mapper(&In))
    return Launch(Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args);
  omp_indirect_map_list Out;
  expandOrDie(&In, OMP_INDIRECT_MAP_ENTER, &Out);
  __tgt_target_data_begin_mapper(Loc, DeviceId, Out.Count, Out.Bases,
                                 Out.Begins, Out.Sizes, Out.Types, Out.Names,
                                 NULL);
  if (alwaysTo(&In))
    reattach(DeviceId, &In, &Out);
  /* The kernel maps the mapper entries again, now without mappers: they are
     present, and must move nothing (an `always` copy of the structs would
     overwrite the attached device pointers). */
  int64_t *Types = malloc(sizeof(int64_t) * KA->NumArgs);
  if (!Types) {
    fprintf(stderr, "omp-indirect: out of memory before a kernel launch\n");
    abort();
  }
  for (uint32_t I = 0; I < KA->NumArgs; ++I)
    Types[I] = KA->ArgTypes[I] &
               ~(KA->ArgMappers[I] ? (int64_t)(OMP_INDIRECT_MAP_TO |
                                               OMP_INDIRECT_MAP_FROM |
                                               OMP_INDIRECT_MAP_ALWAYS)
                                   : 0);
  void **Mappers = KA->ArgMappers;
  int64_t *SavedTypes = KA->ArgTypes;
  KA->ArgMappers = NULL;
  KA->ArgTypes = Types;
  int Rc = Launch(Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args);
  KA->ArgMappers = Mappers;
  KA->ArgTypes = SavedTypes;
  free(Types);
  __tgt_target_data_end_mapper(Loc, DeviceId, Out.Count, Out.Bases,
                               Out.Begins, Out.Sizes, Out.Types, Out.Names,
                               NULL);
  omp_indirect_free_map_list(&Out);
  return Rc;
}
