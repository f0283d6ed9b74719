// Call promotion falls back to the table for a shared library's function:
// the executable's loop calls through a loop-invariant pointer, promoted to
// its own indirect function of that type (the remark names it), but handed
// the address of a linked library's function and then of a dlopen'd
// library's one. Each library's device-side counter proves its device copy
// ran once per iteration; the executable's own function still runs through
// the promoted direct call. At -O0 and -O2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 -fPIC -shared -DNAME=dl %S/Inputs/lib-ind.c -o %t/libdl.so
// RUN: %wclang %host-offload -O2 -Rpass=omp-indirect %s -L%t -Wl,-rpath,%t \
// RUN:   -lind -ldl -DLIB=\"%t/libdl.so\" -o %t/a 2>%t/remarks
// RUN: FileCheck %s --check-prefix=REMARK --input-file %t/remarks
// RUN: %t/a | FileCheck %s
// RUN: %wclang %host-offload -O0 %s -L%t -Wl,-rpath,%t -lind -ldl \
// RUN:   -DLIB=\"%t/libdl.so\" -o %t/b
// RUN: %t/b | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>

typedef int (*fn_t)(int);
fn_t lib_get_fn(void);
int lib_device_calls(void);

int own_calls = 0;
#pragma omp declare target to(own_calls)
#pragma omp begin declare target indirect
int own_twice(int x) {
#pragma omp atomic
  own_calls++;
  return 2 * x;
}
#pragma omp end declare target

static long run(fn_t f) {
  long s = 0;
#pragma omp target teams distribute parallel for firstprivate(f) \
    reduction(+ : s) map(tofrom : s)
  for (int i = 0; i < 100; i++)
    s += f(i);
// REMARK: promote-fallback-libraries.c:[[@LINE-1]]:10: remark: indirect call promoted to direct calls of own_twice; any other target goes through the table
  return s;
}

int main(void) {
  void *h = dlopen(LIB, RTLD_NOW);
  if (!h)
    return 2;
  fn_t dl = ((fn_t(*)(void))dlsym(h, "dl_get_fn"))();
  int (*dl_count)(void) = (int (*)(void))dlsym(h, "dl_device_calls");
  long own = run(own_twice), lib = run(lib_get_fn()), dyn = run(dl);
#pragma omp target update from(own_calls)
  int lc = lib_device_calls(), dc = dl_count();
  // CHECK: own 9900 lib 14950 dlopen 14950; device calls 100 100 100
  printf("own %ld lib %ld dlopen %ld; device calls %d %d %d\n", own, lib, dyn,
         own_calls, lc, dc);
  return !(own == 9900 && lib == 14950 && dyn == 14950 && own_calls == 100 &&
           lc == 100 && dc == 100);
}
