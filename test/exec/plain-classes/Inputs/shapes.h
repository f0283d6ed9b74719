// A class hierarchy in a plain `declare target` block, with no key function
// (every unit that uses it emits its vtables): two-units.cpp and
// Inputs/two-units-b.cpp both include it.
#pragma omp begin declare target
extern int dev_calls;
struct Shape {
  virtual int sides() const { dev_calls += 1; return 0; }
  virtual ~Shape() {}
};
struct Triangle : Shape {
  int sides() const override { dev_calls += 10; return 3; }
};
struct Square : Shape {
  int sides() const override { dev_calls += 100; return 4; }
};
#pragma omp end declare target
