// `indirect` on a `declare target` directive whose list names no function
// is an error at the clause: `indirect` is about calling functions through
// pointers, and clang-16 would accept it silently. Lists of variables in
// `to` or `enter`, `link` lists, both, and lists spelled through a macro or
// `_Pragma` all count. Not errors: `indirect` with a function in the list
// (its variables get a warning, diag-indirect-variable.c), variables in a
// `begin declare target indirect` block, and variable lists without
// `indirect`.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang %host-offload -fopenmp-version=52 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify=v52 -DV52 %s

int v, w, u, x;
#define VARS v, u
int f(int y) { return y; }

#ifndef V52
#pragma omp declare target to(v) indirect // expected-error {{'indirect' clause on a 'declare target' directive whose list names no function; 'indirect' applies to functions only}}
#pragma omp declare target link(w) indirect(1) // expected-error {{'indirect' clause on a 'declare target' directive whose list names no function}}
#pragma omp declare target to(u) link(x) indirect // expected-error {{whose list names no function}}
#pragma omp declare target to(VARS) indirect // expected-error {{whose list names no function}}
_Pragma("omp declare target to(v) indirect(0)") // expected-error {{whose list names no function}}
#pragma omp declare target to(v, u)
#pragma omp declare target to(f) indirect
#else
#pragma omp declare target enter(v) indirect // v52-error {{'indirect' clause on a 'declare target' directive whose list names no function}}
#pragma omp declare target enter(f) indirect
#endif

#pragma omp begin declare target indirect
int in_block_var;
int in_block(int y) { return y + in_block_var; }
#pragma omp end declare target
