/* thread-counts-like-c.f90 in C, built with omp-indirect-clang: the same
 * lines, the thread counts clang's x86_64 kernels get. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int nt = 0, n;
#pragma omp target parallel map(tofrom : nt)
  if (omp_get_thread_num() == 0)
    nt = omp_get_num_threads();
  printf("target parallel: %d\n", nt);
#pragma omp target parallel num_threads(4) map(tofrom : nt)
  if (omp_get_thread_num() == 0)
    nt = omp_get_num_threads();
  printf("num_threads(4): %d\n", nt);
  n = 5;
#pragma omp target parallel num_threads(n) map(tofrom : nt)
  if (omp_get_thread_num() == 0)
    nt = omp_get_num_threads();
  printf("num_threads(n) n=5: %d\n", nt);
  int no = 0;
#pragma omp target parallel if (no) map(tofrom : nt)
  nt = omp_get_num_threads();
  printf("if(.false.): %d\n", nt);
  n = 1;
#pragma omp target parallel if (n > 1) map(tofrom : nt)
  nt = omp_get_num_threads();
  printf("if(n > 1) n=1: %d\n", nt);
#pragma omp target thread_limit(2) map(tofrom : nt)
#pragma omp parallel num_threads(4)
  if (omp_get_thread_num() == 0)
    nt = omp_get_num_threads();
  printf("thread_limit(2) num_threads(4): %d\n", nt);
#pragma omp target teams distribute parallel for num_threads(2) map(tofrom : nt)
  for (int i = 1; i <= 100; i++)
    if (i == 1)
      nt = omp_get_num_threads();
  printf("teams distribute parallel do num_threads(2): %d\n", nt);
#pragma omp target map(tofrom : nt)
  nt = omp_get_num_threads();
  printf("kernel outside parallel: %d\n", nt);
  return 0;
}
