// A block-scope default mapper for a holder struct that maps its own array
// and, through the default mapper of Vec, a Vec it points to: once as
// `x.inner[0:1]`, once as `*x.other`. A target region that maps the holder
// implicitly updates both arrays, and the host sees the updates. Stock
// clang-16 and -19 stop at the first region ("explicit extension not
// allowed": the region maps all 24 bytes of the holder, the mapper 16);
// the check expects what OpenMP says.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: inner: own 1 2 3 4 vec 10 11 12 13
// CHECK-NEXT: other: own 2 3 4 5 vec 20 21 22 23
#include <cstdio>

enum { N = 4 };
struct Vec {
  int *data;
  int len;
};
#pragma omp declare mapper(Vec v) map(to : v.len, v.data)                     \
    map(tofrom : v.data[0 : v.len])
struct Holder {
  int *own;
  Vec *inner;
  Vec *other;
};

static void show(const char *what, const Holder &h, const Vec &v) {
  std::printf("%s: own", what);
  for (int i = 0; i < N; i++)
    std::printf(" %d", h.own[i]);
  std::printf(" vec");
  for (int i = 0; i < N; i++)
    std::printf(" %d", v.data[i]);
  std::printf("\n");
}

int main() {
  int own[N] = {0, 1, 2, 3}, a[N] = {0, 1, 2, 3}, b[N] = {0, 1, 2, 3};
  Vec va = {a, N}, vb = {b, N};
  Holder h = {own, &va, &vb};
  {
#pragma omp declare mapper(Holder x) map(x.own[0 : N])                        \
    map(mapper(default), tofrom : x.inner[0 : 1])
#pragma omp target
    for (int i = 0; i < N; i++) {
      h.own[i] += 1;
      h.inner->data[i] += 10;
    }
    show("inner", h, va);
  }
  {
#pragma omp declare mapper(Holder x) map(x.own[0 : N])                        \
    map(mapper(default), tofrom : *x.other)
#pragma omp target
    for (int i = 0; i < N; i++) {
      h.own[i] += 1;
      h.other->data[i] += 20;
    }
    show("other", h, vb);
  }
  return 0;
}
