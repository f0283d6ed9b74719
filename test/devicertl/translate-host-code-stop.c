// The lookup of the host-offload device (x86_64, as this host build of it
// is) on a pointer the table misses but the header's host code ranges hold:
// it returns a stop stub, never the pointer, and stops nothing itself (the
// compiler hoists translations to where the call may never happen). Calling
// the stub calls the header's stop function with the device number and the
// address. Two addresses that fall on different stubs each report their
// own, in whatever order they were translated; two that share a stub report
// the one missed last. Pointers outside the ranges (between them, at an
// end, a device address, NULL) come back unchanged, and hits still hit. With
// no stop function the stub traps.
// RUN: %build-translate-test %s -o %t
// RUN: %t hash | FileCheck %s
// RUN: %t search | FileCheck %s

#include "driver.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static jmp_buf Back;

static void stop(int32_t DeviceId, uint64_t Addr) {
  printf("stop: device %d, host address 0x%llx\n", DeviceId,
         (unsigned long long)Addr);
  longjmp(Back, 1);
}

static void *translate(uint64_t Key) {
  return __kmpc_target_translate_fptr((void *)(uintptr_t)Key);
}

/* Prints whether Key translated to itself, to its row, or to a stub. */
static void *show(const char *Label, uint64_t Key) {
  void *P = translate(Key);
  uint64_t V = (uint64_t)(uintptr_t)P;
  printf("%s: 0x%llx -> %s\n", Label, (unsigned long long)Key,
         V == Key                       ? "unchanged"
         : V >= 0xd00000 && V < 0xe00000 ? "row"
                                        : "stub");
  return P;
}

static void call(void *Stub) {
  if (!setjmp(Back))
    ((void (*)(void))Stub)();
}

void run_cases(void) {
  __omp_offloading_fptr_map_ty Rows[2] = {{0x401000, 0xd01000},
                                          {0x401100, 0xd02000}};
  omp_indirect_code_range Code[2] = {{0x400000, 0x402000},
                                     {0x600000, 0x601000}};
  omp_indirect_table_options Opts = {0};
  Opts.code_ranges = Code;
  Opts.num_code_ranges = 2;
  Opts.stop_fn = (uint64_t)(uintptr_t)&stop;
  Opts.device_id = 3;
  set_table_with(Rows, 2, &Opts);
  lookup("hit", 0x401100, 0xd02000);
  void *A = show("code, between two rows", 0x401080);
  void *B = show("code, in the second range", 0x600800);
  // Translated A then B, called A then B: each reports its own.
  call(A);
  call(B);
  show("code, first byte", 0x400000);
  show("code, last byte of a range", 0x600fff);
  show("past a range", 0x402000);
  show("between the ranges", 0x500000);
  show("past the last range", 0x601000);
  show("device address", 0xd01000);
  show("null", 0);
  // 0x400030 shares A's stub and was missed last: A's stub reports it.
  void *C = show("code, sharing a stub", 0x400030);
  printf("same stub: %s\n", C == A ? "yes" : "no");
  call(A);
  // The table's stop function is read when the stub is called.
  Opts.stop_fn = 0;
  set_table_with(Rows, 2, &Opts);
  void *D = translate(0x401080);
  fflush(stdout);
  pid_t Child = fork();
  if (!Child) {
    ((void (*)(void))D)();
    _exit(0);
  }
  int Status = 0;
  waitpid(Child, &Status, 0);
  printf("no stop function: %s\n",
         WIFSIGNALED(Status) && WTERMSIG(Status) == SIGILL ? "trapped"
                                                            : "did not trap");
}

// CHECK:      hit: 0x401100 -> 0xd02000{{$}}
// CHECK-NEXT: code, between two rows: 0x401080 -> stub
// CHECK-NEXT: code, in the second range: 0x600800 -> stub
// CHECK-NEXT: stop: device 3, host address 0x401080
// CHECK-NEXT: stop: device 3, host address 0x600800
// CHECK-NEXT: code, first byte: 0x400000 -> stub
// CHECK-NEXT: code, last byte of a range: 0x600fff -> stub
// CHECK-NEXT: past a range: 0x402000 -> unchanged
// CHECK-NEXT: between the ranges: 0x500000 -> unchanged
// CHECK-NEXT: past the last range: 0x601000 -> unchanged
// CHECK-NEXT: device address: 0xd01000 -> unchanged
// CHECK-NEXT: null: 0x0 -> unchanged
// CHECK-NEXT: code, sharing a stub: 0x400030 -> stub
// CHECK-NEXT: same stub: yes
// CHECK-NEXT: stop: device 3, host address 0x400030
// CHECK-NEXT: no stop function: trapped
// CHECK-NEXT: failures: 0
