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
#include "BulkCopy.h"
#include "Libomptarget.h"
#include "MapperExpand.h"
#include "OmpIndirectRT.h"
#include "Presence.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*data_fn)(void *Loc, int64_t DeviceId, int32_t N, void **Bases,
                        void **Begins, int64_t *Sizes, int64_t *Types,
                        void **Names, void **Mappers);
typedef void (*data_nowait_fn)(void *Loc, int64_t DeviceId, int32_t N,
                               void **Bases, void **Begins, int64_t *Sizes,
                               int64_t *Types, void **Names, void **Mappers,
                               int32_t DepNum, void *Deps,
                               int32_t NoAliasDepNum, void *NoAliasDeps);

static void expandOrDie(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind, omp_indirect_map_list *Out,
                        omp_indirect_deep *Deep) {
  if (omp_indirect_expand(In, Kind, Out, Deep)) {
    fprintf(stderr, "omp-indirect: cannot expand a 'declare mapper' use; "
                    "stopping rather than map partial data\n");
    abort();
  }
}

static void report(int32_t NumIn, const omp_indirect_map_list *Out,
                   const omp_indirect_bulk *B) {
  long long Bulk = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    Bulk += B->Class[I] != 0; /* BULK_ITEM is 0. */
  fprintf(stderr,
          "omp-indirect: mapper: %d entries expanded to %d, %lld pointees "
          "in bulk, %lld per item\n",
          NumIn, Out->Count, Bulk, (long long)B->D.NP - Bulk);
}

typedef void (*call_fn)(void *Ctx, const omp_indirect_map_list *L);

/* A working copy of an expanded list (prepare may add to it). */
static omp_indirect_map_list copyList(const omp_indirect_map_list *L) {
  omp_indirect_map_list C = *L;
  size_t N = L->Count ? (size_t)L->Count : 1;
  C.Bases = malloc(sizeof(void *) * N);
  C.Begins = malloc(sizeof(void *) * N);
  C.Sizes = malloc(sizeof(int64_t) * N);
  C.Types = malloc(sizeof(int64_t) * N);
  C.Names = malloc(sizeof(void *) * N);
  C.Cap = N;
  if (!C.Bases || !C.Begins || !C.Sizes || !C.Types || !C.Names) {
    fprintf(stderr, "omp-indirect: out of memory while mapping\n");
    abort();
  }
  memcpy(C.Bases, L->Bases, sizeof(void *) * L->Count);
  memcpy(C.Begins, L->Begins, sizeof(void *) * L->Count);
  memcpy(C.Sizes, L->Sizes, sizeof(int64_t) * L->Count);
  memcpy(C.Types, L->Types, sizeof(int64_t) * L->Count);
  memcpy(C.Names, L->Names, sizeof(void *) * L->Count);
  return C;
}

/* Moves the pointees of an expansion (Flat, D) in bulk around ONE
   libomptarget call (Call) with the flat list. Enter and exit expand alike,
   so a kernel's exit reuses its entry's expansion. */
static void mapExpanded(omp_indirect_map_kind Kind, int64_t DeviceId,
                        int32_t NumIn, const omp_indirect_map_list *Flat,
                        const omp_indirect_deep *D, call_fn Call, void *Ctx) {
  static const char *const KindName[] = {"enter", "exit", "update"};
  if (omp_indirect_debug())
    fprintf(stderr, "omp-indirect: mapper: %s\n", KindName[Kind]);
  omp_indirect_map_list Out = copyList(Flat);
  omp_indirect_bulk B;
  memset(&B, 0, sizeof B);
  B.D = *D;
  omp_indirect_bulk_prepare(&B, DeviceId, Kind, &Out);
  if (omp_indirect_debug())
    report(NumIn, &Out, &B);
  Call(Ctx, &Out);
  omp_indirect_bulk_finish(&B, &Out);
  memset(&B.D, 0, sizeof B.D); /* The caller's. */
  omp_indirect_bulk_free(&B);
  omp_indirect_free_map_list(&Out);
}

/* Expands In and maps it (mapExpanded); mapper-free lists go to Call
   unchanged. */
static void mapThrough(omp_indirect_map_kind Kind, int64_t DeviceId,
                       const omp_indirect_map_list *In, call_fn Call,
                       void *Ctx) {
  if (!omp_indirect_has_mapper(In)) {
    Call(Ctx, In);
    return;
  }
  omp_indirect_map_list Flat;
  omp_indirect_deep D;
  expandOrDie(In, Kind, &Flat, &D);
  Flat.Mappers = NULL;
  mapExpanded(Kind, DeviceId, In->Count, &Flat, &D, Call, Ctx);
  omp_indirect_free_deep(&D);
  omp_indirect_free_map_list(&Flat);
}

/* The call to libomptarget, with the runtime's pointees lent for it
   (Presence.h). Nowait calls carry their dependences. */
typedef struct data_call {
  data_fn Fn;
  data_nowait_fn NowaitFn;
  omp_indirect_presence_kind Kind;
  void *Loc;
  int64_t DeviceId;
  int32_t DepNum, NoAliasDepNum;
  void *Deps, *NoAliasDeps;
} data_call;

static void callData(void *Ctx, const omp_indirect_map_list *L) {
  const data_call *C = Ctx;
  omp_indirect_loan Loan;
  omp_indirect_presence_before(&Loan, C->Kind, C->DeviceId, L->Count,
                               L->Bases, L->Begins, L->Sizes, L->Types);
  if (C->NowaitFn)
    C->NowaitFn(C->Loc, C->DeviceId, L->Count, L->Bases, L->Begins, L->Sizes,
                Loan.Types, L->Names, L->Mappers, C->DepNum, C->Deps,
                C->NoAliasDepNum, C->NoAliasDeps);
  else
    C->Fn(C->Loc, C->DeviceId, L->Count, L->Bases, L->Begins, L->Sizes,
          Loan.Types, L->Names, L->Mappers);
  omp_indirect_presence_after(&Loan);
}

static const omp_indirect_presence_kind PresenceOf[] = {
    [OMP_INDIRECT_MAP_ENTER] = OMP_INDIRECT_PRESENCE_ENTER,
    [OMP_INDIRECT_MAP_EXIT] = OMP_INDIRECT_PRESENCE_EXIT,
    [OMP_INDIRECT_MAP_UPDATE] = OMP_INDIRECT_PRESENCE_UPDATE,
};

static void dataCall(data_call *C, omp_indirect_map_kind Kind, int32_t N,
                     void **Bases, void **Begins, int64_t *Sizes,
                     int64_t *Types, void **Names, void **Mappers) {
  omp_indirect_map_list In = {N,     Bases, Begins,  Sizes,
                              Types, Names, Mappers, 0};
  C->Kind = PresenceOf[Kind];
  mapThrough(Kind, C->DeviceId, &In, callData, C);
}

/* Each entry point twice: the name the compiler gives plugin-built code,
   and libomptarget's own, which every other caller in the process reaches
   (the runtime is linked ahead of libomptarget). */
#define DATA_ENTRY(Name, Real, Kind)                                           \
  void Name(void *Loc, int64_t DeviceId, int32_t N, void **Bases,              \
            void **Begins, int64_t *Sizes, int64_t *Types, void **Names,       \
            void **Mappers) {                                                  \
    data_call C = {.Fn = OMP_INDIRECT_NEXT(Real), .Loc = Loc,                  \
                   .DeviceId = DeviceId};                                      \
    dataCall(&C, Kind, N, Bases, Begins, Sizes, Types, Names, Mappers);        \
  }
#define DATA_NOWAIT_ENTRY(Name, Real, Kind)                                    \
  void Name(void *Loc, int64_t DeviceId, int32_t N, void **Bases,              \
            void **Begins, int64_t *Sizes, int64_t *Types, void **Names,       \
            void **Mappers, int32_t DepNum, void *Deps, int32_t NoAliasDepNum, \
            void *NoAliasDeps) {                                               \
    data_call C = {.NowaitFn = OMP_INDIRECT_NEXT(Real),                        \
                   .Loc = Loc,                                                 \
                   .DeviceId = DeviceId,                                       \
                   .DepNum = DepNum,                                           \
                   .NoAliasDepNum = NoAliasDepNum,                             \
                   .Deps = Deps,                                               \
                   .NoAliasDeps = NoAliasDeps};                                \
    dataCall(&C, Kind, N, Bases, Begins, Sizes, Types, Names, Mappers);        \
  }
#define DATA_ENTRIES(Suffix, Kind)                                             \
  DATA_ENTRY(__omp_indirect_target_data_##Suffix##_mapper,                     \
             __tgt_target_data_##Suffix##_mapper, Kind)                        \
  DATA_ENTRY(__tgt_target_data_##Suffix##_mapper,                              \
             __tgt_target_data_##Suffix##_mapper, Kind)                        \
  DATA_NOWAIT_ENTRY(__omp_indirect_target_data_##Suffix##_nowait_mapper,       \
                    __tgt_target_data_##Suffix##_nowait_mapper, Kind)          \
  DATA_NOWAIT_ENTRY(__tgt_target_data_##Suffix##_nowait_mapper,                \
                    __tgt_target_data_##Suffix##_nowait_mapper, Kind)

DATA_ENTRIES(begin, OMP_INDIRECT_MAP_ENTER)
DATA_ENTRIES(end, OMP_INDIRECT_MAP_EXIT)
DATA_ENTRIES(update, OMP_INDIRECT_MAP_UPDATE)

typedef omp_indirect_kernel_args kernel_args;

/* A mapper that maps only members of its item marks the narrowed item a
   member of itself: it holds no reference (MapperExpand.c). libomptarget
   still gives an entry it allocates one reference, which an exit marked so
   never takes back: the item's range would stay mapped after the kernel,
   and a later construct mapping another part of the item (a second named
   mapper) would stop with "explicit extension not allowed". So Fresh[K] is
   set for each such item that is not present before the kernel's entry,
   and its exit is not so marked. */
static char *freshSelfMembers(const omp_indirect_map_list *Flat, int32_t N,
                              int64_t DeviceId) {
  char *Fresh = calloc((size_t)N ? (size_t)N : 1, 1);
  int Device = DeviceId < 0 ? omp_get_default_device() : (int)DeviceId;
  for (int32_t K = 0; Fresh && K < N; ++K)
    Fresh[K] = Flat->Mappers && Flat->Mappers[K] &&
               (Flat->Types[K] & OMP_INDIRECT_MAP_MEMBER_OF) ==
                   ((int64_t)(K + 1) << 48) &&
               Flat->Sizes[K] > 0 &&
               !omp_indirect_is_present(Flat->Begins[K], Device);
  return Fresh;
}

int omp_indirect_launch_with_mappers(void *Loc, int64_t DeviceId,
                                     int32_t NumTeams, int32_t ThreadLimit,
                                     void *HostPtr, void *Args,
                                     omp_indirect_launch_fn Launch) {
  kernel_args *KA = Args;
  omp_indirect_map_list In = {(int32_t)KA->NumArgs, KA->ArgBasePtrs,
                              KA->ArgPtrs,          KA->ArgSizes,
                              KA->ArgTypes,         KA->ArgNames,
                              KA->ArgMappers,       0};
  if (!omp_indirect_has_mapper(&In))
    return Launch(Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args);
  /* The kernel maps the mapper entries again, now without mappers and
     narrowed as their mappers narrowed them: they are present, and must
     move nothing (a copy of the structs would overwrite the attached device
     pointers). */
  uint32_t N = KA->NumArgs;
  int64_t *Types = malloc(sizeof(int64_t) * N);
  int64_t *Sizes = malloc(sizeof(int64_t) * N);
  void **Begins = malloc(sizeof(void *) * N);
  if (!Types || !Sizes || !Begins) {
    fprintf(stderr, "omp-indirect: out of memory before a kernel launch\n");
    abort();
  }
  omp_indirect_map_list Flat;
  omp_indirect_deep D;
  expandOrDie(&In, OMP_INDIRECT_MAP_ENTER, &Flat, &D);
  Flat.Mappers = KA->ArgMappers;
  char *Fresh = freshSelfMembers(&Flat, In.Count, DeviceId);
  Flat.Mappers = NULL;
  data_call Enter = {.Fn = OMP_INDIRECT_NEXT(__tgt_target_data_begin_mapper),
                     .Kind = OMP_INDIRECT_PRESENCE_ENTER,
                     .Loc = Loc,
                     .DeviceId = DeviceId};
  mapExpanded(OMP_INDIRECT_MAP_ENTER, DeviceId, In.Count, &Flat, &D,
              callData, &Enter);
  for (uint32_t I = 0; I < N; ++I) {
    Begins[I] = KA->ArgMappers[I] ? Flat.Begins[I] : KA->ArgPtrs[I];
    Sizes[I] = KA->ArgMappers[I] ? Flat.Sizes[I] : KA->ArgSizes[I];
  }
  for (uint32_t I = 0; I < N; ++I)
    Types[I] = KA->ArgTypes[I] &
               ~(KA->ArgMappers[I] ? (int64_t)(OMP_INDIRECT_MAP_TO |
                                               OMP_INDIRECT_MAP_FROM |
                                               OMP_INDIRECT_MAP_ALWAYS)
                                   : 0);
  kernel_args Saved = *KA;
  KA->ArgMappers = NULL;
  KA->ArgTypes = Types;
  KA->ArgSizes = Sizes;
  KA->ArgPtrs = Begins;
  if (omp_indirect_debug())
    fprintf(stderr, "omp-indirect: mapper: kernel\n");
  int Rc = Launch(Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args);
  *KA = Saved;
  free(Types);
  free(Sizes);
  free(Begins);
  for (int32_t K = 0; Fresh && K < In.Count; ++K)
    if (Fresh[K])
      Flat.Types[K] &= ~OMP_INDIRECT_MAP_MEMBER_OF;
  free(Fresh);
  data_call Exit = Enter;
  Exit.Fn = OMP_INDIRECT_NEXT(__tgt_target_data_end_mapper);
  Exit.Kind = OMP_INDIRECT_PRESENCE_EXIT;
  mapExpanded(OMP_INDIRECT_MAP_EXIT, DeviceId, In.Count, &Flat, &D, callData,
              &Exit);
  omp_indirect_free_deep(&D);
  omp_indirect_free_map_list(&Flat);
  return Rc;
}
