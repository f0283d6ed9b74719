// The indirect classes of virtual-call-two-units.cpp, included by both of
// its translation units. No key function: each unit emits the vtables and
// registers their address points.
extern int dev_calls;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct Shape {
  virtual int area() const { dev_calls += 1; return 1; }
  virtual ~Shape() {}
};
struct Square : Shape {
  int side = 3;
  int area() const override { dev_calls += 10; return side * side; }
};
#pragma omp end declare target
