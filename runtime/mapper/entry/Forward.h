/*===- entry/Forward.h - the one libomptarget call of a construct ----------===*
 *
 * The last step of a data construct: its flat map list goes to
 * libomptarget's own entry point, with the deep copy's pointees that the
 * list names lent for the call (Presence.h). Nowait calls carry their
 * dependences.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_FORWARD_H
#define OMP_INDIRECT_FORWARD_H

#include "MapList.h"
#include "Presence.h"

typedef void (*omp_indirect_data_fn)(void *Loc, int64_t DeviceId, int32_t N,
                                     void **Bases, void **Begins,
                                     int64_t *Sizes, int64_t *Types,
                                     void **Names, void **Mappers);
typedef void (*omp_indirect_data_nowait_fn)(
    void *Loc, int64_t DeviceId, int32_t N, void **Bases, void **Begins,
    int64_t *Sizes, int64_t *Types, void **Names, void **Mappers,
    int32_t DepNum, void *Deps, int32_t NoAliasDepNum, void *NoAliasDeps);

/// A call to libomptarget: which entry point, and its other arguments.
typedef struct omp_indirect_forward {
  omp_indirect_data_fn Fn;             ///< Or:
  omp_indirect_data_nowait_fn NowaitFn;
  omp_indirect_presence_kind Kind;
  void *Loc;
  int64_t DeviceId;
  int32_t DepNum, NoAliasDepNum;
  void *Deps, *NoAliasDeps;
} omp_indirect_forward;

/// Calls libomptarget with \p L (its mappers included, when it has any).
void omp_indirect_forward_call(const omp_indirect_forward *F,
                               const omp_indirect_map_list *L);

#endif /* OMP_INDIRECT_FORWARD_H */
