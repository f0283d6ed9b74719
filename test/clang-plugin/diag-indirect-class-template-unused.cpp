// `begin declare target indirect` around a class template that the unit
// never instantiates: no member function of it can be registered (there is
// no code for it), which is almost certainly not what was meant. A warning
// at the template, in clang's -Wopenmp-target group. An instantiated one,
// and a plain class, get nothing.
// RUN: %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Wno-openmp-target -Xclang -verify=off %s
// off-no-diagnostics

#pragma omp begin declare target indirect
template <class T> struct Box { // expected-warning {{class template 'Box' is 'declare target ... indirect' but never instantiated in this translation unit: none of its member functions is registered}}
  T v;
  virtual T get() { return v; }
  virtual ~Box() {}
};
template <class T> struct Used {
  T v;
  T get() { return v; }
};
struct Plain {
  int get() { return 1; }
};
#pragma omp end declare target

int use() {
  Used<int> u{1};
  return u.get();
}
