// A class derived outside any `declare target` block from an indirect class
// that adds a virtual function of its own: that function has no device copy
// (not declare target, not indirect), so the class is not indirect and its
// vtable has no device copy either. An object built on the host and mapped
// keeps the host vptr, the vptr's lookup misses, and the device reads the
// host vtable. At -O0 the slot read from it is looked up too: the inherited
// indirect function reaches its device copy, and the added one, host code
// without a device copy, stops the program with the line (naming the
// mangled function; -rdynamic exports it). At -O2 the pass trusts that a
// slot read through a vptr is a device address and skips that lookup, so
// both calls run the host copies without a stop (a limitation,
// docs/indirect-forms.md section 7; HOST_COPIES_RUN pins it).
// RUN: %wclangxx %host-offload -O0 -rdynamic -Wno-openmp-mapping %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=O0 --input-file %t.out
// RUN: %wclangxx %host-offload -O2 -DHOST_COPIES_RUN -Wno-openmp-mapping %s \
// RUN:   -o %t
// RUN: %t | FileCheck %s --check-prefix=O2
#include <cstdio>

int dev = 0;
#pragma omp declare target to(dev)

#pragma omp begin declare target indirect
struct Shape {
  virtual int area() const { dev += 1; return 1; }
  virtual ~Shape() {}
};
#pragma omp end declare target

struct Extra : Shape {
  virtual int extra() const { dev += 100; return 3; }
};

int main() {
  Extra e;
  int r[2] = {0, 0};
#pragma omp target map(to : e) map(from : r)
  {
    const Extra *p = &e;
    r[0] = p->area();
    // O0: omp-indirect: device 0: a target region called host address 0x{{[0-9a-f]+}} (_ZNK5Extra5extraEv in {{.*}}): it is not declared indirect, so it has no device copy; stopping
    // O0-NOT: r =
    r[1] = p->extra();
  }
  int host = dev;
#pragma omp target update from(dev)
  // O2: r = 1 3, host copy calls 101, device copy calls 0
  std::printf("r = %d %d, host copy calls %d, device copy calls %d\n", r[0],
              r[1], host, dev);
#ifdef HOST_COPIES_RUN
  return !(r[0] == 1 && r[1] == 3 && host == 101 && dev == 0);
#else
  return 1; // The call of extra() should have stopped the program.
#endif
}
