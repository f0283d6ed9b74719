; Vtable pointers at virtual dispatch on the device, in the shapes clang-16
; emits at the start of the pipeline (hand-trimmed from its output). Each
; vptr load whose slot is called with the object as an argument, or whose
; virtual-base offset is added to the object, is followed by
; __kmpc_target_translate_fptr, and every use reads the result. Without a
; proof that the load is a vptr (as at -O0: no TBAA), the function pointer
; read from the slot is looked up too (device-vptr-slot-skip.ll has the
; proofs). A C table of function pointers not called with the pointer it
; was read through is left to the ordinary call rewrite. The pass is
; idempotent.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect,omp-indirect -S %s | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks=omp-indirect \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK-COUNT-4: remark: {{.*}}vtable pointer routed through __kmpc_target_translate_fptr
; REMARK-NOT: vtable pointer routed

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; p->f(x), f in slot 2.
; CHECK-LABEL: define i32 @virtual_call(
; CHECK-NEXT:    %vtable = load ptr, ptr %obj, align 8
; CHECK-NEXT:    %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK-NEXT:    %vfn = getelementptr inbounds ptr, ptr %vtable.device, i64 2
; CHECK-NEXT:    %fn = load ptr, ptr %vfn, align 8
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fn)
; CHECK-NEXT:    %r = call i32 %fptr.device(ptr %obj, i32 %x)
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         ret i32 %r
define i32 @virtual_call(ptr %obj, i32 %x) {
  %vtable = load ptr, ptr %obj, align 8
  %vfn = getelementptr inbounds ptr, ptr %vtable, i64 2
  %fn = load ptr, ptr %vfn, align 8
  %r = call i32 %fn(ptr %obj, i32 %x)
  ret i32 %r
}

; Slot 0: clang reads it straight from the vptr, without a GEP.
; CHECK-LABEL: define i32 @slot_zero(
; CHECK-NEXT:    %vtable = load ptr, ptr %obj, align 8
; CHECK-NEXT:    %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK-NEXT:    %fn = load ptr, ptr %vtable.device, align 8
define i32 @slot_zero(ptr %obj) {
  %vtable = load ptr, ptr %obj, align 8
  %fn = load ptr, ptr %vtable, align 8
  %r = call i32 %fn(ptr %obj)
  ret i32 %r
}

; (obj.*pmf)(x): the virtual branch reads the vptr of the adjusted object;
; the phi of both branches is looked up at the call.
; CHECK-LABEL: define i32 @member_pointer_call(
; CHECK:       virtual:
; CHECK-NEXT:    %vtable = load ptr, ptr %this.adjusted, align 8
; CHECK-NEXT:    %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK-NEXT:    %offset = sub i64 %ptr, 1
; CHECK-NEXT:    %slot = getelementptr i8, ptr %vtable.device, i64 %offset
; CHECK:       end:
; CHECK-NEXT:    %fn = phi ptr [ %virtualfn, %virtual ], [ %nonvirtualfn, %nonvirtual ]
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fn)
; CHECK-NEXT:    %r = call i32 %fptr.device(ptr %this.adjusted, i32 %x)
define i32 @member_pointer_call(ptr %obj, { i64, i64 } %pmf, i32 %x) {
entry:
  %adj = extractvalue { i64, i64 } %pmf, 1
  %this.adjusted = getelementptr inbounds i8, ptr %obj, i64 %adj
  %ptr = extractvalue { i64, i64 } %pmf, 0
  %isvirtual.bit = and i64 %ptr, 1
  %isvirtual = icmp ne i64 %isvirtual.bit, 0
  br i1 %isvirtual, label %virtual, label %nonvirtual

virtual:
  %vtable = load ptr, ptr %this.adjusted, align 8
  %offset = sub i64 %ptr, 1
  %slot = getelementptr i8, ptr %vtable, i64 %offset
  %virtualfn = load ptr, ptr %slot, align 8
  br label %end

nonvirtual:
  %nonvirtualfn = inttoptr i64 %ptr to ptr
  br label %end

end:
  %fn = phi ptr [ %virtualfn, %virtual ], [ %nonvirtualfn, %nonvirtual ]
  %r = call i32 %fn(ptr %this.adjusted, i32 %x)
  ret i32 %r
}

; A member of a virtual base: its offset is read at a negative offset from
; the vptr and added to the object.
; CHECK-LABEL: define i32 @virtual_base_member(
; CHECK-NEXT:    %vtable = load ptr, ptr %obj, align 8
; CHECK-NEXT:    %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK-NEXT:    %vbase.offset.ptr = getelementptr i8, ptr %vtable.device, i64 -24
define i32 @virtual_base_member(ptr %obj) {
  %vtable = load ptr, ptr %obj, align 8
  %vbase.offset.ptr = getelementptr i8, ptr %vtable, i64 -24
  %vbase.offset = load i64, ptr %vbase.offset.ptr, align 8
  %add.ptr = getelementptr inbounds i8, ptr %obj, i64 %vbase.offset
  %v = load i32, ptr %add.ptr, align 4
  ret i32 %v
}

; C: fns[i](x) through a loaded table pointer, not passed to the call: only
; the call is looked up.
; CHECK-LABEL: define i32 @c_table_call(
; CHECK-NEXT:    %fns = load ptr, ptr %holder, align 8
; CHECK-NEXT:    %slot = getelementptr inbounds ptr, ptr %fns, i64 %i
; CHECK-NEXT:    %fn = load ptr, ptr %slot, align 8
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fn)
; CHECK-NEXT:    %r = call i32 %fptr.device(i32 %x)
define i32 @c_table_call(ptr %holder, i64 %i, i32 %x) {
  %fns = load ptr, ptr %holder, align 8
  %slot = getelementptr inbounds ptr, ptr %fns, i64 %i
  %fn = load ptr, ptr %slot, align 8
  %r = call i32 %fn(i32 %x)
  ret i32 %r
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
