// Calls the static indirect function of each configuration of
// configured-unit.c in a target region, through the host address each
// configuration hands out (same-source-three-configs.test).
#include <stdio.h>

typedef int (*fn_t)(int);
fn_t get_fn_v1(void), get_fn_v2(void), get_fn_v3(void);
int device_calls_v1(void), device_calls_v2(void), device_calls_v3(void);

int main(void) {
  fn_t f1 = get_fn_v1(), f2 = get_fn_v2(), f3 = get_fn_v3();
  int r1 = 0, r2 = 0, r3 = 0;
#pragma omp target map(from : r1, r2, r3)
  {
    r1 = f1(1);
    r2 = f2(2);
    r3 = f3(3);
  }
  int c1 = device_calls_v1(), c2 = device_calls_v2(), c3 = device_calls_v3();
  printf("v1 %d v2 %d v3 %d; device calls %d %d %d\n", r1, r2, r3, c1, c2,
         c3);
  return !(r1 == 10 && r2 == 40 && r3 == 90 && c1 == 1 && c2 == 1 && c3 == 1);
}
