// The misuses of `indirect` that clang-16 reports itself (OpenMP 5.1): each
// is still reported with the plugin loaded, at clang's location, and the
// plugin adds nothing to them.
//  - `indirect` with device_type(host) or device_type(nohost), on a list and
//    on a block: only device_type(any) is allowed;
//  - two `indirect` clauses on one directive;
//  - `indirect(expr)` with an expression that is not constant;
//  - one list item twice in the clauses of one directive.
// The second RUN line, without the plugin, shows that the errors are clang's.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang %host-offload -fopenmp-version=51 -fsyntax-only -Xclang -verify %s

int a(int x) { return x; }
int b(int x) { return x; }
int c(int x) { return x; }
int d(int x) { return x; }
int e(int x) { return x; }
int n = 1;

#pragma omp declare target to(a) indirect device_type(host) // expected-error {{only 'device_type(any)' clause is allowed with indirect clause}}
#pragma omp declare target to(b) device_type(nohost) indirect // expected-error {{only 'device_type(any)' clause is allowed with indirect clause}}
#pragma omp begin declare target indirect device_type(nohost) // expected-error {{only 'device_type(any)' clause is allowed with indirect clause}}
int in_block(int x) { return x; }
#pragma omp end declare target

#pragma omp declare target to(c) indirect indirect // expected-error {{directive '#pragma omp declare target' cannot contain more than one 'indirect' clause}}
#pragma omp begin declare target indirect indirect(1) // expected-error {{directive '#pragma omp declare target' cannot contain more than one 'indirect' clause}}
#pragma omp end declare target

#pragma omp declare target to(d) indirect(n) // expected-error {{expression is not an integer constant expression}}

#pragma omp declare target to(e) to(e) indirect // expected-error {{'e' appears multiple times in clauses on the same declare target directive}}
