! The module whose procedure other-module-procedure.f90 names with
! INDIRECT: it makes the procedure `declare target` (a device copy), not
! indirect itself.
module other_module_ops
  implicit none
  integer :: dev_four = 0
  !$omp declare target enter(dev_four, times_four)
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
contains
  integer function times_four(x)
    integer, value :: x
    !$omp atomic
    dev_four = dev_four + 1
    times_four = 4 * x
  end function
end module
