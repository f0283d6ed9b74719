/*===- DeviceTableOptions.h - how a device table is built ----------------===*
 *
 * The choices both table builders take (DeviceTable.c, DeviceTableInPlace.c,
 * with what they share in DeviceTableBuild.h): the lookup the device uses,
 * the hash multiplier, and the host code ranges copied into the header.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_DEVICETABLEOPTIONS_H
#define OMP_INDIRECT_DEVICETABLEOPTIONS_H

#include "FptrMap.h"

#include <stdint.h>

/// How the device looks a pointer up.
typedef enum omp_indirect_lookup {
  OMP_INDIRECT_LOOKUP_HASH = 0,  ///< Hash slots, range check first (default).
  OMP_INDIRECT_LOOKUP_SEARCH = 1 ///< Range check, then binary search only.
} omp_indirect_lookup;

/// Choices the builder normally makes itself (for tests and benchmarks), and
/// what the host-offload device needs to stop on a call into host code.
typedef struct omp_indirect_table_options {
  omp_indirect_lookup lookup;
  /// Nonzero: hash with exactly \c multiplier (even 0, which sends every key
  /// to slot 0) instead of choosing the best of a few.
  int fixed_multiplier;
  uint64_t multiplier;
  /// \name Copied into the header (docs/format.md, section 3); zero: none.
  ///{
  const omp_indirect_code_range *code_ranges; ///< Sorted, disjoint, begin > 0.
  uint64_t num_code_ranges;
  uint64_t stop_fn; ///< Host address of an omp_indirect_stop_fn.
  int32_t device_id;
  ///}
} omp_indirect_table_options;

/// The longest probe the builder accepts before it drops the hash slots and
/// leaves the device to the binary search (only adversarial addresses, or
/// a poor fixed multiplier, get there).
#define OMP_INDIRECT_MAX_PROBE_LIMIT 64

#endif /* OMP_INDIRECT_DEVICETABLEOPTIONS_H */
