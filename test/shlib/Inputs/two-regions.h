// Two target regions that call Fp(X): one captures the pointer implicitly
// (libomptarget translates it at map time), one copies it with map(to:)
// (the device looks it up at the call).
typedef int (*fn_t)(int);

static int implicit(fn_t Fp, int X) {
  int R = 0;
#pragma omp target map(from : R)
  R = Fp(X);
  return R;
}

static int copied(fn_t Fp, int X) {
  int R = 0;
#pragma omp target map(to : Fp) map(from : R)
  R = Fp(X);
  return R;
}
