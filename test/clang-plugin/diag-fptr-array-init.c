// An array of function pointers initialized from an initializer list in
// host code and mapped to a target region: each address of a function that
// is not indirect gets a warning, with a note at the directive; the
// indirect one does not. Also for an array inside a struct initializer.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s

int plain(int x) { return x; }
int on_device(int x) { return x + 1; }
int good(int x) { return x + 2; }
#pragma omp declare target to(on_device)
#pragma omp declare target to(good) indirect

struct ops { int (*fn[2])(int); };

int table(int n) {
  int (*fps[3])(int) = {plain, good, &on_device}; // expected-warning {{the address of 'plain' reaches a target region}} expected-warning {{the address of 'on_device' reaches a target region}}
  int r = 0;
#pragma omp target map(to : fps) map(from : r) // expected-note 2 {{target region here}}
  for (int i = 0; i < 3; i++)
    r += fps[i](n);
  return r;
}

int in_struct(int n) {
  struct ops o = {{good, plain}}; // expected-warning {{the address of 'plain' reaches a target region}}
  int r = 0;
#pragma omp target map(to : o) map(from : r) // expected-note {{target region here}}
  r = o.fn[0](n) + o.fn[1](n);
  return r;
}
