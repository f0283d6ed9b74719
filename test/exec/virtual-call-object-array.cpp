// Arrays of mapped, host-constructed objects of two classes derived from one
// base, called through base pointers on the device, in one loop on one
// thread and then by many threads (teams distribute parallel for): each
// object reaches the device copy of its own class's override.
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
  double area() const override {
#pragma omp atomic
    circle_calls++;
    return 3 * size * size;
  }
};
struct Square : Shape {
  double area() const override {
#pragma omp atomic
    square_calls++;
    return size * size;
  }
};
#pragma omp end declare target

int main() {
  const int N = 64;
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
  // Many threads: element i of the 2N objects, on every thread of every team.
  double total2 = 0;
#pragma omp target teams distribute parallel for map(to : circles, squares) \
    reduction(+ : total2)
  for (int i = 0; i < 2 * N; i++) {
    const Shape *s = i % 2 ? static_cast<const Shape *>(&squares[i / 2])
                           : static_cast<const Shape *>(&circles[i / 2]);
    total2 += s->area();
  }
#pragma omp target update from(circle_calls, square_calls)
  // sum of i*i for i < 64 is 85344: 3*85344 + 85344
  // CHECK: total = 341376 then 341376, circle calls = 128, square calls = 128
  std::printf("total = %.0f then %.0f, circle calls = %d, square calls = %d\n",
              total, total2, circle_calls, square_calls);
  return !(total == 341376 && total2 == 341376 && circle_calls == 2 * N &&
           square_calls == 2 * N);
}
