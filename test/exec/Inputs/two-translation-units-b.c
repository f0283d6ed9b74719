// Second translation unit of two-translation-units.c: its own indirect
// functions and counter, and a target region calling functions of both units.
int b_calls = 0;
#pragma omp declare target to(b_calls)

int b_add3(int x) { b_calls++; return x + 3; }
int b_mul5(int x) { b_calls++; return x * 5; }
#pragma omp declare target to(b_add3, b_mul5) indirect

// In the main unit.
int a_add1(int x);
int a_mul2(int x);

// Calls a_add1, a_mul2, b_add3, b_mul5 on 10 in a region of this unit.
int b_run(int r[4]) {
  int (*fps[4])(int) = {a_add1, a_mul2, b_add3, b_mul5};
#pragma omp target map(to : fps) map(from : r[0 : 4])
  for (int i = 0; i < 4; i++)
    r[i] = fps[i](10);
  return 0;
}

// The device copy of b_calls.
int b_device_calls(void) {
#pragma omp target update from(b_calls)
  return b_calls;
}
