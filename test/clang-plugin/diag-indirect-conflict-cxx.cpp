// The conflict check of diag-indirect-conflict.c in C++: the list items are
// qualified names (namespace members, static member functions), and two
// functions of one name in different namespaces are told apart.
// RUN: %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s

namespace ns { int f(int x) { return x; } }
namespace other { int f(int x) { return x + 1; } }
struct S { static int sf(int x) { return x; } };

#pragma omp declare target to(ns::f) // expected-note {{'f' first listed in 'declare target' here}}
#pragma omp declare target to(other::f, S::sf) indirect // expected-note {{'sf' first listed}}
#pragma omp declare target to(ns::f) indirect // expected-error {{conflicting 'indirect' for 'f': this 'declare target' directive makes it indirect, an earlier one does not}}
#pragma omp declare target to(other::f) indirect
#pragma omp declare target to(S::sf) indirect(0) // expected-error {{conflicting 'indirect' for 'sf'}}
