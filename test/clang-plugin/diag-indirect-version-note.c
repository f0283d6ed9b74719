// `indirect` needs OpenMP 5.1, and clang-16 defaults to 5.0 (clang-19 and
// 22 to 5.1, where the default version takes the clause): it rejects the
// clause as unexpected ("only 'to', 'link' or 'device_type' clauses
// expected" on a list, "only 'device_type' clauses expected" on a `begin
// declare target` block), which does not say what is missing. The plugin
// adds a note at the same place naming -fopenmp-version=51, for the
// default version, an explicit 5.0 and 4.5, and nothing else (the plugin's
// own checks of `indirect` lists, such as the variables-only error, are off
// while clang rejects the clause). With 5.1 clang accepts the clause and no
// note appears (the other diag- tests run with 5.1).
// RUN: %clang %host-offload -fplugin=%plugin -fsyntax-only \
// RUN:   -Xclang -verify%if llvm-19 || llvm-22 %{=v51%} %s
// RUN: %clang %host-offload -fopenmp-version=50 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang %host-offload -fopenmp-version=45 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify=v45 %s

int f(int x) { return x; }
#pragma omp declare target to(f) indirect // expected-error {{unexpected 'indirect' clause, only 'to', 'link' or 'device_type' clauses expected}} expected-note {{the 'indirect' clause needs OpenMP 5.1 or later: compile with -fopenmp-version=51 (omp-indirect-clang adds it when no version is given)}} v45-error {{unexpected 'indirect' clause, only 'to' or 'link' clauses expected}} v45-note {{compile with -fopenmp-version=51}}

int v;
#pragma omp declare target to(v) indirect // v51-error {{'indirect' clause on a 'declare target' directive whose list names no function}} expected-error {{unexpected 'indirect' clause}} expected-note {{compile with -fopenmp-version=51}} v45-error {{unexpected 'indirect' clause}} v45-note {{compile with -fopenmp-version=51}}

#pragma omp begin declare target indirect // expected-error {{unexpected 'indirect' clause, only 'device_type' clauses expected}} expected-note {{compile with -fopenmp-version=51}} v45-error {{unexpected 'indirect' clause}} v45-note {{compile with -fopenmp-version=51}}
int g(int x) { return x; }
#pragma omp end declare target
