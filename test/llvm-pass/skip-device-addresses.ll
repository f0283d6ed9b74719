; A call through a pointer that can only hold a device address (or NULL)
; keeps its callee: no translation, and remark DeviceAddressNotTranslated.
; Proven: a function's address taken in device code, through a select, a
; phi (also one that loops back to itself), a constant device table of
; function addresses (any index, nested arrays, null entries, an alias), and
; a local variable that only such addresses are stored into (as at -O0).
; Not proven, so translated: an argument, a writable table, a constant
; table that also holds an integer or a pointer to data, a table whose
; initializer may be replaced at link time (weak), a local variable that
; escapes or that also receives an argument, and a select with one
; unproven arm. -omp-indirect-disable-skip translates all of them.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks=omp-indirect \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt %loadpass -passes=omp-indirect -omp-indirect-disable-skip -S %s \
; RUN:   | FileCheck %s --check-prefix=ALL
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks-output=%t.yaml \
; RUN:   -disable-output %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml

target triple = "x86_64-pc-linux-gnu"

@table = internal constant [3 x ptr] [ptr @f, ptr @g, ptr null]
@nested = internal constant [2 x [2 x ptr]] [[2 x ptr] [ptr @f, ptr @g], [2 x ptr] zeroinitializer]
@with.alias = internal constant [2 x ptr] [ptr @f.alias, ptr @g]
@writable = internal global [2 x ptr] [ptr @f, ptr @g]
@mixed = internal constant { ptr, i64 } { ptr @f, i64 4198400 }
@data = internal global i32 0
@to.data = internal constant [2 x ptr] [ptr @f, ptr @data]
@weak.table = weak constant [2 x ptr] [ptr @f, ptr @g]

@f.alias = internal alias i32 (i32), ptr @f

define internal i32 @f(i32 %x) {
  ret i32 %x
}
define internal i32 @g(i32 %x) {
  ret i32 %x
}
declare void @escape(ptr)

; CHECK-LABEL: define i32 @proven(
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         ret i32
; ALL-LABEL: define i32 @proven(
; ALL-COUNT-8:   call ptr @__kmpc_target_translate_fptr(
; ALL:           ret i32
define i32 @proven(i1 %c, i64 %i, i32 %n) {
entry:
  %sel = select i1 %c, ptr @f, ptr @g
  %r0 = call i32 %sel(i32 0)
  %slot = getelementptr inbounds [3 x ptr], ptr @table, i64 0, i64 %i
  %t = load ptr, ptr %slot, align 8
  %r1 = call i32 %t(i32 %r0)
  %nslot = getelementptr inbounds [2 x [2 x ptr]], ptr @nested, i64 0, i64 %i, i64 1
  %nt = load ptr, ptr %nslot, align 8
  %r2 = call i32 %nt(i32 %r1)
  %aslot = getelementptr inbounds [2 x ptr], ptr @with.alias, i64 0, i64 %i
  %at = load ptr, ptr %aslot, align 8
  %r3 = call i32 %at(i32 %r2)
  %local = alloca ptr, align 8
  store ptr @f, ptr %local, align 8
  br i1 %c, label %then, label %join

then:
  store ptr %t, ptr %local, align 8
  br label %join

join:
  %phi = phi ptr [ @f, %entry ], [ @g, %then ]
  %l = load ptr, ptr %local, align 8
  %r4 = call i32 %l(i32 %r3)
  %r5 = call i32 %phi(i32 %r4)
  br label %loop

loop:
  %p = phi ptr [ @f, %join ], [ %next, %loop ]
  %k = phi i32 [ 0, %join ], [ %k.next, %loop ]
  %r6 = call i32 %p(i32 %k)
  %next = select i1 %c, ptr %p, ptr @g
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r7 = call i32 @f.alias(i32 %r6)
  %ap = select i1 %c, ptr @f.alias, ptr null
  %r8 = call i32 %ap(i32 %r7)
  ret i32 %r8
}

; CHECK-LABEL: define i32 @unproven(
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %w)
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %m)
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %d)
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %wk)
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %e)
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %a)
; CHECK:         call ptr @__kmpc_target_translate_fptr(ptr %s)
; CHECK:         ret i32
define i32 @unproven(ptr %fp, i1 %c, i64 %i) {
  %r0 = call i32 %fp(i32 0)
  %wslot = getelementptr inbounds [2 x ptr], ptr @writable, i64 0, i64 %i
  %w = load ptr, ptr %wslot, align 8
  %r1 = call i32 %w(i32 %r0)
  %m = load ptr, ptr @mixed, align 8
  %r2 = call i32 %m(i32 %r1)
  %dslot = getelementptr inbounds [2 x ptr], ptr @to.data, i64 0, i64 %i
  %d = load ptr, ptr %dslot, align 8
  %r3 = call i32 %d(i32 %r2)
  %wkslot = getelementptr inbounds [2 x ptr], ptr @weak.table, i64 0, i64 %i
  %wk = load ptr, ptr %wkslot, align 8
  %r4 = call i32 %wk(i32 %r3)
  %escaping = alloca ptr, align 8
  store ptr @f, ptr %escaping, align 8
  call void @escape(ptr %escaping)
  %e = load ptr, ptr %escaping, align 8
  %r5 = call i32 %e(i32 %r4)
  %mixed.local = alloca ptr, align 8
  store ptr @f, ptr %mixed.local, align 8
  store ptr %fp, ptr %mixed.local, align 8
  %a = load ptr, ptr %mixed.local, align 8
  %r6 = call i32 %a(i32 %r5)
  %s = select i1 %c, ptr @f, ptr %fp
  %r7 = call i32 %s(i32 %r6)
  ret i32 %r7
}

; REMARK-COUNT-8: remark: <unknown>:0:0: indirect call through a device address (taken in device code) needs no translation
; REMARK-COUNT-8: remark: <unknown>:0:0: indirect call routed through __kmpc_target_translate_fptr
; REMARK-NOT: remark

; YAML:      --- !Passed
; YAML-NEXT: Pass: omp-indirect
; YAML-NEXT: Name: DeviceAddressNotTranslated
; YAML-NEXT: Function: proven

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
