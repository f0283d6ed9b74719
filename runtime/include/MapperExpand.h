/*===- MapperExpand.h - flatten `declare mapper` uses into one map list ---===*
 *
 * The host side of scalable `declare mapper`. Given the map arrays of one
 * construct (target, target data, enter/exit data, update), every entry that
 * names a mapper is expanded by running clang's mapper function against our
 * own component collector, and the components are turned into plain entries
 * that stock libomptarget handles in ONE call, with no per-element callbacks
 * and no MEMBER_OF index above the construct's own entries.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_MAPPEREXPAND_H
#define OMP_INDIRECT_MAPPEREXPAND_H

#include <stddef.h>
#include <stdint.h>

/// libomptarget map-type bits we read or write.
enum {
  OMP_INDIRECT_MAP_TO = 0x1,
  OMP_INDIRECT_MAP_FROM = 0x2,
  OMP_INDIRECT_MAP_ALWAYS = 0x4,
  OMP_INDIRECT_MAP_DELETE = 0x8,
  OMP_INDIRECT_MAP_PTR_AND_OBJ = 0x10,
  OMP_INDIRECT_MAP_TARGET_PARAM = 0x20,
  OMP_INDIRECT_MAP_LITERAL = 0x100,
  OMP_INDIRECT_MAP_IMPLICIT = 0x200,
  OMP_INDIRECT_MAP_PRESENT = 0x1000,
  OMP_INDIRECT_MAP_MEMBER_OF = (int64_t)0xffff << 48,
};

/// The arrays of one libomptarget map call.
typedef struct omp_indirect_map_list {
  int32_t Count;
  void **Bases;
  void **Begins;
  int64_t *Sizes;
  int64_t *Types;
  void **Names;   ///< May be NULL.
  void **Mappers; ///< May be NULL; NULL in every expanded list.
  size_t Cap;     ///< Room in each array (0 for lists we did not build).
} omp_indirect_map_list;

/// A byte range of a pointee and the motion of its data.
typedef struct omp_indirect_range {
  uintptr_t Lo, Hi;
  int64_t Motion; ///< OMP_INDIRECT_MAP_TO and/or _FROM.
} omp_indirect_range;

/// One pointee of a deep copy: the target of a pointer that a mapper maps
/// with a section (`s.d[0:s.len]`), handed to BulkCopy.c instead of to
/// libomptarget.
typedef struct omp_indirect_pointee {
  void **Slot;      ///< Host address of the pointer (in the parent).
  uintptr_t Lo, Hi; ///< Host range of the pointee.
  int64_t Type;     ///< Its component's type (motion of the whole pointee).
  int64_t User;     ///< Map type of the construct entry (ALWAYS, DELETE...).
  int32_t Entry;    ///< The construct entry whose mapper produced it.
  int64_t Parent;   ///< Pointee holding Slot, or -1: the entry's own item.
  int64_t FirstRange, NumRanges; ///< Partial motion (Ranges), if any.
} omp_indirect_pointee;

/// The pointees of one construct, in the order the mappers produced them
/// (parents before children).
typedef struct omp_indirect_deep {
  omp_indirect_pointee *P;
  int64_t NP;
  size_t CapP;
  omp_indirect_range *R;
  int64_t NR;
  size_t CapR;
} omp_indirect_deep;

/// What the construct does with the list.
typedef enum omp_indirect_map_kind {
  OMP_INDIRECT_MAP_ENTER,  ///< Mapping that allocates: begin of data, target.
  OMP_INDIRECT_MAP_EXIT,   ///< Mapping that releases: end of data, target.
  OMP_INDIRECT_MAP_UPDATE, ///< Motion only: target update to/from.
} omp_indirect_map_kind;

/// True if any entry of \p L names a mapper.
int omp_indirect_has_mapper(const omp_indirect_map_list *L);

/// Expands every mapper entry of \p In into \p Out (arrays malloc'd; free
/// them with omp_indirect_free_map_list). Entries without a mapper keep their
/// position and type, so MEMBER_OF references among them stay valid; a mapper
/// entry is narrowed to what its mapper maps. With \p Deep, pointees go to
/// \p Deep instead of \p Out (free with omp_indirect_free_deep).
/// Returns 0, or nonzero after printing an error.
int omp_indirect_expand(const omp_indirect_map_list *In,
                        omp_indirect_map_kind Kind, omp_indirect_map_list *Out,
                        omp_indirect_deep *Deep);

/// Appends pointee \p I of \p D to \p L as plain libomptarget entries, as
/// omp_indirect_expand without Deep would have (the per-item path).
/// Returns 0, or nonzero when out of memory.
int omp_indirect_append_pointee(omp_indirect_map_list *L,
                                const omp_indirect_deep *D, int64_t I,
                                omp_indirect_map_kind Kind, int64_t UserType);

/// Frees the arrays of a list built by omp_indirect_expand.
void omp_indirect_free_map_list(omp_indirect_map_list *L);

/// Frees the arrays of \p D.
void omp_indirect_free_deep(omp_indirect_deep *D);

#endif /* OMP_INDIRECT_MAPPEREXPAND_H */
