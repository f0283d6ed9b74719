// A mapper that would expand itself forever, directly or through another
// mapper, is an error at the item that closes the cycle (clang-16 alone maps
// such items one level deep without a word). A named mapper that does not
// recurse is the way to copy one level, and is accepted.
// RUN: %clang -fopenmp -fopenmp-version=51 -fopenmp-targets=x86_64-pc-linux-gnu \
// RUN:   -fplugin=%plugin -fsyntax-only -Xclang -verify %s

typedef struct List {
  int v;
  struct List *next;
} List;
// expected-error@+1 {{'declare mapper' for 'List' (aka 'struct List') would expand itself forever: 'l.next[0:1]' maps 'List' with mapper 'default' again (clang-16 would silently stop after one level; name a mapper that does not recurse to copy one level)}}
#pragma omp declare mapper(List l) map(l, l.next[0:1])

typedef struct A { int n; struct B *b; } A;
typedef struct B { int m; struct A *a; } B;
// expected-note@+1 {{'x.b[0:1]' is mapped with mapper 'default' for 'B' (aka 'struct B') here}}
#pragma omp declare mapper(A x) map(x, x.b[0:1])
// expected-error@+1 {{'declare mapper' for 'A' (aka 'struct A') would expand itself forever: 'y.a[0:1]' maps 'A' with mapper 'default' again}}
#pragma omp declare mapper(B y) map(y, y.a[0:1])

// One level, by name: fine.
typedef struct Node { int v; struct Node *next; } Node;
#pragma omp declare mapper(shallow : Node n) map(n)
#pragma omp declare mapper(deep1 : Node n) map(n) map(mapper(shallow), tofrom : n.next[0:1])
