// The mapper misuse clang-16 already rejects is reported once, by clang,
// with the plugin loaded: a mapper on a type that is not a struct, union or
// class; two mappers that would both apply (same name, same type, same
// scope); and a mapper(id) modifier naming no visible mapper.
// RUN: %clang -fopenmp -fopenmp-version=51 -fopenmp-targets=x86_64-pc-linux-gnu \
// RUN:   -fplugin=%plugin -fsyntax-only -Xclang -verify %s

typedef struct S { int len; double *d; } S;
// expected-error@+1 {{mapper type must be of struct, union or class type}}
#pragma omp declare mapper(int i) map(i)
// expected-note@+1 {{previous definition is here}}
#pragma omp declare mapper(mine : S s) map(s)
// expected-error@+1 {{redefinition of user-defined mapper for type 'S' (aka 'struct S') with name 'mine'}}
#pragma omp declare mapper(mine : S s) map(s.len)

void use(S *p, int n) {
  // expected-error@+1 {{cannot find a valid user-defined mapper for type 'struct S' with name 'nosuch'}}
#pragma omp target map(mapper(nosuch), tofrom : p[0:n])
  ;
}
