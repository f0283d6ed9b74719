// The other unit of promote-loop-invariant.c and promote-per-element.c: an
// indirect function of the same type as the main unit's candidates, which
// the main unit's device code does not define, so a promoted call reaches it
// through the table. Its own device-side counter proves its copy ran.
int other_calls = 0;
#pragma omp declare target to(other_calls)

#pragma omp begin declare target indirect
int other_sub7(int x) {
#pragma omp atomic
  other_calls++;
  return x - 7;
}
#pragma omp end declare target

int other_device_calls(void) {
#pragma omp target update from(other_calls)
  return other_calls;
}
