; Functions of a device runtime keep their own indirect calls: LLVM's
; DeviceRTL, which clang-16 links into NVPTX device modules before any pass
; runs and which marks its functions with the assumption "ompx_no_call_asm"
; (its parallel-region and task trampolines call through pointers), and our
; own __kmpc_target_translate_fptr. User code in the same module is rewritten.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define internal void @invoke_microtask(
; CHECK-NEXT:    call void %fn(ptr %args)
; CHECK-NEXT:    ret void
define internal void @invoke_microtask(ptr %fn, ptr %args) #0 {
  call void %fn(ptr %args)
  ret void
}

; CHECK-LABEL: define ptr @__kmpc_target_translate_fptr(
; CHECK-NEXT:    %hook = load ptr, ptr @hook_slot
; CHECK-NEXT:    %r = call ptr %hook(ptr %p)
define ptr @__kmpc_target_translate_fptr(ptr %p) {
  %hook = load ptr, ptr @hook_slot
  %r = call ptr %hook(ptr %p)
  ret ptr %r
}

; CHECK-LABEL: define void @user(
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    call void %fptr.device()
define void @user(ptr %fp) {
  call void %fp()
  ret void
}

@hook_slot = global ptr null

attributes #0 = { "llvm.assume"="ompx_no_call_asm,ompx_no_call_asm" }

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
