// Captureless lambdas written inside a `begin declare target indirect`
// block, converted to function pointers on the host and called on the
// device, reach their device copies: a lambda in a variable's initializer,
// a generic lambda converted to int (*)(int), a lambda returned by an inline
// function of the block, one in a function template of the block, and a
// closure object of the block converted in host code. Each adds its own
// amount to a device-side counter; the host copies would leave it at 0.
// Stock clang-16 runs the host copies, and stock clang-19 crashes on this
// file.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int counter = 0;
#pragma omp declare target to(counter)

#pragma omp begin declare target indirect
int (*lam)(int) = [](int x) { counter += 1; return x + 1; };
int (*gen)(int) = [](auto x) { counter += 10; return x * 2; };
inline int (*make())(int) {
  return [](int x) { counter += 100; return x + 2; };
}
template <int N> int (*scaled())(int) {
  return [](int x) { counter += 1000; return N * x; };
}
auto closure = [](int x) { counter += 10000; return x - 1; };
#pragma omp end declare target

int main() {
  int (*l)(int) = lam, (*g)(int) = gen, (*m)(int) = make(),
      (*s)(int) = scaled<3>(), (*c)(int) = closure;
  int a = 0, b = 0, d = 0, e = 0, f = 0;
#pragma omp target map(from : a, b, d, e, f)
  {
    a = l(1);
    b = g(3);
    d = m(5);
    e = s(7);
    f = c(9);
  }
#pragma omp target update from(counter)
  // CHECK: 2 6 7 21 8 counter 11111
  std::printf("%d %d %d %d %d counter %d\n", a, b, d, e, f, counter);
  return counter != 11111;
}
