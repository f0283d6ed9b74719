// A class template in a plain `declare target` block: each instantiation's
// virtual functions have device copies, so each registers its vtable, and
// a host-built object of either instantiation reaches its device copies.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-mapping %s -o %t && %t | FileCheck %s
#include <cstdio>

#pragma omp begin declare target
int dev_calls = 0;
struct Base {
  virtual double get() const = 0;
  virtual ~Base() {}
};
template <typename T> struct Holder : Base {
  T v;
  explicit Holder(T v) : v(v) {}
  double get() const override { dev_calls += sizeof(T); return v; }
};
#pragma omp end declare target

int main() {
  Holder<int> hi(3);
  Holder<double> hd(0.5);
  double s = 0;
  // The pointers are taken on the device, to the device copies of the
  // host-built objects: an array of host pointers would fault on a GPU.
#pragma omp target map(to : hi, hd) map(tofrom : s)
  {
    const Base *p[2] = {&hi, &hd};
    for (int i = 0; i < 2; i++)
      s += p[i]->get();
  }
#pragma omp target update from(dev_calls)
  // CHECK: sum = 3.5, device calls = 12
  std::printf("sum = %.1f, device calls = %d\n", s, dev_calls);
  return !(s == 3.5 && dev_calls == 12);
}
