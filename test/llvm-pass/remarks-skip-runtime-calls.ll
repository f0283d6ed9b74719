; Direct calls to the runtime functions the compiler inserts itself
; (__kmpc_*, __tgt_*, omp_*) get no DirectCall remark, so that
; -Rpass-missed=omp-indirect shows the user's own calls only; they are left
; alone all the same. A direct call to a user function is still reported.
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks-missed=omp-indirect \
; RUN:   -S %s -o %t.ll 2>&1 | FileCheck %s --implicit-check-not=remark:
; RUN: FileCheck %s --check-prefix=IR < %t.ll

; CHECK: remark: skip.c:14:7: direct call to user_fn needs no translation

; IR-LABEL: define void @sites(
; IR-NEXT:    call i32 @__kmpc_target_init(
; IR-NEXT:    call void @__tgt_push_mapper_component(
; IR-NEXT:    call i32 @omp_get_thread_num()
; IR-NEXT:    call void @user_fn()

source_filename = "skip.c"
target triple = "x86_64-pc-linux-gnu"

declare i32 @__kmpc_target_init(ptr, i8, i1)
declare void @__tgt_push_mapper_component(ptr, ptr, ptr, i64, i64, ptr)
declare i32 @omp_get_thread_num()
declare void @user_fn()

define void @sites() !dbg !5 {
  %a = call i32 @__kmpc_target_init(ptr null, i8 1, i1 true), !dbg !8
  call void @__tgt_push_mapper_component(ptr null, ptr null, ptr null, i64 0, i64 0, ptr null), !dbg !9
  %b = call i32 @omp_get_thread_num(), !dbg !10
  call void @user_fn(), !dbg !11
  ret void
}

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!2}
!0 = !{i32 7, !"openmp-device", i32 51}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: LineTablesOnly)
!3 = !DIFile(filename: "skip.c", directory: "/src")
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "sites", scope: !3, file: !3, line: 10, type: !4, spFlags: DISPFlagDefinition, unit: !2)
!8 = !DILocation(line: 11, column: 7, scope: !5)
!9 = !DILocation(line: 12, column: 7, scope: !5)
!10 = !DILocation(line: 13, column: 7, scope: !5)
!11 = !DILocation(line: 14, column: 7, scope: !5)
