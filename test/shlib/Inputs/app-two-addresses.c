// Calls the library's indirect function lib_add100 (Inputs/lib-ind.c) from
// target regions through both host addresses it may have: the one the
// executable takes itself (&lib_add100) and the one the library hands out
// (lib_get_fn()). In a non-PIE executable the first is the executable's
// canonical PLT entry; with a library linked -Bsymbolic the second is the
// library's own address. Each pointer is captured implicitly (translated at
// map time) and copied with map(to:) (translated at the call). -DDECLARE
// also declares the function in an indirect block, as a library header
// would.
#include <stdio.h>

#ifdef DECLARE
#pragma omp begin declare target indirect
#endif
int lib_add100(int);
#ifdef DECLARE
#pragma omp end declare target
#endif
int (*lib_get_fn(void))(int);
int lib_device_calls(void);

#include "two-regions.h"

int main(void) {
  fn_t Own = lib_add100, Handed = lib_get_fn();
  int Before = lib_device_calls();
  int A = implicit(Own, 1), B = copied(Own, 2);
  int C = implicit(Handed, 3), D = copied(Handed, 4);
  int N = lib_device_calls() - Before;
  printf("results %d %d %d %d, device calls %d\n", A, B, C, D, N);
  return !(A == 101 && B == 102 && C == 103 && D == 104 && N == 4);
}
