// The classes of loud-stop-virtual-derived-outside.cpp.
extern int dev;
#pragma omp declare target to(dev)

#pragma omp begin declare target indirect
struct Shape {
  virtual int area() const { dev += 1; return 1; }
  virtual ~Shape() {}
};
#pragma omp end declare target

struct Extra : Shape {
  virtual int extra() const; // Its key function: Inputs/...-b.cpp.
};
