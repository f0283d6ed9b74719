// Host code takes the address of a function that is not indirect, assigns
// it to a scalar function pointer, and a target region maps that pointer
// (`map(to: fp)`, also in `target parallel for`): warning at the address,
// note at the directive. Chosen with `?:`, both addresses are reported.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s

int plain(int x) { return x; }
int other(int x) { return x + 1; }

int mapped(int n) {
  int (*fp)(int);
  fp = plain; // expected-warning {{the address of 'plain' reaches a target region}}
  int r = 0;
#pragma omp target map(to : fp) map(from : r) // expected-note {{target region here}}
  r = fp(n);
  return r;
}

void mapped_loop(int n, int out[64]) {
  int (*fp)(int) = n ? plain : other; // expected-warning {{the address of 'plain' reaches a target region}} expected-warning {{the address of 'other' reaches a target region}}
#pragma omp target parallel for map(to : fp) map(from : out[0 : 64]) // expected-note 2 {{target region here}}
  for (int i = 0; i < 64; i++)
    out[i] = fp(i);
}
