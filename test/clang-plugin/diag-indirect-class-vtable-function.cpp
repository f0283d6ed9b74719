// A class in a `begin declare target indirect` block whose vtable holds a
// virtual function that may have no device copy: neither `declare target`
// nor defined in this unit (here Base::h, inherited by D). The plugin emits
// D's vtable for the device, so the device link would fail unless another
// unit defines h in a `declare target` block: a warning at h, in clang's
// -Wopenmp-target group, with a note at the class. A function defined in
// the unit (Base::f) gets an implicit device copy from clang and no warning;
// so does a class whose vtable holds only such functions (E).
// RUN: %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Wno-openmp-target -Xclang -verify=off %s
// RUN: not %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Werror=openmp-target %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WERROR
// off-no-diagnostics
// WERROR: error: virtual function 'h' is neither 'declare target' nor defined in this translation unit, but the device vtable of 'D', a 'declare target ... indirect' class, needs its device copy{{.*}} [-Werror,-Wopenmp-target]

struct Base {
  virtual int f(int x) { return x; }
  virtual int h(int x); // expected-warning {{virtual function 'h' is neither 'declare target' nor defined in this translation unit, but the device vtable of 'D', a 'declare target ... indirect' class, needs its device copy: the device link fails unless another unit defines it in a 'declare target' block}}
  virtual ~Base() {}
};

struct Other {
  virtual int g(int x) { return x; }
  virtual ~Other() {}
};

#pragma omp begin declare target indirect
struct D : Base { // expected-note {{'D' declared here}}
  int f(int x) override { return 2 * x; }
};
struct E : Other {
  int g(int x) override { return 3 * x; }
};
#pragma omp end declare target
