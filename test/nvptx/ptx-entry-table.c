// The device side of the FPTR entry table in PTX (docs/format.md, part 2):
// one array per translation unit: a header (the layout "FPA1" in the low
// half of its first word, the count in the high half; then the digest of
// the names' hashes), and the device functions in declaration order,
// without the names (the host table has them: no name string is emitted).
// It must be `.visible`: libomptarget's CUDA plugin finds it by name in the
// loaded image, like any declare-target global the host registers, and
// checks its size (16 bytes of header and 2 entries of 8: 4 .u64). The table
// pointer is `.weak .global`, zero-initialized, and merged by nvlink with
// the device runtime's own weak definition; there is no size global (the
// table block carries its size). clang-19's own globals for the two
// functions carry the unit's identifier, like the table.
// REQUIRES: nvptx
// RUN: %wclang %nvptx-offload --offload-arch=sm_80 --offload-device-only \
// RUN:   -S %s -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefixes=CHECK,%llvm-prefix \
// RUN:   --allow-unused-prefixes

int add1(int x) { return x + 1; }
int mul2(int x) { return x * 2; }
#pragma omp declare target to(add1, mul2) indirect

int main(void) {
  int (*fps[2])(int) = {add1, mul2};
  int r = 0;
#pragma omp target map(to : fps) map(from : r)
  r = fps[0](1) + fps[1](1);
  return r != 4;
}
// No names: "add1" would be {97, 100, 100, 49}.
// CHECK-NOT: {97, 100, 100, 49
// LLVM19-DAG: .visible .global .align 8 .u64 __omp_offloading_{{[0-9a-f]+}}_{{[0-9a-f]+}}_add1_l{{[0-9]+}}_[[TU:[0-9a-f]+]] = add1;
// LLVM19-DAG: .visible .global .align 8 .u64 __omp_offloading_{{[0-9a-f]+}}_{{[0-9a-f]+}}_mul2_l{{[0-9]+}}_[[TU]] = mul2;
// 0x31415046 + (2 << 32), then FNV-1a of the hashes 0xfe79825b, 0x911431bf.
// CHECK:     .visible .global .align 8 .u64 __omp_offloading_fptr_entries_{{[0-9a-f]+}}[4] = {9416298566, 6882744937987416159, add1, mul2};
// CHECK-DAG: .weak .global .align 8 .u64 __omp_offloading_fptr_map_p;
// CHECK-NOT: __omp_offloading_fptr_map_size
