// The other ways to give a class's virtual functions device copies without
// `indirect`: `begin declare target device_type(any)`; a class declared
// outside any block whose member functions a later `begin declare target`
// block defines; and member functions named by `declare target to(...)`
// (OpenMP 5.1) or `enter(...)` (5.2). A host-built object of each reaches
// its device copies.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -fopenmp-version=52 -DENTER -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

#ifdef ENTER
#define LIST enter
#else
#define LIST to
#endif

int dev_calls = 0;
#pragma omp declare target LIST(dev_calls)

#pragma omp begin declare target device_type(any)
struct Any {
  virtual int f() const { dev_calls += 1; return 1; }
  virtual ~Any() {}
};
struct AnyD : Any {
  int f() const override { dev_calls += 10; return 2; }
};
#pragma omp end declare target

struct Late {
  virtual int g() const;
  virtual ~Late() {}
};
struct LateD : Late {
  int g() const override;
};
#pragma omp begin declare target
int Late::g() const { dev_calls += 100; return 3; }
int LateD::g() const { dev_calls += 1000; return 4; }
#pragma omp end declare target

struct Named {
  virtual int h() const;
  virtual ~Named() {}
};
struct NamedD : Named {
  int h() const override;
};
int Named::h() const { dev_calls += 10000; return 5; }
int NamedD::h() const { dev_calls += 100000; return 6; }
#pragma omp declare target LIST(Named::h, NamedD::h)

int main() {
  AnyD a;
  LateD l;
  NamedD n;
  const Any *ap = &a;
  const Late *lp = &l;
  const Named *np = &n;
  int r[3] = {0, 0, 0};
#pragma omp target map(to : a, l, n) map(from : r)
  {
    r[0] = ap->f();
    r[1] = lp->g();
    r[2] = np->h();
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 2 4 6, device calls = 101010
  std::printf("r = %d %d %d, device calls = %d\n", r[0], r[1], r[2],
              dev_calls);
  return !(r[0] == 2 && r[1] == 4 && r[2] == 6 && dev_calls == 101010);
}
