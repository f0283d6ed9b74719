// Classes of a `begin declare target indirect` block whose key functions,
// B::f and D::f, are defined in another file (key-functions.cpp) than the
// one that builds the objects and calls them (cxx-key-function-other-file).
#pragma once
extern int dev;
#pragma omp declare target to(dev)
#pragma omp begin declare target indirect
struct B {
  virtual int f() const;
};
struct D : B {
  int f() const override;
};
#pragma omp end declare target
