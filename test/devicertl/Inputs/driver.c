/*===- driver.c - host test driver for __kmpc_target_translate_fptr -------===*
 *
 * See driver.h.
 *
 *===----------------------------------------------------------------------===*/
#include "driver.h"

#include <inttypes.h>
#include <stdio.h>

static int Failures = 0;

void set_table(__omp_offloading_fptr_map_ty *Rows, uint64_t N) {
  __omp_offloading_fptr_map_p = Rows;
  __omp_offloading_fptr_map_size = N;
}

void lookup(const char *Label, uint64_t Key, uint64_t Expected) {
  uint64_t Got =
      (uint64_t)(uintptr_t)__kmpc_target_translate_fptr((void *)(uintptr_t)Key);
  printf("%s: 0x%" PRIx64 " -> 0x%" PRIx64 "%s\n", Label, Key, Got,
         Got == Expected ? "" : "  (WRONG)");
  if (Got != Expected)
    ++Failures;
}

int main(void) {
  run_cases();
  printf("failures: %d\n", Failures);
  return Failures != 0;
}
