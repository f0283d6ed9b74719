// A library with its own indirect function, its own device-side counter, and
// its own target region that calls whatever function pointer it is handed.
// -DNAME=a names the entry points a_get_fn, a_call, ... (default: lib_).
#ifndef NAME
#define NAME lib
#endif
#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define lib_calls CAT(NAME, calls)
#define lib_add100 CAT(NAME, add100)
#define lib_get_fn CAT(NAME, get_fn)
#define lib_call CAT(NAME, call)
#define lib_device_calls CAT(NAME, device_calls)

int lib_calls = 0;
#pragma omp declare target to(lib_calls)

#pragma omp begin declare target indirect
int lib_add100(int x) {
#pragma omp atomic
  lib_calls++;
  return x + 100;
}
#pragma omp end declare target

// The host address of the library's indirect function.
int (*lib_get_fn(void))(int) { return lib_add100; }

// Calls Fp(X) in a target region of this library.
int lib_call(int (*Fp)(int), int X) {
  int R = 0;
#pragma omp target map(from : R)
  R = Fp(X);
  return R;
}

// How many times the device copy of lib_add100 ran.
int lib_device_calls(void) {
#pragma omp target update from(lib_calls)
  return lib_calls;
}
