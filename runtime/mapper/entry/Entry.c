/*===- entry/Entry.c - libomptarget entry points that expand mappers -------===*
 *
 * In a host module with `declare mapper`, the compiler sends the data-mapping
 * calls here instead of to libomptarget; every other caller in the process
 * reaches the same code through libomptarget's own names, which the runtime
 * defines too. A call whose entries name no mapper goes through unchanged;
 * otherwise the construct takes one way through the steps, each in its own
 * file and each called once: expansion (Expand.c), placement (Place.c),
 * the one libomptarget call with the flat list and no mapper (Forward.c),
 * transfers (Transfer.c). Kernel launches with mappers become a data region
 * around the kernel: enter with the expanded list, launch with the mappers
 * removed (everything is present, so nothing moves twice), exit with the
 * same expansion.
 *
 *===----------------------------------------------------------------------===*/
#include "Bulk.h"
#include "Coalesce.h"
#include "Construct.h"
#include "Expand.h"
#include "FaultGuard.h"
#include "Forward.h"
#include "Libomptarget.h"
#include "MapperStack.h"
#include "OmpIndirectRT.h"
#include "Presence.h"
#include "StageClock.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void expandOrDie(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind, omp_indirect_map_list *Out,
                        omp_indirect_deep *Deep) {
  omp_indirect_stage_clock K;
  omp_indirect_stage_clock_start(&K);
  if (omp_indirect_expand(In, Kind, Out, Deep)) {
    fprintf(stderr, "omp-indirect: cannot expand a 'declare mapper' use; "
                    "stopping rather than map partial data\n");
    abort();
  }
  Out->Mappers = NULL;
  omp_indirect_stage_clock_lap(&K, "expand");
}

static void report(int32_t NumIn, const omp_indirect_map_list *Out,
                   const omp_indirect_bulk *B) {
  long long Bulk = 0;
  for (int64_t I = 0; I < B->D.NP; ++I)
    Bulk += B->Class[I] != BULK_ITEM;
  fprintf(stderr,
          "omp-indirect: mapper: %d entries expanded to %d, %lld pointees "
          "in bulk, %lld per item\n",
          NumIn, Out->Count, Bulk, (long long)B->D.NP - Bulk);
}

/* One construct's way after its expansion (Flat, D): placement, the one
   libomptarget call, transfers. Enter and exit expand alike, so a
   kernel's exit reuses its entry's expansion, and with it what its entry
   hands over (Bulk.h: the claim on its block; NULL: none). */
static void mapExpanded(omp_indirect_map_kind Kind,
                        const omp_indirect_forward *F, int32_t NumIn,
                        const omp_indirect_map_list *Flat,
                        const omp_indirect_deep *D,
                        omp_indirect_handover *Hand) {
  static const char *const KindName[] = {"enter", "exit", "update"};
  if (omp_indirect_debug())
    fprintf(stderr, "omp-indirect: mapper: %s\n", KindName[Kind]);
  omp_indirect_map_list Out;
  if (omp_indirect_list_copy(&Out, Flat)) {
    fprintf(stderr, "omp-indirect: out of memory while mapping\n");
    abort();
  }
  static const char *const Stage[][4] = {
      {"enter: place", "enter: call", "enter: transfer", "enter: free"},
      {"exit: place", "exit: call", "exit: transfer", "exit: free"},
      {"update: place", "update: call", "update: transfer", "update: free"}};
  omp_indirect_stage_clock K;
  omp_indirect_stage_clock_start(&K);
  omp_indirect_bulk B;
  memset(&B, 0, sizeof B);
  B.D = *D;
  if (Hand && Kind == OMP_INDIRECT_MAP_EXIT) {
    B.Hand = *Hand; /* Now B's to free. */
    memset(Hand, 0, sizeof *Hand);
  }
  B.Claims = Hand && Kind == OMP_INDIRECT_MAP_ENTER;
  uint64_t Lent = omp_indirect_mapper_stack_lent();
  /* A fault in the runtime's copies of the program's data (the placement
     probes what the copies back will write, the transfers copy) comes
     back here, and stops with the pointee named. */
  omp_indirect_guard G;
  if (sigsetjmp(G.Env, 0))
    omp_indirect_bulk_fault(&B, &G);
  omp_indirect_guard_arm(&G);
  omp_indirect_bulk_place(&B, F->DeviceId, Kind, &Out);
  omp_indirect_stage_clock_lap(&K, Stage[Kind][0]);
  if (omp_indirect_debug())
    report(NumIn, &Out, &B);
  /* One entry per direction for items mapped in many pieces; the
     transfers set the construct's pointers themselves (Shadow.h). */
  omp_indirect_coalesced Co;
  const omp_indirect_map_list *Fwd =
      omp_indirect_coalesce_before(&Co, Kind, F->DeviceId, NumIn, &Out,
                                   Kind == OMP_INDIRECT_MAP_ENTER ? B.Fresh : NULL,
                                   &B.D);
  omp_indirect_shadow_off = 1;
  omp_indirect_forward_call(F, Fwd);
  omp_indirect_shadow_off = 0;
  omp_indirect_coalesce_after(&Co);
  omp_indirect_stage_clock_lap(&K, Stage[Kind][1]);
  omp_indirect_bulk_transfer(&B, &Out);
  omp_indirect_stage_clock_lap(&K, Stage[Kind][2]);
  omp_indirect_guard_disarm(&G);
  if (Hand && Kind == OMP_INDIRECT_MAP_ENTER) {
    *Hand = B.Hand;
    memset(&B.Hand, 0, sizeof B.Hand);
  }
  memset(&B.D, 0, sizeof B.D); /* The caller's. */
  omp_indirect_bulk_free(&B);
  omp_indirect_free_map_list(&Out);
  omp_indirect_stage_clock_lap(&K, Stage[Kind][3]);
  Lent = omp_indirect_mapper_stack_lent() - Lent;
  if (Lent && omp_indirect_debug())
    fprintf(stderr,
            "omp-indirect: mapper: %llu bytes of buffers lent by the mapper "
            "stack\n",
            (unsigned long long)Lent);
}

static const omp_indirect_presence_kind PresenceOf[] = {
    [OMP_INDIRECT_MAP_ENTER] = OMP_INDIRECT_PRESENCE_ENTER,
    [OMP_INDIRECT_MAP_EXIT] = OMP_INDIRECT_PRESENCE_EXIT,
    [OMP_INDIRECT_MAP_UPDATE] = OMP_INDIRECT_PRESENCE_UPDATE,
};

/* A data call: mapper-free lists go to libomptarget unchanged. */
static void dataCall(omp_indirect_forward *F, omp_indirect_map_kind Kind,
                     int32_t N, void **Bases, void **Begins, int64_t *Sizes,
                     int64_t *Types, void **Names, void **Mappers) {
  omp_indirect_map_list In = {N,     Bases, Begins,  Sizes,
                              Types, Names, Mappers, 0};
  F->Kind = PresenceOf[Kind];
  if (!omp_indirect_has_mapper(&In)) {
    omp_indirect_forward_call(F, &In);
    return;
  }
  static const omp_indirect_directive Directive[] = {
      [OMP_INDIRECT_MAP_ENTER] = OMP_INDIRECT_DIRECTIVE_ENTER,
      [OMP_INDIRECT_MAP_EXIT] = OMP_INDIRECT_DIRECTIVE_EXIT,
      [OMP_INDIRECT_MAP_UPDATE] = OMP_INDIRECT_DIRECTIVE_UPDATE,
  };
  omp_indirect_construct C;
  omp_indirect_construct_begin(&C, Directive[Kind], F->Loc, &In);
  omp_indirect_map_list Flat;
  omp_indirect_deep D;
  expandOrDie(&In, Kind, &Flat, &D);
  mapExpanded(Kind, F, In.Count, &Flat, &D, NULL);
  omp_indirect_construct_end(&C);
  omp_indirect_free_deep(&D);
  omp_indirect_free_map_list(&Flat);
}

/* Each entry point twice: the name the compiler gives plugin-built code,
   and libomptarget's own, which every other caller in the process reaches
   (the runtime is linked ahead of libomptarget). */
#define DATA_ENTRY(Name, Real, Kind)                                           \
  void Name(void *Loc, int64_t DeviceId, int32_t N, void **Bases,              \
            void **Begins, int64_t *Sizes, int64_t *Types, void **Names,       \
            void **Mappers) {                                                  \
    omp_indirect_forward C = {.Fn = OMP_INDIRECT_NEXT(Real), .Loc = Loc,                  \
                   .DeviceId = DeviceId};                                      \
    dataCall(&C, Kind, N, Bases, Begins, Sizes, Types, Names, Mappers);        \
  }
#define DATA_NOWAIT_ENTRY(Name, Real, Kind)                                    \
  void Name(void *Loc, int64_t DeviceId, int32_t N, void **Bases,              \
            void **Begins, int64_t *Sizes, int64_t *Types, void **Names,       \
            void **Mappers, int32_t DepNum, void *Deps, int32_t NoAliasDepNum, \
            void *NoAliasDeps) {                                               \
    omp_indirect_forward C = {.NowaitFn = OMP_INDIRECT_NEXT(Real),                        \
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
   member of itself: it holds no reference (Expand.c). libomptarget
   still gives an entry it allocates one reference, which an exit marked so
   never takes back: the item's range would stay mapped after the kernel,
   and a later construct mapping another part of the item (a second named
   mapper) would stop with "explicit extension not allowed". So Fresh[K] is
   set for each such item that is not present before the kernel's entry,
   and its exit is not so marked. */
static char *freshSelfMembers(const omp_indirect_map_list *Flat,
                              void **Mappers, int32_t N, int64_t DeviceId) {
  char *Fresh = calloc((size_t)N ? (size_t)N : 1, 1);
  int Device = DeviceId < 0 ? omp_get_default_device() : (int)DeviceId;
  for (int32_t K = 0; Fresh && K < N; ++K)
    Fresh[K] = Mappers[K] &&
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
  omp_indirect_construct C;
  omp_indirect_construct_begin(&C, OMP_INDIRECT_DIRECTIVE_TARGET, Loc, &In);
  omp_indirect_map_list Flat;
  omp_indirect_deep D;
  expandOrDie(&In, OMP_INDIRECT_MAP_ENTER, &Flat, &D);
  char *Fresh = freshSelfMembers(&Flat, KA->ArgMappers, In.Count, DeviceId);
  omp_indirect_forward Enter = {
      .Fn = OMP_INDIRECT_NEXT(__tgt_target_data_begin_mapper),
      .Kind = OMP_INDIRECT_PRESENCE_ENTER,
      .Loc = Loc,
      .DeviceId = DeviceId};
  omp_indirect_handover Hand = {0};
  mapExpanded(OMP_INDIRECT_MAP_ENTER, &Enter, In.Count, &Flat, &D, &Hand);
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
  omp_indirect_stage_clock K;
  omp_indirect_stage_clock_start(&K);
  int Rc = Launch(Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args);
  omp_indirect_stage_clock_lap(&K, "kernel");
  *KA = Saved;
  free(Types);
  free(Sizes);
  free(Begins);
  for (int32_t K = 0; Fresh && K < In.Count; ++K)
    if (Fresh[K])
      Flat.Types[K] &= ~OMP_INDIRECT_MAP_MEMBER_OF;
  free(Fresh);
  omp_indirect_forward Exit = Enter;
  Exit.Fn = OMP_INDIRECT_NEXT(__tgt_target_data_end_mapper);
  Exit.Kind = OMP_INDIRECT_PRESENCE_EXIT;
  mapExpanded(OMP_INDIRECT_MAP_EXIT, &Exit, In.Count, &Flat, &D, &Hand);
  omp_indirect_construct_end(&C);
  omp_indirect_free_deep(&D);
  omp_indirect_free_map_list(&Flat);
  return Rc;
}
