// Defines the indirect function Inputs/one-indirect.c declares with
// -DEXTERN.
int thrice(int x) { return 3 * x; }
#pragma omp declare target to(thrice) indirect
