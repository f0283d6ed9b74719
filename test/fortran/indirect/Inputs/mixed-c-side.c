// The C half of mixed-c-and-fortran.f90, built with omp-indirect-clang: an
// indirect C function whose host address Fortran calls through in a
// kernel (c_f_procpointer), and a C kernel that calls a Fortran indirect
// procedure through the host address Fortran passed (c_funloc).
int c_device_calls = 0;
#pragma omp declare target enter(c_device_calls)

#pragma omp begin declare target indirect
int c_triple(int x) {
#pragma omp atomic
  c_device_calls++;
  return 3 * x;
}
#pragma omp end declare target

typedef int (*op_t)(int);

op_t c_get_triple(void) { return c_triple; }

int c_sum_through(op_t f, int n) {
  int s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(tofrom : s)
  for (int i = 1; i <= n; ++i)
    s += f(i);
  return s;
}
