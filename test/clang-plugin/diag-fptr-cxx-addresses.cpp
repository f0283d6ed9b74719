// C++ forms that really take the address of a function that is not
// indirect and carry it into a target region: each keeps its warning
// (docs/indirect-forms.md), among the operator calls that do not
// (diag-cxx-operators-clean.cpp): a plain address, a member pointer, the
// address of an operator function (free and member), a std::array of
// pointers (initialized, and stored through its `operator[]`), a struct of
// pointers copied by its `operator=`, and a lambda's init-capture. A
// lambda whose own body takes an address holds none.
// RUN: %clangxx %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Wall -Wextra -Xclang -verify %s
#include <array>

int plain(int x) { return x; }
int good(int x) { return x + 1; }
#pragma omp declare target to(good) indirect

struct S {
  int m(int x) { return x; }
  int operator[](int x) { return x; }
};
struct V { int x; };
V operator+(V a, V b) { return {a.x + b.x}; }
struct Ops { int (*fn)(int); };

int addresses(int n) {
  int (*fp)(int) = plain; // expected-warning {{the address of 'plain' reaches a target region}}
  int (S::*mp)(int) = &S::m; // expected-warning {{the address of 'm' reaches a target region}}
  int (S::*sub)(int) = &S::operator[]; // expected-warning {{the address of 'operator[]' reaches a target region}}
  V (*add)(V, V) = operator+; // expected-warning {{the address of 'operator+' reaches a target region}}
  S s;
  int r = 0;
#pragma omp target map(tofrom : r, s) // expected-note 4 {{target region here}}
  {
    V t = add(V{1}, V{2});
    r = fp(n) + (s.*mp)(n) + (s.*sub)(n) + t.x;
  }
  return r;
}

int containers(int n) {
  std::array<int (*)(int), 2> a = {good, plain}; // expected-warning {{the address of 'plain' reaches a target region}}
  std::array<int (*)(int), 2> b{};
  b[1] = plain; // expected-warning {{the address of 'plain' reaches a target region}}
  Ops o1{plain}; // expected-warning {{the address of 'plain' reaches a target region}}
  Ops o2{good};
  o2 = o1;
  int r = 0;
#pragma omp target map(tofrom : r) map(to : a, b, o2) // expected-note 3 {{target region here}}
  r = a[0](n) + b[1](n) + o2.fn(n);
  return r;
}

int lambdas(int n) {
  auto holds = [p = plain](int x) { return p(x); }; // expected-warning {{the address of 'plain' reaches a target region}}
  auto takes = [](int x) {
    int (*q)(int) = plain; // the lambda's own: no region here
    return q(x);
  };
  int r = 0;
#pragma omp target map(tofrom : r) // expected-note {{target region here}}
  r = holds(n) + takes(n);
  return r;
}
