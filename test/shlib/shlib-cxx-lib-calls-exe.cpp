// C++: a library's target region calls, through plain function pointers,
// the executable's indirect function in a namespace and a static member
// function of a class in an indirect block (mangled names); the library and
// the executable are built with omp-indirect-clang++.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclangxx %host-offload -O2 -fPIC -shared -DLIB %s -o %t/libcxx.so
// RUN: %wclangxx %host-offload -O2 %s -L%t -Wl,-rpath,%t -lcxx -o %t/a
// RUN: %t/a | FileCheck %s
#include <cstdio>

using Fn = int (*)(int);

#ifdef LIB
int lib_call(Fn F, int X) {
  int R = 0;
#pragma omp target map(from : R)
  R = F(X);
  return R;
}
#else
int lib_call(Fn F, int X);

int calls = 0;
#pragma omp declare target to(calls)
#pragma omp begin declare target indirect
namespace ns {
int twice(int x) {
#pragma omp atomic
  calls++;
  return 2 * x;
}
} // namespace ns
struct Ops {
  static int thrice(int x) {
#pragma omp atomic
    calls++;
    return 3 * x;
  }
};
#pragma omp end declare target

int main() {
  int A = lib_call(ns::twice, 21), B = lib_call(&Ops::thrice, 5);
#pragma omp target update from(calls)
  // CHECK: twice 42 thrice 15 device calls 2
  std::printf("twice %d thrice %d device calls %d\n", A, B, calls);
  return !(A == 42 && B == 15 && calls == 2);
}
#endif
