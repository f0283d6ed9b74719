// shapes.cpp - virtual calls in a target region on objects built on the
// host and mapped to the device. Their vtable pointers hold the host
// vtables' addresses; with omp-indirect each call reaches the device copy of
// the final overrider. `device_calls` counts calls made on the device, and
// omp_is_initial_device() says where the region ran: a build without an
// offload target runs it on the host, and the program says so and fails.
//
// clang warns that a polymorphic class "is not trivially copyable and not
// guaranteed to be mapped correctly" (-Wopenmp-mapping): its vtable pointer
// is a host address, which omp-indirect translates on the device, so the
// warning does not apply here and the command below turns it off.
//
// USAGE: build/bin/omp-indirect-clang++ -fopenmp -Wno-openmp-mapping \
//          -fopenmp-targets=x86_64-pc-linux-gnu examples/shapes.cpp -o shapes
#include <omp.h>
#include <cstdio>

int device_calls = 0;
#pragma omp declare target to(device_calls)

#pragma omp begin declare target indirect
struct Shape {
  virtual double area() const = 0;
  virtual ~Shape() {}
};
struct Square : Shape {
  double side;
  explicit Square(double s) : side(s) {}
  double area() const override { device_calls++; return side * side; }
};
struct Rectangle : Shape {
  double width, height;
  Rectangle(double w, double h) : width(w), height(h) {}
  double area() const override { device_calls++; return width * height; }
};
double area_of(const Shape &s) { return s.area(); }
#pragma omp end declare target

int main() {
  Square square(3);
  Rectangle rectangle(2, 5); // built on the host: host vtable pointers
  double a = 0, b = 0;
  int on_host = 1;
#pragma omp target map(to : square, rectangle) map(from : a, b, on_host)
  {
    on_host = omp_is_initial_device();
    a = area_of(square);
    b = area_of(rectangle);
  }
#pragma omp target update from(device_calls)
  std::printf("square: %g, rectangle: %g\n", a, b);
  if (on_host) {
    std::printf("the target region ran on the host, not on a device: build "
                "with -fopenmp-targets=x86_64-pc-linux-gnu (or "
                "--offload-arch=sm_90)\n");
    return 1;
  }
  std::printf("virtual calls that ran on the device: %d of 2\n", device_calls);
  return device_calls == 2 ? 0 : 1;
}
