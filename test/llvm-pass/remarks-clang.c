// The pass's remarks as users see them through clang, on the device job:
// -Rpass=omp-indirect reports each call the pass routed through the table
// (IndirectCallTranslated), -Rpass-missed=omp-indirect each call it left
// alone and why (DirectCall, naming the callee; InlineAsm), at the call's
// file:line:col, in target regions and in `declare target` functions.
// Calls to the runtime functions the compiler inserts itself (__kmpc_*,
// __tgt_*, omp_*, llvm.*) are not reported, so every remark is about a call
// in the source. The optimization record gives the stable remark names.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm -o /dev/null \
// RUN:   -Rpass=omp-indirect %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASSED --implicit-check-not=remark:
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm -o /dev/null \
// RUN:   -Rpass-missed=omp-indirect %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSED --implicit-check-not=remark:
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm -O2 -o /dev/null \
// RUN:   -Rpass=omp-indirect -Rpass-missed=omp-indirect %s 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=PASSED,MISSED
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm -o /dev/null \
// RUN:   -fsave-optimization-record -foptimization-record-passes=omp-indirect \
// RUN:   -foptimization-record-file=%t.yaml %s
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml

int twice(int x) { return 2 * x; }
#pragma omp declare target to(twice)

int apply(int (*fp)(int), int x) {
  return fp(x);
// PASSED: remarks-clang.c:[[@LINE-1]]:10: remark: indirect call routed through __kmpc_target_translate_fptr [-Rpass=omp-indirect]
}
#pragma omp declare target to(apply)

int run(int (*fp)(int), int n) {
  int r = 0;
#pragma omp target map(tofrom : r)
  {
    r = fp(n);
// PASSED: remarks-clang.c:[[@LINE-1]]:9: remark: indirect call routed through __kmpc_target_translate_fptr [-Rpass=omp-indirect]
    r += twice(n);
// MISSED: remarks-clang.c:[[@LINE-1]]:10: remark: direct call to twice needs no translation [-Rpass-missed=omp-indirect]
    r += apply(fp, n);
// MISSED: remarks-clang.c:[[@LINE-1]]:10: remark: direct call to apply needs no translation [-Rpass-missed=omp-indirect]
    __asm__ volatile("" : : : "memory");
// MISSED: remarks-clang.c:[[@LINE-1]]:5: remark: inline asm call left alone [-Rpass-missed=omp-indirect]
  }
  return r;
}

// YAML:      --- !Passed
// YAML-NEXT: Pass: omp-indirect
// YAML-NEXT: Name: IndirectCallTranslated
// YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-clang.c', Line: 27, Column: 10 }
// YAML:      --- !Passed
// YAML-NEXT: Pass: omp-indirect
// YAML-NEXT: Name: IndirectCallTranslated
// YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-clang.c', Line: 36, Column: 9 }
// YAML:      --- !Missed
// YAML-NEXT: Pass: omp-indirect
// YAML-NEXT: Name: DirectCall
// YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-clang.c', Line: 38, Column: 10 }
// YAML:      - Callee: twice
// YAML:      --- !Missed
// YAML-NEXT: Pass: omp-indirect
// YAML-NEXT: Name: DirectCall
// YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-clang.c', Line: 40, Column: 10 }
// YAML:      - Callee: apply
// YAML:      --- !Missed
// YAML-NEXT: Pass: omp-indirect
// YAML-NEXT: Name: InlineAsm
// YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-clang.c', Line: 42, Column: 5 }
// YAML-NOT:  --- !
