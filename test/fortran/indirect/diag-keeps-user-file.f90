! The wrapper hides INDIRECT from flang-22 without a trace: flang's errors
! elsewhere in the file name the user's file, line and column exactly as
! flang alone names them in the same file without the clause; -g's compile
! unit and line table name the user's file and its lines; nothing is left
! beside the source or in TMPDIR.
!
! REQUIRES: fortran
! RUN: rm -rf %t.d %t.tmp && mkdir -p %t.d/src %t.tmp %t.stock/src
! RUN: sed 's/^!E //' %s > %t.d/src/prog.f90
! RUN: sed 's/ indirect$//' %t.d/src/prog.f90 > %t.stock/src/prog.f90
! RUN: cd %t.d && not env TMPDIR=%t.tmp %flang-52 -c src/prog.f90 2> %t.err
! RUN: cd %t.stock && not %flang -fopenmp -fopenmp-version=52 -c src/prog.f90 2> %t.stock.err
! RUN: diff %t.stock.err %t.err
! RUN: FileCheck %s --check-prefix=ERR < %t.err
! RUN: cp %s %t.d/src/good.f90
! RUN: cd %t.d && env TMPDIR=%t.tmp %flang-52 -g -c src/good.f90 -o %t.o
! RUN: llvm-dwarfdump --debug-info --debug-line %t.o | FileCheck %s --check-prefix=DWARF -DDIR=%t.d
! RUN: ls %t.d/src | FileCheck %s --check-prefix=LS
! RUN: ls -A %t.tmp | FileCheck %s --check-prefix=EMPTY --allow-empty
!
! ERR: error: Semantic errors in src/prog.f90
! ERR: ./src/prog.f90:[[@LINE+16]]:{{[0-9]+}}: error: No intrinsic or user-defined ASSIGNMENT(=)
! DWARF: DW_AT_name ("src/good.f90")
! DWARF: DW_AT_comp_dir ("[[DIR]]")
! DWARF-NOT: omp-indirect-flang.
! DWARF: include_directories{{.*}} = "[[DIR]]/src"
! DWARF: name: "good.f90"
! DWARF-NOT: omp-indirect-flang.
! DWARF: {{^}}0x{{[0-9a-f]+}} {{ *}}[[@LINE+8]] {{.*}}is_stmt
! LS: {{^}}good.f90
! LS-NEXT: {{^}}prog.f90
! LS-NOT: {{.}}
! EMPTY-NOT: {{.}}
integer function twice(x)
  integer, value :: x
  !$omp declare target enter(twice) indirect
  twice = 2 * x
!E  twice = "not an integer"
end function
