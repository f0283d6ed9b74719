// A library with a target region and no indirect function.
int lib_plain(int x) {
  int r = 0;
#pragma omp target map(from : r)
  r = x + 1;
  return r;
}

// Calls Fp(X) in a target region of this library.
int plain_call(int (*Fp)(int), int X) {
  int R = 0;
#pragma omp target map(from : R)
  R = Fp(X);
  return R;
}
