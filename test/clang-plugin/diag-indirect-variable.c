// A variable in the list of an `indirect` directive that also lists
// functions: a warning at the variable, since `indirect` has no effect on
// it (the functions of the directive are indirect; the variable is an
// ordinary `declare target` variable). A warning, not an error: such a
// list is valid OpenMP. It is in clang's -Wopenmp-target group, so
// -Wno-openmp-target turns it off and -Werror=openmp-target makes it an
// error. Variables in a `begin declare target indirect` block, and in lists
// without `indirect`, get nothing.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Wno-openmp-target -Xclang -verify=off %s
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Werror=openmp-target -Xclang -verify=werror %s
// off-no-diagnostics

int counter, limit, plain;
int f(int x) { return x + 1; }
int g(int x) { return x - 1; }

#pragma omp declare target to(f, counter) indirect // expected-warning {{'indirect' has no effect on variable 'counter' [-Wopenmp-target]}} werror-error {{'indirect' has no effect on variable 'counter' [-Werror,-Wopenmp-target]}}
#pragma omp declare target to(g) link(limit) indirect(1) // expected-warning {{'indirect' has no effect on variable 'limit'}} werror-error {{'indirect' has no effect on variable 'limit'}}
#pragma omp declare target to(plain)

#pragma omp begin declare target indirect
int in_block_var;
int in_block(int x) { return x + in_block_var; }
#pragma omp end declare target
