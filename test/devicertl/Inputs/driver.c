/*===- driver.c - host test driver for __kmpc_target_translate_fptr -------===*
 *
 * See driver.h.
 *
 *===----------------------------------------------------------------------===*/
#include "driver.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int Failures = 0;
static void *Built = NULL;
omp_indirect_lookup test_lookup = OMP_INDIRECT_LOOKUP_HASH;

void set_block(const void *Block) {
  free(Built);
  Built = NULL;
  __omp_offloading_fptr_map_p = Block;
}

const __omp_offloading_fptr_table_ty *
set_table_with(const __omp_offloading_fptr_map_ty *Rows, uint64_t N,
               const omp_indirect_table_options *Opts) {
  omp_indirect_table_options O = {test_lookup, 0, 0};
  if (Opts) {
    O = *Opts;
    if (test_lookup == OMP_INDIRECT_LOOKUP_SEARCH)
      O.lookup = OMP_INDIRECT_LOOKUP_SEARCH;
  }
  size_t Bytes = 0;
  void *Block = omp_indirect_device_table_build_with(Rows, N, &Bytes, &O);
  set_block(Block);
  Built = Block;
  return Block;
}

const __omp_offloading_fptr_table_ty *
set_table(const __omp_offloading_fptr_map_ty *Rows, uint64_t N) {
  return set_table_with(Rows, N, NULL);
}

int lookup_quiet(uint64_t Key, uint64_t Expected) {
  uint64_t Got =
      (uint64_t)(uintptr_t)__kmpc_target_translate_fptr((void *)(uintptr_t)Key);
  if (Got == Expected)
    return 0;
  ++Failures;
  return 1;
}

void lookup(const char *Label, uint64_t Key, uint64_t Expected) {
  uint64_t Got =
      (uint64_t)(uintptr_t)__kmpc_target_translate_fptr((void *)(uintptr_t)Key);
  printf("%s: 0x%" PRIx64 " -> 0x%" PRIx64 "%s\n", Label, Key, Got,
         Got == Expected ? "" : "  (WRONG)");
  if (Got != Expected)
    ++Failures;
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && !strcmp(Argv[1], "search"))
    test_lookup = OMP_INDIRECT_LOOKUP_SEARCH;
  else if (Argc > 1 && strcmp(Argv[1], "hash")) {
    fprintf(stderr, "usage: %s [hash|search]\n", Argv[0]);
    return 2;
  }
  run_cases();
  set_block(NULL);
  printf("failures: %d\n", Failures);
  return Failures != 0;
}
