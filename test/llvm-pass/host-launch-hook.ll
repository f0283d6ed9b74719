; A host module: every call to libomptarget's __tgt_target_kernel becomes a
; call, with the same arguments, to the runtime hook
; __omp_indirect_target_kernel (also in a module without indirect functions,
; as here), and no reference to __tgt_target_kernel is left. A host module
; that launches no kernel comes out exactly as it went in.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt %loadpass -passes=omp-indirect -S %t/launches.ll \
; RUN:   | FileCheck %s --check-prefix=LAUNCH \
; RUN:       --implicit-check-not=__tgt_target_kernel
; RUN: %opt %loadpass -passes=omp-indirect -S %t/no-launch.ll -o %t/no-launch.out.ll
; RUN: FileCheck %s --check-prefix=NOLAUNCH \
; RUN:   --implicit-check-not=__omp_indirect_target_kernel < %t/no-launch.out.ll
; RUN: %opt -S %t/no-launch.ll -o %t/no-launch.ref.ll
; RUN: diff %t/no-launch.ref.ll %t/no-launch.out.ll

;--- launches.ll
target triple = "x86_64-pc-linux-gnu"

@ident = private constant i8 0
@region.a = weak constant i8 0
@region.b = weak constant i8 0

declare i32 @__tgt_target_kernel(ptr, i64, i32, i32, ptr, ptr) nounwind

; LAUNCH-LABEL: define i32 @launch_two(
; LAUNCH-NEXT:    %a = call i32 @__omp_indirect_target_kernel(ptr @ident, i64 -1, i32 -1, i32 0, ptr @region.a, ptr %args)
; LAUNCH-NEXT:    %b = call i32 @__omp_indirect_target_kernel(ptr @ident, i64 %dev, i32 4, i32 64, ptr @region.b, ptr %args)
; LAUNCH-NEXT:    %s = add i32 %a, %b
; LAUNCH-NEXT:    ret i32 %s
define i32 @launch_two(ptr %args, i64 %dev) {
  %a = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 -1, i32 0, ptr @region.a, ptr %args)
  %b = call i32 @__tgt_target_kernel(ptr @ident, i64 %dev, i32 4, i32 64, ptr @region.b, ptr %args)
  %s = add i32 %a, %b
  ret i32 %s
}

; LAUNCH-LABEL: define i32 @launch_again(
; LAUNCH-NEXT:    %r = call i32 @__omp_indirect_target_kernel(ptr @ident, i64 0, i32 1, i32 1, ptr @region.a, ptr %args)
; LAUNCH-NEXT:    ret i32 %r
define i32 @launch_again(ptr %args) {
  %r = call i32 @__tgt_target_kernel(ptr @ident, i64 0, i32 1, i32 1, ptr @region.a, ptr %args)
  ret i32 %r
}

; LAUNCH: declare i32 @__omp_indirect_target_kernel(ptr, i64, i32, i32, ptr, ptr)

;--- no-launch.ll
target triple = "x86_64-pc-linux-gnu"

declare void @__tgt_register_requires(i64)

; NOLAUNCH-LABEL: define void @no_launch(
; NOLAUNCH-NEXT:    call void @__tgt_register_requires(i64 1)
; NOLAUNCH-NEXT:    ret void
define void @no_launch() {
  call void @__tgt_register_requires(i64 1)
  ret void
}
