! An INCLUDE'd file whose `declare target ... indirect` the wrapper hides:
! flang's errors there name the user's included file, line and column, and
! the include line, exactly as flang alone names them without the clause;
! -g's line table names the user's file and its lines, no copy (flang-22
! itself writes no rows for procedures from included files); nothing is
! left beside the sources or in TMPDIR.
!
! REQUIRES: fortran
! RUN: rm -rf %t.d %t.tmp %t.stock && mkdir -p %t.d/src %t.tmp %t.stock/src
! RUN: cp %s %t.d/src/prog.f90 && cp %s %t.stock/src/prog.f90
! RUN: sed 's/^!E //' %S/Inputs/diag-include.inc > %t.d/src/diag-include.inc
! RUN: sed 's/ indirect$//' %t.d/src/diag-include.inc > %t.stock/src/diag-include.inc
! RUN: cd %t.d && not env TMPDIR=%t.tmp %flang-52 -c src/prog.f90 2> %t.err
! RUN: cd %t.stock && not %flang -fopenmp -fopenmp-version=52 -c src/prog.f90 2> %t.stock.err
! RUN: diff %t.stock.err %t.err
! RUN: FileCheck %s --check-prefix=ERR < %t.err
! RUN: cp %S/Inputs/diag-include.inc %t.d/src/diag-include.inc
! RUN: cd %t.d && env TMPDIR=%t.tmp %flang-52 -g -c src/prog.f90 -o %t.o
! RUN: llvm-dwarfdump --debug-info --debug-line %t.o | FileCheck %s --check-prefix=DWARF -DDIR=%t.d
! RUN: ls %t.d/src | FileCheck %s --check-prefix=LS
! RUN: ls -A %t.tmp | FileCheck %s --check-prefix=EMPTY --allow-empty
!
! ERR: ./src/diag-include.inc:8:{{[0-9]+}}: error: No intrinsic or user-defined ASSIGNMENT(=)
! ERR: ./src/prog.f90:[[@LINE+10]]:1: error: included here
! DWARF: DW_AT_name ("src/prog.f90")
! DWARF-NOT: omp-indirect-flang.
! DWARF: name: "prog.f90"
! DWARF-NOT: omp-indirect-flang.
! DWARF: {{^}}0x{{[0-9a-f]+}} {{ *}}[[@LINE+10]] {{.*}}is_stmt
! LS: {{^}}diag-include.inc
! LS-NEXT: {{^}}prog.f90
! LS-NOT: {{.}}
! EMPTY-NOT: {{.}}
include 'diag-include.inc'

program diag_in_include_file
  implicit none
  integer :: y
  call diag_inc(1, y)
  print '(i0)', y
end program
