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

static void dataCall(data_fn Fn, omp_indirect_map_kind Kind, void *Loc,
                     int64_t DeviceId, int32_t N, void **Bases, void **Begins,
                     int64_t *Sizes, int64_t *Types, void **Names,
                     void **Mappers) {
  omp_indirect_map_list In = {N, Bases, Begins, Sizes, Types, Names, Mappers};
  if (!omp_indirect_has_mapper(&In)) {
    Fn(Loc, DeviceId, N, Bases, Begins, Sizes, Types, Names, Mappers);
    return;
  }
  omp_indirect_map_list Out;
  expandOrDie(&In, Kind, &Out);
  Fn(Loc, DeviceId, Out.Count, Out.Bases, Out.Begins, Out.Sizes, Out.Types,
     Out.Names, NULL);
  omp_indirect_free_map_list(&Out);
}

static void dataNowaitCall(data_nowait_fn Fn, omp_indirect_map_kind Kind,
                           void *Loc, int64_t DeviceId, int32_t N,
                           void **Bases, void **Begins, int64_t *Sizes,
                           int64_t *Types, void **Names, void **Mappers,
                           int32_t DepNum, void *Deps, int32_t NoAliasDepNum,
                           void *NoAliasDeps) {
  omp_indirect_map_list In = {N, Bases, Begins, Sizes, Types, Names, Mappers};
  if (!omp_indirect_has_mapper(&In)) {
    Fn(Loc, DeviceId, N, Bases, Begins, Sizes, Types, Names, Mappers, DepNum,
       Deps, NoAliasDepNum, NoAliasDeps);
    return;
  }
  omp_indirect_map_list Out;
  expandOrDie(&In, Kind, &Out);
  Fn(Loc, DeviceId, Out.Count, Out.Bases, Out.Begins, Out.Sizes, Out.Types,
     Out.Names, NULL, DepNum, Deps, NoAliasDepNum, NoAliasDeps);
  omp_indirect_free_map_list(&Out);
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

/* libomptarget 16's __tgt_kernel_arguments, up to the mappers. */
typedef struct kernel_args {
  int32_t Version;
  uint32_t NumArgs;
  void **ArgBasePtrs;
  void **ArgPtrs;
  int64_t *ArgSizes;
  int64_t *ArgTypes;
  void **ArgNames;
  void **ArgMappers;
} kernel_args;

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
  void **Mappers = KA->ArgMappers;
  KA->ArgMappers = NULL;
  int Rc = Launch(Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args);
  KA->ArgMappers = Mappers;
  __tgt_target_data_end_mapper(Loc, DeviceId, Out.Count, Out.Bases,
                               Out.Begins, Out.Sizes, Out.Types, Out.Names,
                               NULL);
  omp_indirect_free_map_list(&Out);
  return Rc;
}
