/*===- Libomptarget.h - libomptarget's own entry points --------------------===*
 *
 * The host runtime defines libomptarget's entry points that can name host
 * data (Interpose.c; the list is EntryPoints.def). Being linked ahead of
 * libomptarget, its definitions are the ones every image of the process
 * calls, plugin-built or not. The runtime itself reaches libomptarget's
 * definitions through OMP_INDIRECT_NEXT.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_LIBOMPTARGET_H
#define OMP_INDIRECT_LIBOMPTARGET_H

#include <omp.h>
#include <stdint.h>

/// libomptarget's definition of \p Name (looked up once, then cached in
/// \p Cache). Stops the program with a message if there is none.
void *omp_indirect_libomptarget(const char *Name, void *_Atomic *Cache);

/// libomptarget's own \p Name, typed as this runtime declares it.
#define OMP_INDIRECT_NEXT(Name)                                                \
  ({                                                                           \
    static void *_Atomic Cache_;                                               \
    (__typeof__(&Name))omp_indirect_libomptarget(#Name, &Cache_);              \
  })

/// The entry points with map arrays (libomptarget 16 and 19 alike).
void __tgt_target_data_begin_mapper(void *Loc, int64_t DeviceId, int32_t N,
                                    void **Bases, void **Begins,
                                    int64_t *Sizes, int64_t *Types,
                                    void **Names, void **Mappers);
void __tgt_target_data_end_mapper(void *Loc, int64_t DeviceId, int32_t N,
                                  void **Bases, void **Begins, int64_t *Sizes,
                                  int64_t *Types, void **Names,
                                  void **Mappers);
void __tgt_target_data_update_mapper(void *Loc, int64_t DeviceId, int32_t N,
                                     void **Bases, void **Begins,
                                     int64_t *Sizes, int64_t *Types,
                                     void **Names, void **Mappers);
void __tgt_target_data_begin_nowait_mapper(
    void *Loc, int64_t DeviceId, int32_t N, void **Bases, void **Begins,
    int64_t *Sizes, int64_t *Types, void **Names, void **Mappers,
    int32_t DepNum, void *Deps, int32_t NoAliasDepNum, void *NoAliasDeps);
void __tgt_target_data_end_nowait_mapper(
    void *Loc, int64_t DeviceId, int32_t N, void **Bases, void **Begins,
    int64_t *Sizes, int64_t *Types, void **Names, void **Mappers,
    int32_t DepNum, void *Deps, int32_t NoAliasDepNum, void *NoAliasDeps);
void __tgt_target_data_update_nowait_mapper(
    void *Loc, int64_t DeviceId, int32_t N, void **Bases, void **Begins,
    int64_t *Sizes, int64_t *Types, void **Names, void **Mappers,
    int32_t DepNum, void *Deps, int32_t NoAliasDepNum, void *NoAliasDeps);
void __tgt_target_data_begin(int64_t DeviceId, int32_t N, void **Bases,
                             void **Begins, int64_t *Sizes, int64_t *Types);
void __tgt_target_data_end(int64_t DeviceId, int32_t N, void **Bases,
                           void **Begins, int64_t *Sizes, int64_t *Types);
void __tgt_target_data_update(int64_t DeviceId, int32_t N, void **Bases,
                              void **Begins, int64_t *Sizes, int64_t *Types);
void __tgt_target_data_begin_nowait(int64_t DeviceId, int32_t N, void **Bases,
                                    void **Begins, int64_t *Sizes,
                                    int64_t *Types, int32_t DepNum,
                                    void *Deps, int32_t NoAliasDepNum,
                                    void *NoAliasDeps);
void __tgt_target_data_end_nowait(int64_t DeviceId, int32_t N, void **Bases,
                                  void **Begins, int64_t *Sizes,
                                  int64_t *Types, int32_t DepNum, void *Deps,
                                  int32_t NoAliasDepNum, void *NoAliasDeps);
void __tgt_target_data_update_nowait(int64_t DeviceId, int32_t N,
                                     void **Bases, void **Begins,
                                     int64_t *Sizes, int64_t *Types,
                                     int32_t DepNum, void *Deps,
                                     int32_t NoAliasDepNum, void *NoAliasDeps);

/// Kernel launches.
int __tgt_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                        int32_t ThreadLimit, void *HostPtr, void *Args);
int __tgt_target_kernel_nowait(void *Loc, int64_t DeviceId, int32_t NumTeams,
                               int32_t ThreadLimit, void *HostPtr, void *Args,
                               int32_t DepNum, void *Deps,
                               int32_t NoAliasDepNum, void *NoAliasDeps);
int __tgt_target(int64_t DeviceId, void *HostPtr, int32_t N, void **Bases,
                 void **Begins, int64_t *Sizes, int64_t *Types);
int __tgt_target_nowait(int64_t DeviceId, void *HostPtr, int32_t N,
                        void **Bases, void **Begins, int64_t *Sizes,
                        int64_t *Types, int32_t DepNum, void *Deps,
                        int32_t NoAliasDepNum, void *NoAliasDeps);
int __tgt_target_mapper(void *Loc, int64_t DeviceId, void *HostPtr, int32_t N,
                        void **Bases, void **Begins, int64_t *Sizes,
                        int64_t *Types, void **Names, void **Mappers);
int __tgt_target_nowait_mapper(void *Loc, int64_t DeviceId, void *HostPtr,
                               int32_t N, void **Bases, void **Begins,
                               int64_t *Sizes, int64_t *Types, void **Names,
                               void **Mappers, int32_t DepNum, void *Deps,
                               int32_t NoAliasDepNum, void *NoAliasDeps);
int __tgt_target_teams(int64_t DeviceId, void *HostPtr, int32_t N,
                       void **Bases, void **Begins, int64_t *Sizes,
                       int64_t *Types, int32_t NumTeams, int32_t ThreadLimit);
int __tgt_target_teams_nowait(int64_t DeviceId, void *HostPtr, int32_t N,
                              void **Bases, void **Begins, int64_t *Sizes,
                              int64_t *Types, int32_t NumTeams,
                              int32_t ThreadLimit, int32_t DepNum, void *Deps,
                              int32_t NoAliasDepNum, void *NoAliasDeps);
int __tgt_target_teams_mapper(void *Loc, int64_t DeviceId, void *HostPtr,
                              int32_t N, void **Bases, void **Begins,
                              int64_t *Sizes, int64_t *Types, void **Names,
                              void **Mappers, int32_t NumTeams,
                              int32_t ThreadLimit);
int __tgt_target_teams_nowait_mapper(
    void *Loc, int64_t DeviceId, void *HostPtr, int32_t N, void **Bases,
    void **Begins, int64_t *Sizes, int64_t *Types, void **Names,
    void **Mappers, int32_t NumTeams, int32_t ThreadLimit, int32_t DepNum,
    void *Deps, int32_t NoAliasDepNum, void *NoAliasDeps);

#endif /* OMP_INDIRECT_LIBOMPTARGET_H */
