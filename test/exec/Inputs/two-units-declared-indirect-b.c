// Second unit of ../two-units-declared-indirect.c: defines `elsewhere` as a
// plain `declare target` function (no `indirect`), and reads its device
// counter.
int b_calls = 0;
#pragma omp declare target to(b_calls)

int elsewhere(int x) { b_calls++; return x + 7; }
#pragma omp declare target to(elsewhere)

int b_device_calls(void) {
#pragma omp target update from(b_calls)
  return b_calls;
}
