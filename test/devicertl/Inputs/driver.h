/*===- driver.h - host test driver for __kmpc_target_translate_fptr -------===*
 *
 * The devicertl tests compile devicertl/src/Translate.c for the host as
 * plain C (without -fopenmp its pragmas are ignored, so the weak table
 * global and the lookup become host code), with the host-side builder of
 * the table block (runtime/indirect/DeviceTable.c), driver.c and one test file
 * (lit substitution %build-translate-test), and check what driver.c prints.
 * A test file defines run_cases(); it installs a table with set_table() (or
 * a hand-made block with set_block()) and looks keys up with lookup(),
 * which prints one line per lookup:
 *
 *   <label>: <key> -> <result>
 *
 * with both numbers in hex, and counts lookups whose result differs from
 * the expected one; main() prints the count and fails if it is not 0.
 *
 * The program's argument picks how set_table() builds blocks: `hash` (the
 * default: hash slots) or `search` (the binary-search fallback), so one
 * test file checks both lookups with the same CHECK lines.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_TEST_DRIVER_H
#define OMP_INDIRECT_TEST_DRIVER_H

#include "DeviceTable.h"
#include "FptrMap.h"

#include <stdint.h>

/// The global and the function under test (devicertl/src/Translate.c).
extern const __omp_offloading_fptr_table_ty *__omp_offloading_fptr_map_p;
void *__kmpc_target_translate_fptr(void *FnPtr);

/// The lookup the program's argument asked for.
extern omp_indirect_lookup test_lookup;

/// Builds a block from \p Rows (sorted) in the chosen lookup mode with
/// \p Opts (NULL: defaults), installs it, and returns it (NULL when the
/// builder refuses the rows; the table is then unset). The block stays
/// valid until the next set_table() or set_block().
const __omp_offloading_fptr_table_ty *
set_table_with(const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
               const omp_indirect_table_options *Opts);
/// set_table_with() with default options.
const __omp_offloading_fptr_table_ty *
set_table(const __omp_offloading_fptr_map_ty *Rows, uint64_t N);
/// Installs a hand-made block (or NULL) as it is.
void set_block(const void *Block);

/// Translates \p Key, prints "<Label>: <Key> -> <result>", and counts a
/// failure if the result is not \p Expected.
void lookup(const char *Label, uint64_t Key, uint64_t Expected);
/// The same without printing; returns 1 if the result was wrong.
int lookup_quiet(uint64_t Key, uint64_t Expected);

/// Defined by each test file: the cases to run.
void run_cases(void);

#endif /* OMP_INDIRECT_TEST_DRIVER_H */
