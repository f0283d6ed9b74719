/*===- driver.h - host test driver for __kmpc_target_translate_fptr -------===*
 *
 * The devicertl tests compile devicertl/src/Translate.c for the host as
 * plain C (without -fopenmp its pragmas are ignored, so the weak table
 * globals and the lookup become host code), link it with driver.c and one
 * test file, and check what driver.c prints. A test file defines
 * run_cases(); it installs a table with set_table() and looks keys up with
 * lookup(), which prints one line per lookup:
 *
 *   <label>: <key> -> <result>
 *
 * with both numbers in hex, and counts lookups whose result differs from
 * the expected one; main() prints the count and fails if it is not 0.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_TEST_DRIVER_H
#define OMP_INDIRECT_TEST_DRIVER_H

#include "FptrMap.h"

#include <stdint.h>

/// The globals and the function under test (devicertl/src/Translate.c).
extern __omp_offloading_fptr_map_ty *__omp_offloading_fptr_map_p;
extern uint64_t __omp_offloading_fptr_map_size;
void *__kmpc_target_translate_fptr(void *FnPtr);

/// Points the map globals at \p Rows and sets the size to \p N.
void set_table(__omp_offloading_fptr_map_ty *Rows, uint64_t N);

/// Translates \p Key, prints "<Label>: <Key> -> <result>", and counts a
/// failure if the result is not \p Expected.
void lookup(const char *Label, uint64_t Key, uint64_t Expected);

/// Defined by each test file: the cases to run.
void run_cases(void);

#endif /* OMP_INDIRECT_TEST_DRIVER_H */
