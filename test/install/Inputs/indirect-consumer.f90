! Fortran `declare target ... indirect` built by an installed, moved
! omp-indirect-flang: its scanner runs from <prefix>/libexec/omp-indirect.
module installed_ops
  implicit none
  integer :: dev_calls = 0
  !$omp declare target enter(dev_calls)
  !$omp declare target enter(triple) indirect
contains
  integer function triple(x)
    integer, value :: x
    !$omp atomic
    dev_calls = dev_calls + 1
    triple = 3 * x
  end function
end module

program indirect_consumer
  use installed_ops
  implicit none
  procedure(triple), pointer :: p
  integer :: i, s
  p => triple
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 10
    s = s + p(i)
  end do
  !$omp target update from(dev_calls)
  print '(a,i0,a,i0)', 'indirect ', s, ' device ', dev_calls
end program
