/*===- entry/Interpose.c - libomptarget's entry points, our answer ---------===*
 *
 * The runtime defines every libomptarget entry point that can name host
 * data (EntryPoints.def lists them all, with those that cannot). Linked
 * ahead of libomptarget, these definitions are what every image calls,
 * plugin-built or not, so a pointee the deep copy owns is found, counted
 * and moved by the runtime whatever code names it (Presence.h). Each
 * forwards to libomptarget's own definition. The data-mapping entry points
 * with mappers are in Entry.c; mapper functions compiled without the
 * plugin reach our collector through Expand.c.
 *
 *===----------------------------------------------------------------------===*/
#include "Foreign.h"
#include "Libomptarget.h"
#include "OmpIndirectRT.h"
#include "Presence.h"
#include "Table.h"

#include <omp.h>
#include <stdio.h>

/* ---- Kernel launches. ---- */

/* Lends the pointees a kernel's entries name and gives libomptarget the
   entries' changed types; returns the caller's. */
static int64_t *lendForKernel(omp_indirect_loan *L, int64_t DeviceId,
                              omp_indirect_kernel_args *KA) {
  omp_indirect_presence_before(L, OMP_INDIRECT_PRESENCE_KERNEL, DeviceId,
                               (int32_t)KA->NumArgs, KA->ArgBasePtrs,
                               KA->ArgPtrs, KA->ArgSizes, KA->ArgTypes);
  int64_t *Saved = KA->ArgTypes;
  KA->ArgTypes = L->Types;
  return Saved;
}

static void endKernelLoan(omp_indirect_loan *L, omp_indirect_kernel_args *KA,
                          int64_t *Saved) {
  KA->ArgTypes = Saved;
  omp_indirect_presence_after(L);
}

int omp_indirect_launch_through_presence(void *Loc, int64_t DeviceId,
                                         int32_t NumTeams, int32_t ThreadLimit,
                                         void *HostPtr, void *Args) {
  omp_indirect_loan L;
  int64_t *Saved = lendForKernel(&L, DeviceId, Args);
  int Rc = OMP_INDIRECT_NEXT(__tgt_target_kernel)(Loc, DeviceId, NumTeams,
                                                  ThreadLimit, HostPtr, Args);
  endKernelLoan(&L, Args, Saved);
  return Rc;
}

int __tgt_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                        int32_t ThreadLimit, void *HostPtr, void *Args) {
  return omp_indirect_launch_with_mappers(
      Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args,
      omp_indirect_launch_through_presence);
}

int __tgt_target_kernel_nowait(void *Loc, int64_t DeviceId, int32_t NumTeams,
                               int32_t ThreadLimit, void *HostPtr, void *Args,
                               int32_t DepNum, void *Deps,
                               int32_t NoAliasDepNum, void *NoAliasDeps) {
  omp_indirect_loan L;
  int64_t *Saved = lendForKernel(&L, DeviceId, Args);
  int Rc = OMP_INDIRECT_NEXT(__tgt_target_kernel_nowait)(
      Loc, DeviceId, NumTeams, ThreadLimit, HostPtr, Args, DepNum, Deps,
      NoAliasDepNum, NoAliasDeps);
  endKernelLoan(&L, Args, Saved);
  return Rc;
}

/* The entry points older compilers call: the lent pointees around the
   call; libomptarget runs their mappers itself. */
#define AROUND(Ret, Kind, Dev, N, Bases, Begins, Sizes, Types, Call)           \
  omp_indirect_loan L;                                                         \
  omp_indirect_presence_before(&L, Kind, Dev, N, Bases, Begins, Sizes,        \
                               Types);                                         \
  Ret Call;                                                                    \
  omp_indirect_presence_after(&L);

#define OLD_TARGET(Name, Params, ...)                                          \
  int Name Params {                                                            \
    AROUND(int Rc =, OMP_INDIRECT_PRESENCE_KERNEL, DeviceId, N, Bases,        \
           Begins, Sizes, Types, OMP_INDIRECT_NEXT(Name)(__VA_ARGS__))         \
    return Rc;                                                                 \
  }
#define TYPES L.Types
OLD_TARGET(__tgt_target,
           (int64_t DeviceId, void *HostPtr, int32_t N, void **Bases,
            void **Begins, int64_t *Sizes, int64_t *Types),
           DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES)
OLD_TARGET(__tgt_target_nowait,
           (int64_t DeviceId, void *HostPtr, int32_t N, void **Bases,
            void **Begins, int64_t *Sizes, int64_t *Types, int32_t DepNum,
            void *Deps, int32_t NoAliasDepNum, void *NoAliasDeps),
           DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES, DepNum, Deps,
           NoAliasDepNum, NoAliasDeps)
OLD_TARGET(__tgt_target_mapper,
           (void *Loc, int64_t DeviceId, void *HostPtr, int32_t N,
            void **Bases, void **Begins, int64_t *Sizes, int64_t *Types,
            void **Names, void **Mappers),
           Loc, DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES, Names,
           Mappers)
OLD_TARGET(__tgt_target_nowait_mapper,
           (void *Loc, int64_t DeviceId, void *HostPtr, int32_t N,
            void **Bases, void **Begins, int64_t *Sizes, int64_t *Types,
            void **Names, void **Mappers, int32_t DepNum, void *Deps,
            int32_t NoAliasDepNum, void *NoAliasDeps),
           Loc, DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES, Names,
           Mappers, DepNum, Deps, NoAliasDepNum, NoAliasDeps)
OLD_TARGET(__tgt_target_teams,
           (int64_t DeviceId, void *HostPtr, int32_t N, void **Bases,
            void **Begins, int64_t *Sizes, int64_t *Types, int32_t NumTeams,
            int32_t ThreadLimit),
           DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES, NumTeams,
           ThreadLimit)
OLD_TARGET(__tgt_target_teams_nowait,
           (int64_t DeviceId, void *HostPtr, int32_t N, void **Bases,
            void **Begins, int64_t *Sizes, int64_t *Types, int32_t NumTeams,
            int32_t ThreadLimit, int32_t DepNum, void *Deps,
            int32_t NoAliasDepNum, void *NoAliasDeps),
           DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES, NumTeams,
           ThreadLimit, DepNum, Deps, NoAliasDepNum, NoAliasDeps)
OLD_TARGET(__tgt_target_teams_mapper,
           (void *Loc, int64_t DeviceId, void *HostPtr, int32_t N,
            void **Bases, void **Begins, int64_t *Sizes, int64_t *Types,
            void **Names, void **Mappers, int32_t NumTeams,
            int32_t ThreadLimit),
           Loc, DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES, Names,
           Mappers, NumTeams, ThreadLimit)
OLD_TARGET(__tgt_target_teams_nowait_mapper,
           (void *Loc, int64_t DeviceId, void *HostPtr, int32_t N,
            void **Bases, void **Begins, int64_t *Sizes, int64_t *Types,
            void **Names, void **Mappers, int32_t NumTeams,
            int32_t ThreadLimit, int32_t DepNum, void *Deps,
            int32_t NoAliasDepNum, void *NoAliasDeps),
           Loc, DeviceId, HostPtr, N, Bases, Begins, Sizes, TYPES, Names,
           Mappers, NumTeams, ThreadLimit, DepNum, Deps, NoAliasDepNum,
           NoAliasDeps)

#define OLD_DATA(Name, Kind, Params, ...)                                      \
  void Name Params {                                                           \
    AROUND(, Kind, DeviceId, N, Bases, Begins, Sizes, Types,                   \
           OMP_INDIRECT_NEXT(Name)(__VA_ARGS__))                               \
  }
#define OLD_DATA_PARAMS                                                        \
  (int64_t DeviceId, int32_t N, void **Bases, void **Begins, int64_t *Sizes,  \
   int64_t *Types)
#define OLD_DATA_NOWAIT_PARAMS                                                 \
  (int64_t DeviceId, int32_t N, void **Bases, void **Begins, int64_t *Sizes,  \
   int64_t *Types, int32_t DepNum, void *Deps, int32_t NoAliasDepNum,          \
   void *NoAliasDeps)
#define OLD_DATA_ARGS DeviceId, N, Bases, Begins, Sizes, TYPES
#define OLD_DATA_NOWAIT_ARGS                                                   \
  OLD_DATA_ARGS, DepNum, Deps, NoAliasDepNum, NoAliasDeps
OLD_DATA(__tgt_target_data_begin, OMP_INDIRECT_PRESENCE_ENTER,
         OLD_DATA_PARAMS, OLD_DATA_ARGS)
OLD_DATA(__tgt_target_data_end, OMP_INDIRECT_PRESENCE_EXIT, OLD_DATA_PARAMS,
         OLD_DATA_ARGS)
OLD_DATA(__tgt_target_data_update, OMP_INDIRECT_PRESENCE_UPDATE,
         OLD_DATA_PARAMS, OLD_DATA_ARGS)
OLD_DATA(__tgt_target_data_begin_nowait, OMP_INDIRECT_PRESENCE_ENTER,
         OLD_DATA_NOWAIT_PARAMS, OLD_DATA_NOWAIT_ARGS)
OLD_DATA(__tgt_target_data_end_nowait, OMP_INDIRECT_PRESENCE_EXIT,
         OLD_DATA_NOWAIT_PARAMS, OLD_DATA_NOWAIT_ARGS)
OLD_DATA(__tgt_target_data_update_nowait, OMP_INDIRECT_PRESENCE_UPDATE,
         OLD_DATA_NOWAIT_PARAMS, OLD_DATA_NOWAIT_ARGS)

/* ---- The device memory routines that look host data up. ---- */

int omp_target_is_present(const void *Ptr, int DeviceNum) {
  return omp_indirect_is_present(Ptr, DeviceNum);
}

void *omp_get_mapped_ptr(const void *Ptr, int DeviceNum) {
  return omp_indirect_mapped_ptr(Ptr, DeviceNum);
}

typedef struct assoc {
  uintptr_t Lo;
  size_t Size;
  const char *Dev;
  int Same;
} assoc;

static int sameAssociation(omp_indirect_owned *E, void *Ctx) {
  assoc *A = Ctx;
  A->Same = E->Lo == A->Lo && E->Size == A->Size &&
            omp_indirect_owned_dev(E) == A->Dev;
  return 1;
}

/* A range of an owned pointee is mapped already: associating it again is
   refused, as libomptarget refuses it for data it mapped, unless it names
   the very same device copy. */
int omp_target_associate_ptr(const void *HostPtr, const void *DevicePtr,
                             size_t Size, size_t DeviceOffset, int DeviceNum) {
  assoc A = {(uintptr_t)HostPtr, Size, (const char *)DevicePtr + DeviceOffset,
             0};
  int Hit = 0;
  if (omp_indirect_owned_any() && HostPtr && DeviceNum >= 0) {
    omp_indirect_owned_lock();
    Hit = omp_indirect_owned_overlap(DeviceNum, A.Lo, A.Lo + Size,
                                     sameAssociation, &A);
    omp_indirect_owned_unlock();
  }
  if (!Hit) {
    omp_indirect_foreign_note(A.Lo, A.Lo + Size);
    return OMP_INDIRECT_NEXT(omp_target_associate_ptr)(
        HostPtr, DevicePtr, Size, DeviceOffset, DeviceNum);
  }
  if (A.Same)
    return 0;
  omp_indirect_error(DeviceNum,
                     "omp_target_associate_ptr: host range %p (%zu bytes) "
                     "is mapped already (a deep copy placed it)",
                     HostPtr, Size);
  return -1;
}

int omp_target_disassociate_ptr(const void *Ptr, int DeviceNum) {
  int Owned = 0;
  if (omp_indirect_owned_any() && DeviceNum >= 0) {
    omp_indirect_owned_lock();
    omp_indirect_owned *E = omp_indirect_owned_find(DeviceNum, (uintptr_t)Ptr, NULL);
    Owned = E != NULL;
    omp_indirect_owned_unlock();
  }
  if (!Owned)
    return OMP_INDIRECT_NEXT(omp_target_disassociate_ptr)(Ptr, DeviceNum);
  omp_indirect_error(DeviceNum,
                     "omp_target_disassociate_ptr: %p was mapped by a deep "
                     "copy, not associated; it stays mapped",
                     Ptr);
  return -1;
}
