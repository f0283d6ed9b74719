// Without the device runtime, an nvptx program with indirect calls does not
// link: nvlink reports __kmpc_target_translate_fptr undefined, and the link
// hint, a symbol named for the fix (PTX names allow no spaces). So a link
// that succeeds (exec-link-*.test) proves that the device runtime resolved
// them.
// Plain clang with the plugin, first without the runtime archive, then with
// it. When nvlink fails, the clang that clang-linker-wrapper runs for the
// device link takes it for a crash and spends half a minute writing a crash
// report to /tmp; CCC_OVERRIDE_OPTIONS passes -fno-crash-diagnostics to that
// clang too.
// REQUIRES: nvptx
// RUN: env CCC_OVERRIDE_OPTIONS=+-fno-crash-diagnostics \
// RUN:   not %clang %nvptx-offload --offload-arch=sm_80 -fopenmp-version=51 \
// RUN:   -fplugin=%plugin %s -o %t.no-rt 2>&1 | FileCheck %s
// CHECK-DAG: nvlink error{{ *}}: Undefined reference to '__kmpc_target_translate_fptr'
// CHECK-DAG: nvlink error{{ *}}: Undefined reference to 'omp_indirect_link_with_lomp_indirect_device_and_lomp_indirect_rt'
// RUN: %clang %nvptx-offload --offload-arch=sm_80 -fopenmp-version=51 \
// RUN:   -fplugin=%plugin %s -L%rtlib -Wl,-rpath,%rtlib -lomp-indirect-rt \
// RUN:   -lomp-indirect-device -lpthread -o %t

int add1(int x) { return x + 1; }
#pragma omp declare target to(add1) indirect

int main(void) {
  int (*fp)(int) = add1;
  int r = 0;
#pragma omp target map(from : r)
  r = fp(1);
  return r != 2;
}
