// Mappers that are fine get no diagnostic from the plugin: default and
// named, nested through a member and through a pointer, scoped in a function.
// RUN: %clang -fopenmp -fopenmp-version=51 -fopenmp-targets=x86_64-pc-linux-gnu \
// RUN:   -fplugin=%plugin -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics

typedef struct V { int n; double *x; } V;
typedef struct W { V v; int k; V *vs; } W;
#pragma omp declare mapper(V v) map(tofrom : v, v.x[0:v.n])
#pragma omp declare mapper(W w) map(tofrom : w, w.v, w.vs[0:w.k])
#pragma omp declare mapper(only_x : V v) map(to : v.x[0:v.n])

void use(W *w, int n) {
#pragma omp declare mapper(V v) map(v)
#pragma omp target map(tofrom : w[0:n])
  ;
}
