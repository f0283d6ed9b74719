/*===- move/StagedImages.h - the host images a placement fills -----------===*
 *
 * The state of an entering construct's staging, which the bulk deep copy
 * carries (Bulk.h), Stage.c fills as the placement goes (Stage.h says how)
 * and the transfers (Transfer.c) copy and free.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_STAGEDIMAGES_H
#define OMP_INDIRECT_STAGEDIMAGES_H

#include "MapList.h"

#include <stdint.h>

enum {
  OMP_INDIRECT_STAGE_OFF,  ///< Not staging (the transfers fill the images).
  OMP_INDIRECT_STAGE_WAIT, ///< Staging from the first new pointee on.
  OMP_INDIRECT_STAGE_ON,   ///< Staging: the fields below are set.
  OMP_INDIRECT_STAGE_DONE, ///< Every pointee staged: the images are whole.
};

/// The host images an entering construct's placement fills.
typedef struct omp_indirect_stage {
  int State;
  const omp_indirect_map_list *L; ///< The construct's flat list.
  char *Host;         ///< The block's host image (Bound bytes).
  char *Dev;          ///< The block's device memory (Bound bytes).
  uint64_t Bound;     ///< omp_indirect_deep::Bound.
  char **Img;         ///< Per entry: its item's host image, or NULL.
  uintptr_t *Delta;   ///< Per entry: Img minus the item's address.
  uintptr_t *Ready;   ///< Per entry: the host address below which its
                      ///< image is copied (0: no image yet).
  int32_t NE;         ///< The entries those arrays have.
  int64_t AllFrom;    ///< The FROM bit, if every staged pointee has it.
} omp_indirect_stage;

#endif /* OMP_INDIRECT_STAGEDIMAGES_H */
