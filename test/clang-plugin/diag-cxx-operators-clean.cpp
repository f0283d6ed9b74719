// Overloaded operators called in host code whose results reach a target
// region: the result of a call is data, not a function's address, so no
// warning, under -Werror -Wall -Wextra, for each form: `&v[0]` of a
// std::vector, `a[0]` of a std::array of pointers, `*u` and `u->` of a
// std::unique_ptr, a functor's `operator()`, and a user class's `operator[]`,
// `operator*`, `operator->`, conversion to a pointer and `operator+`. Also
// a captureless lambda's call, a member call and a free call. The program
// then runs, at -O0 and -O2, and checks what the regions wrote.
// RUN: %clangxx %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Werror -Wall -Wextra -Xclang -verify %s
// RUN: %wclangxx %host-offload -O0 -Werror -Wall -Wextra %s -o %t0
// RUN: %t0 | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Werror -Wall -Wextra %s -o %t2
// RUN: %t2 | FileCheck %s
// expected-no-diagnostics
// CHECK: sum 199
#include <array>
#include <cstdio>
#include <memory>
#include <vector>

struct Cell { float x; };

/// A user class with every operator the forms below call.
class Grid {
public:
  float &operator[](int i) { return Data[i]; }
  float &operator*() { return Data[0]; }
  Cell *operator->() { return &First; }
  operator float *() { return Data; }
  Grid &operator+(int) { return *this; }
  float Data[8] = {};
  Cell First{0};
};

struct Scale {
  float operator()(float x) const { return 2 * x; }
};

static float twice(float x) { return 2 * x; }

int main() {
  std::vector<float> v(8);
  float *pv = &v[0];
  std::array<float *, 6> arr{};
  arr[0] = pv;
  float *pa = arr[0];
  auto u = std::make_unique<Cell>();
  float *pu = &u->x;
  Cell *pc = &*u;
  Scale scale;
  float k = scale(3);         // 6
  Grid g;
  float *pg = &g[2];
  float *pstar = &*g;
  Cell *parrow = g.operator->();
  float *pconv = g;
  float *pplus = (g + 1).Data;
  float kl = [](float x) { return x + 1; }(4); // 5
  float kt = twice(5);                           // 10
  float *pdata = v.data();
#pragma omp target map(tofrom : pv[:8], pu[:1], pg[:1], pstar[:1]) \
    map(tofrom : parrow[:1])
  {
    pv[0] = k;       // 6
    pu[0] = kl;      // 5
    pg[0] = kt;      // 10
    pstar[0] = 100;
    parrow->x = 50;
  }
#pragma omp target map(tofrom : pa[1:1], pc[:1], pconv[3:1], pplus[4:1]) \
    map(tofrom : pdata[5:1])
  {
    pa[1] = 7;
    pc->x += 1;      // 6
    pconv[3] = 9;
    pplus[4] = 11;
    pdata[5] = 0 * pdata[5];
  }
  // v: 6 + 7; u: 5 + 1; g.Data: 100 + 10 + 9 + 11; g.First: 50.
  float sum = 0;
  for (float x : v)
    sum += x;
  sum += u->x;
  for (float x : g.Data)
    sum += x;
  sum += g.First.x;
  std::printf("sum %g\n", sum);
  return sum == 199 ? 0 : 1;
}
