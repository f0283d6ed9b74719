// C++: a static member function, a function template instantiation and a
// namespace function, all inside `begin declare target indirect`, are
// registered and their device copies run.
// RUN: %wclangxx %host-offload %s -o %t && %t | FileCheck %s
#include <cstdio>

int calls = 0;
#pragma omp declare target to(calls)

#pragma omp begin declare target indirect
struct S {
  static int inc(int x) { calls++; return x + 1; }
};
template <class T> T twice(T x) { calls++; return x * 2; }
namespace ns {
int add3(int x) { calls++; return x + 3; }
} // namespace ns
#pragma omp end declare target

int main() {
  int (*f[3])(int) = {&S::inc, &twice<int>, &ns::add3};
  int r[3] = {0, 0, 0};
#pragma omp target map(to : f) map(from : r)
  for (int i = 0; i < 3; i++)
    r[i] = f[i](10);
#pragma omp target update from(calls)
  // CHECK: 11 20 13, device calls = 3
  std::printf("%d %d %d, device calls = %d\n", r[0], r[1], r[2], calls);
  return !(r[0] == 11 && r[1] == 20 && r[2] == 13 && calls == 3);
}
