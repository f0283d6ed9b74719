// Sixteen host threads launch kernels on device 0 at the same moment (a
// barrier) while another thread opens a library with dlopen and calls its
// indirect function from a target region. Every call must reach a device
// copy; no launch may run with a table missing an image it needs.
//
// main launches once before the threads start. libomptarget 16 loads a
// device's images at its first launch holding its own lock and, on host
// offload, calls dlopen; a library's registration constructor runs inside
// dlopen and waits for that lock. A first launch racing a dlopen of an offload
// library therefore deadlocks in libomptarget itself: stock clang-16 hangs
// the same way on this program without `indirect` (docs/runtime.md).
// libomptarget 19 loads a new library's images at the next launch, under
// the same lock and through dlopen, so there any launch racing the dlopen
// can deadlock: stock clang-19 hangs in 8 of 60 runs of this program.
// libomptarget 22 does too (this program hung in one of two runs of
// `make LLVM=22 check`). No launch order avoids that, so the test does not
// run on LLVM 19 and 22.
// UNSUPPORTED: llvm-19, llvm-22
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 %s -ldl -lpthread -DLIB=\"%t/libind.so\" -o %t/a
// RUN: %t/a | FileCheck %s
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define NT 16
#define ROUNDS 8

int calls = 0;
#pragma omp declare target to(calls)
#pragma omp begin declare target indirect
int twice(int x) {
#pragma omp atomic
  calls++;
  return 2 * x;
}
#pragma omp end declare target

static pthread_barrier_t Start;
static int Wrong = 0;

static int run(int (*Fp)(int), int X) {
  int R = 0;
#pragma omp target map(from : R) device(0)
  R = Fp(X);
  return R;
}

static void *launcher(void *Arg) {
  int Id = (int)(long)Arg;
  pthread_barrier_wait(&Start);
  for (int I = 0; I < ROUNDS; ++I)
    if (run(twice, Id + I) != 2 * (Id + I))
      __atomic_add_fetch(&Wrong, 1, __ATOMIC_RELAXED);
  return NULL;
}

static void *opener(void *Arg) {
  (void)Arg;
  pthread_barrier_wait(&Start);
  void *Lib = dlopen(LIB, RTLD_NOW);
  if (!Lib) {
    printf("dlopen: %s\n", dlerror());
    __atomic_add_fetch(&Wrong, 1, __ATOMIC_RELAXED);
    return NULL;
  }
  int (*(*GetFn)(void))(int) = (int (*(*)(void))(int))dlsym(Lib, "lib_get_fn");
  int (*DeviceCalls)(void) = (int (*)(void))dlsym(Lib, "lib_device_calls");
  for (int I = 0; I < ROUNDS; ++I)
    if (run(GetFn(), I) != 100 + I)
      __atomic_add_fetch(&Wrong, 1, __ATOMIC_RELAXED);
  if (DeviceCalls() != ROUNDS)
    __atomic_add_fetch(&Wrong, 1, __ATOMIC_RELAXED);
  return NULL;
}

int main(void) {
  pthread_t T[NT + 1];
  if (run(twice, 0) != 0)
    return 1;
  pthread_barrier_init(&Start, NULL, NT + 1);
  for (long I = 0; I < NT; ++I)
    pthread_create(&T[I], NULL, launcher, (void *)I);
  pthread_create(&T[NT], NULL, opener, NULL);
  for (int I = 0; I <= NT; ++I)
    pthread_join(T[I], NULL);
#pragma omp target update from(calls) device(0)
  // CHECK: wrong results: 0, device calls: 129 of 129
  printf("wrong results: %d, device calls: %d of %d\n", Wrong, calls,
         NT * ROUNDS + 1);
  return !(Wrong == 0 && calls == NT * ROUNDS + 1);
}
