// The device never reads the host vtable. While the target region runs, the
// host vtable's slot for Counter::step points at a host-only trap function
// (its page made writable for the write, then given back its protection).
// A device that dispatched through the host vtable would run the trap; ours
// reads its own vtable, through the translated vptr, and runs the device
// copy of Counter::step.
// RUN: %wclangxx %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
struct Counter {
  virtual int step(int x) { dev_calls++; return x + 1; }
  virtual ~Counter() {}
};
#pragma omp end declare target

// Host only: not declare target, so no device copy exists.
static volatile int trapped = 0;
static int trap(Counter *, int) {
  trapped++;
  return -1000;
}

// The protection of the page holding Addr, from /proc/self/maps.
static int pageProtection(const void *Addr) {
  FILE *F = std::fopen("/proc/self/maps", "r");
  char Line[512];
  int Prot = -1;
  while (F && std::fgets(Line, sizeof Line, F)) {
    unsigned long Lo, Hi;
    char P[5];
    if (std::sscanf(Line, "%lx-%lx %4s", &Lo, &Hi, P) != 3)
      continue;
    if ((uintptr_t)Addr >= Lo && (uintptr_t)Addr < Hi) {
      Prot = (P[0] == 'r' ? PROT_READ : 0) | (P[1] == 'w' ? PROT_WRITE : 0);
      break;
    }
  }
  if (F)
    std::fclose(F);
  return Prot;
}

// Stores Value into the vtable slot *Slot despite its protection.
static void patchSlot(void **Slot, void *Value) {
  long PageSize = sysconf(_SC_PAGESIZE);
  void *Page = (void *)((uintptr_t)Slot & ~(uintptr_t)(PageSize - 1));
  int Prot = pageProtection(Slot);
  if (Prot < 0 || mprotect(Page, PageSize, PROT_READ | PROT_WRITE)) {
    std::perror("mprotect");
    std::exit(2);
  }
  *Slot = Value;
  if (mprotect(Page, PageSize, Prot)) {
    std::perror("mprotect");
    std::exit(2);
  }
}

int main() {
  Counter c;
  void **HostVtable = *(void ***)&c; // the address point the object holds
  void *Step = HostVtable[0];
  int r = 0;
  patchSlot(&HostVtable[0], (void *)&trap);
  // The host now dispatches to the trap: check that the patch took.
  Counter *volatile hp = &c; // opaque: no devirtualization
  int OnHost = hp->step(1);
#pragma omp target map(to : c) map(from : r)
  {
    Counter *p = &c;
    r = p->step(41);
  }
  patchSlot(&HostVtable[0], Step);
#pragma omp target update from(dev_calls)
  // CHECK: host through the patched vtable: -1000
  // CHECK: r = 42, device calls = 1, trap ran 1 times
  std::printf("host through the patched vtable: %d\n", OnHost);
  std::printf("r = %d, device calls = %d, trap ran %d times\n", r, dev_calls,
              trapped);
  return !(OnHost == -1000 && r == 42 && dev_calls == 1 && trapped == 1);
}
