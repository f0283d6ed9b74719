// Compiled twice by ../same-source-twice.c, with TYPE, NAME and COUNT set.
int COUNT = 0;
#pragma omp declare target to(COUNT)

static TYPE square(TYPE x) {
  COUNT++;
  return x * x;
}
#pragma omp declare target to(square) indirect

TYPE NAME(int *calls) {
  TYPE (*f)(TYPE) = square;
  TYPE r = 0;
  TYPE arg = sizeof(TYPE) == sizeof(int) ? 3 : 1.5;
#pragma omp target map(from : r)
  r = f(arg);
#pragma omp target update from(COUNT)
  *calls = COUNT;
  return r;
}
