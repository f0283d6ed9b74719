! The library of shlib-exe-calls-lib.f90: a module whose procedures are
! `declare target ... indirect`, and a pointer to one, taken in the library.
module shlib_ops
  implicit none
  integer :: dev_lib = 0
  !$omp declare target enter(dev_lib)
  !$omp declare target enter(lib_add, lib_mul) indirect
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
contains
  integer function lib_add(x)
    integer, value :: x
    !$omp atomic
    dev_lib = dev_lib + 1
    lib_add = x + 7
  end function
  integer function lib_mul(x)
    integer, value :: x
    !$omp atomic
    dev_lib = dev_lib + 1
    lib_mul = x * 7
  end function
  subroutine lib_pick(p)
    procedure(op_t), pointer, intent(out) :: p
    p => lib_mul
  end subroutine
end module
