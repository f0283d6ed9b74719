// One function in the lists of two explicit `declare target` directives, one
// `indirect` and one not. Clang-16 keeps the first directive's attribute and
// silently drops the later one, so `to(g)` then `to(g) indirect` leaves g
// not indirect. The plugin reports an error at the later list item and a
// note at the earlier one, in either order, for `indirect(0)` against
// `indirect`, and whatever the spelling (macro, _Pragma). Not errors: the
// same value twice (spelled differently or not), and a `begin declare
// target indirect` block around an inner list without `indirect` (the
// nesting rule: the block's `indirect` applies, metadata-nested.c). When
// the later directive's `indirect(expr)` cannot be evaluated (clang dropped
// it with the item), a warning says it has no effect there.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s

#include <stdbool.h>
#define ON 1
int g(int x) { return x; }
int h(int x) { return x; }
int k(int x) { return x; }
int m(int x) { return x; }
int same(int x) { return x; }
int unknown(int x) { return x; }

#pragma omp declare target to(g) // expected-note {{'g' first listed in 'declare target' here}}
#pragma omp declare target to(g) indirect // expected-error {{conflicting 'indirect' for 'g': this 'declare target' directive makes it indirect, an earlier one does not, and clang keeps the earlier one}}

#pragma omp declare target to(h) indirect // expected-note {{'h' first listed in 'declare target' here}}
#pragma omp declare target to(h) // expected-error {{conflicting 'indirect' for 'h': this 'declare target' directive does not make it indirect, an earlier one does, and clang keeps the earlier one}}

#pragma omp declare target to(k) indirect(0) // expected-note {{'k' first listed}}
_Pragma("omp declare target to(k) indirect(ON)") // expected-error {{conflicting 'indirect' for 'k'}}

#pragma omp declare target to(m, same) indirect(sizeof(int) == 4) // expected-note {{'m' first listed}}
#pragma omp declare target to(m) indirect(false) // expected-error {{conflicting 'indirect' for 'm'}}
#pragma omp declare target to(same) indirect(ON)
#pragma omp declare target to(same) indirect

#pragma omp declare target to(unknown) indirect // expected-note {{'unknown' first listed}}
#pragma omp declare target to(unknown) indirect(sizeof(char) == 2) // expected-warning {{the 'indirect' clause of this 'declare target' directive has no effect on 'unknown', which an earlier one lists [-Wopenmp-target]}}

#pragma omp begin declare target indirect
int in_block(int x) { return x; }
#pragma omp declare target to(in_block)
#pragma omp end declare target
