// The loud stop in C++ names the function called and the region's function
// demangled: a target region in a member of a class template, in a
// namespace, calls through a host address either a `declare target`
// function that is not indirect (its device copy exists, but no table leads
// there) or a host function that is not `declare target` at all, and the
// line says which. -O0 and -O2; the region's line is the pragma's.
// RUN: %wclangxx %host-offload -O0 -Wno-openmp-target %s -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not --crash %t host 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: %wclangxx %host-offload -O2 -Wno-openmp-target %s -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not --crash %t host 2>&1 | FileCheck %s --check-prefix=HOST
#include <cstdio>

namespace geo {
#pragma omp begin declare target
int scale(int x) { return 2 * x; }
#pragma omp end declare target
int host_only(int x) { return 3 * x; }

template <class T> struct Runner {
  static T run(T (*f)(T)) {
    T r = 0;
    // PLAIN: omp-indirect: device 0: the target region in geo::Runner<int>::run(int (*)(int)) at line [[#@LINE+4]] called geo::scale(int) (0x{{[0-9a-f]+}} in {{.*}}) through a host address: geo::scale(int) is declare target but not indirect, so no table leads to its device copy (declare it indirect); stopping
    // HOST: omp-indirect: device 0: the target region in geo::Runner<int>::run(int (*)(int)) at line [[#@LINE+3]] called geo::host_only(int) (0x{{[0-9a-f]+}} in {{.*}}) through a host address: geo::host_only(int) has no device copy (it is not declare target, or was not emitted for the device); stopping
    // PLAIN-NOT: r =
    // HOST-NOT: r =
#pragma omp target map(to : f) map(from : r)
    r = f(1);
    return r;
  }
};
} // namespace geo

int main(int argc, char **) {
  int r = geo::Runner<int>::run(argc > 1 ? geo::host_only : geo::scale);
  std::printf("r = %d\n", r);
  return 1; // The call through f should have stopped the program.
}
