; Every call site of a device module is reported as an optimization remark
; of pass omp-indirect, at its source location: a rewritten indirect call as
; remark IndirectCallTranslated, a direct call as missed remark DirectCall
; (naming the callee), an inline asm call as missed remark InlineAsm.
; -pass-remarks selects the first kind only, -pass-remarks-missed the other
; two; the YAML record gives each remark's stable name.
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks=omp-indirect \
; RUN:   -pass-remarks-missed=omp-indirect -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=PASSED,MISSED
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks=omp-indirect \
; RUN:   -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PASSED --implicit-check-not=remark:
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks-missed=omp-indirect \
; RUN:   -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MISSED --implicit-check-not=remark:
; RUN: %opt %loadpass -passes=omp-indirect -disable-output %s 2>&1 \
; RUN:   | count 0
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks-output=%t.yaml \
; RUN:   -disable-output %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml

; PASSED: remark: remarks.c:11:7: indirect call routed through __kmpc_target_translate_fptr
; MISSED: remark: remarks.c:12:7: direct call to callee needs no translation
; MISSED: remark: remarks.c:13:3: inline asm call left alone

; YAML:      --- !Passed
; YAML-NEXT: Pass: omp-indirect
; YAML-NEXT: Name: IndirectCallTranslated
; YAML-NEXT: DebugLoc: { File: remarks.c, Line: 11, Column: 7 }
; YAML-NEXT: Function: sites
; YAML:      --- !Missed
; YAML-NEXT: Pass: omp-indirect
; YAML-NEXT: Name: DirectCall
; YAML-NEXT: DebugLoc: { File: remarks.c, Line: 12, Column: 7 }
; YAML-NEXT: Function: sites
; YAML:      - Callee: callee
; YAML:      --- !Missed
; YAML-NEXT: Pass: omp-indirect
; YAML-NEXT: Name: InlineAsm
; YAML-NEXT: DebugLoc: { File: remarks.c, Line: 13, Column: 3 }
; YAML-NEXT: Function: sites
; YAML-NOT:  --- !

source_filename = "remarks.c"
target triple = "x86_64-pc-linux-gnu"

declare i32 @callee(i32)

define i32 @sites(ptr %fp, i32 %x) !dbg !5 {
  %a = call i32 %fp(i32 %x), !dbg !8
  %b = call i32 @callee(i32 %a), !dbg !9
  %c = call i32 asm "mov $1, $0", "=r,r"(i32 %b), !dbg !10
  ret i32 %c
}

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!2}
!0 = !{i32 7, !"openmp-device", i32 51}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: LineTablesOnly)
!3 = !DIFile(filename: "remarks.c", directory: "/src")
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "sites", scope: !3, file: !3, line: 10, type: !4, spFlags: DISPFlagDefinition, unit: !2)
!8 = !DILocation(line: 11, column: 7, scope: !5)
!9 = !DILocation(line: 12, column: 7, scope: !5)
!10 = !DILocation(line: 13, column: 3, scope: !5)
