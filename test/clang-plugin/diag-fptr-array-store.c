// Addresses stored element by element (`fps[i] = f`, `o.fn[1] = f`) into an
// array a target region uses: each function that is not indirect gets a
// warning at the address, with a note at the directive. Stores after the
// region and addresses taken inside the region (device addresses) do not.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s

int plain(int x) { return x; }
int good(int x) { return x + 2; }
#pragma omp declare target to(good) indirect
#pragma omp declare target to(plain)

struct ops { int (*fn[2])(int); };

int store(int n) {
  int (*fps[2])(int);
  fps[0] = good;
  fps[n & 1] = plain; // expected-warning {{the address of 'plain' reaches a target region}}
  struct ops o;
  o.fn[1] = plain; // expected-warning {{the address of 'plain' reaches a target region}}
  o.fn[0] = good;
  int r = 0;
#pragma omp target map(to : fps, o) map(from : r) // expected-note 2 {{target region here}}
  {
    int (*dev)(int) = plain; // a device address: fine
    r = fps[0](n) + o.fn[1](n) + dev(n);
  }
  fps[1] = plain; // after the region
  return r;
}
