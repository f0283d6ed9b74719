! Every spelling that ends an interface block or a procedure: `end
! interface operator(+)`, `assignment(=)`, `operator(.x.)`,
! `write(formatted)`, `endinterface`, and `end`, `endfunction`, `END
! SUBROUTINE name`. The module procedures after them are module procedures
! (not interface bodies): the module's directive registers them and their
! device copies run, at -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module end_forms
  implicit none
  type :: vec
    integer :: v = 0
  end type
  integer :: dev_a = 0, dev_b = 0, dev_c = 0
  !$omp declare target enter(dev_a, dev_b, dev_c)
  interface operator(+)
    module procedure add_vec
  end interface operator(+)
  interface assignment(=)
    module procedure set_vec
  end interface assignment (=)
  interface operator(.x.)
    module procedure times_vec
  END INTERFACE OPERATOR ( .X. )
  interface write(formatted)
    module procedure write_vec
  end interface write(formatted)
  interface
    integer function ext_unused(x)
      integer, value :: x
    end
  endinterface
  !$omp declare target enter(after_a, after_b, after_c) indirect
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
contains
  type(vec) function add_vec(a, b)
    type(vec), intent(in) :: a, b
    add_vec%v = a%v + b%v
  end
  subroutine set_vec(a, k)
    type(vec), intent(out) :: a
    integer, intent(in) :: k
    a%v = k
  endsubroutine
  type(vec) function times_vec(a, b)
    type(vec), intent(in) :: a, b
    times_vec%v = a%v * b%v
  endfunction
  subroutine write_vec(dtv, unit, iotype, v_list, iostat, iomsg)
    class(vec), intent(in) :: dtv
    integer, intent(in) :: unit
    character(*), intent(in) :: iotype
    integer, intent(in) :: v_list(:)
    integer, intent(out) :: iostat
    character(*), intent(inout) :: iomsg
    write (unit, '(a,i0)', iostat=iostat, iomsg=iomsg) 'vec ', dtv%v
  END SUBROUTINE WRITE_VEC
  integer function after_a(x)
    integer, value :: x
    !$omp atomic
    dev_a = dev_a + 1
    after_a = x + 1
  end function after_a
  integer function after_b(x)
    integer, value :: x
    !$omp atomic
    dev_b = dev_b + 1
    after_b = 2 * x
  end
  integer function after_c(x)
    integer, value :: x
    !$omp atomic
    dev_c = dev_c + 1
    after_c = 3 * x
  END FUNCTION
  integer function run_kernel(p, n)
    procedure(op_t), pointer, intent(in) :: p
    integer, value :: n
    procedure(op_t), pointer :: q
    integer :: i, s
    q => p
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + q(i)
    end do
    run_kernel = s
  end function
end module

program end_interface_forms
  use end_forms
  implicit none
  procedure(op_t), pointer :: p
  type(vec) :: a, b
  integer :: r(3), host(3)
  a = 2
  b = 5
  a = (a + b) .x. b
  p => after_a
  r(1) = run_kernel(p, 10)
  p => after_b
  r(2) = run_kernel(p, 10)
  p => after_c
  r(3) = run_kernel(p, 10)
  host = [dev_a, dev_b, dev_c]
  !$omp target update from(dev_a, dev_b, dev_c)
  ! CHECK: vec 35
  write (*, '(dt)') a
  ! CHECK: 65 110 165 device 10 10 10 host 0 0 0
  print '(3(1x,i0),a,3(1x,i0),a,3(1x,i0))', r, ' device', dev_a, dev_b, &
    dev_c, ' host', host
end program
