// A class derived outside any `declare target` block from an indirect class
// that adds a virtual function of its own with no device copy (Extra::extra,
// defined in another file and not `declare target` there) gets no device
// vtable: an object of it built on the host keeps its host vptr, and a
// virtual call on it in a target region reads the host vtable (the
// host-offload device stops at a slot that is host code). A warning at each
// such function, in clang's -Wopenmp-target group. A derived class that
// only overrides indirect functions (Over) or adds none (Plain) gets its
// device vtable and no warning; so does one whose new function is in a
// `declare target` block (Marked), and one whose new function this unit
// defines (Inline: device code calls Shape's members virtually, so the
// function gets an implicit device copy and becomes indirect).
// RUN: %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang -x c++ %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Wno-openmp-target -Xclang -verify=off %s
// off-no-diagnostics

#pragma omp begin declare target indirect
struct Shape {
  virtual int area() const { return 1; }
  virtual ~Shape() {}
};
#pragma omp end declare target

struct Plain : Shape {};
struct Over : Shape {
  int area() const override { return 2; }
};
struct Extra : Shape {
  virtual int extra() const; // expected-warning {{virtual function 'extra' has no device copy, so 'Extra', derived from the 'declare target ... indirect' class 'Shape', gets no device vtable: a virtual call on a 'Extra' built on the host runs host code on the device; declare 'extra' in a 'declare target' block}}
};
struct Inline : Shape {
  virtual int more() const { return 5; }
};
struct Marked : Shape {
#pragma omp begin declare target
  virtual int marked() const { return 4; }
#pragma omp end declare target
};

int use(const Shape *S, const Extra *E) {
  int R = 0;
#pragma omp target map(from : R)
  R = S->area() + E->extra();
  return R;
}
