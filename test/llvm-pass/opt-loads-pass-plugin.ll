; opt loads the pass from libomp-indirect-pass.so, which links LLVM only,
; with either release. libomp-indirect.so, the clang plugin, also links
; libclang-cpp: opt-16 loads it as well, while opt-19 aborts on it (both
; libraries register LLVM's command-line options), which is why the pass
; has a library of its own.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: %if llvm-16 %{ %opt -load-pass-plugin=%plugin -passes=omp-indirect \
; RUN:   -S %s | FileCheck %s %}
; RUN: %if llvm-19 %{ not --crash %opt -load-pass-plugin=%plugin \
; RUN:   -passes=omp-indirect -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=CLASH %}

; CHECK: call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CLASH: registered more than once

target triple = "x86_64-pc-linux-gnu"

define i32 @call(ptr %fp) {
  %r = call i32 %fp(i32 1)
  ret i32 %r
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
