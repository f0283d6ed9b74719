// Second unit of the dump tests: one indirect function, `declare target
// to(...) indirect` form, and no mapper.
int neg_calls;
#pragma omp declare target to(neg_calls)

int negate(int a) { neg_calls++; return -a; }
#pragma omp declare target to(negate) indirect

int second_unit(void) {
  int (*g)(int) = negate;
  int r = 0;
#pragma omp target map(to : g) map(from : r)
  r = g(7);
  return r;
}
