// Arrays of mapped, host-constructed objects of two classes derived from one
// base, called through base pointers in one loop on the device: each object
// reaches the device copy of its own class's override.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdio>

int circle_calls = 0, square_calls = 0;
#pragma omp declare target to(circle_calls, square_calls)

#pragma omp begin declare target indirect
struct Shape {
  double size = 1;
  virtual double area() const = 0;
  virtual ~Shape() {}
};
struct Circle : Shape {
  double area() const override { circle_calls++; return 3 * size * size; }
};
struct Square : Shape {
  double area() const override { square_calls++; return size * size; }
};
#pragma omp end declare target

int main() {
  const int N = 8;
  Circle circles[N];
  Square squares[N];
  for (int i = 0; i < N; i++)
    circles[i].size = squares[i].size = i;
  double total = 0;
#pragma omp target map(to : circles, squares) map(tofrom : total)
  {
    const Shape *all[2 * N];
    for (int i = 0; i < N; i++) {
      all[2 * i] = &circles[i];
      all[2 * i + 1] = &squares[i];
    }
    for (int i = 0; i < 2 * N; i++)
      total += all[i]->area();
  }
#pragma omp target update from(circle_calls, square_calls)
  // sum of i*i for i < 8 is 140: 3*140 + 140
  // CHECK: total = 560, circle calls = 8, square calls = 8
  std::printf("total = %.0f, circle calls = %d, square calls = %d\n", total,
              circle_calls, square_calls);
  return !(total == 560 && circle_calls == N && square_calls == N);
}
