! #include'd by preprocessed-include.F90: the INDIRECT clause's argument is
! a macro of the including file, the directive in an #ifdef branch.
module ppi_ops
  implicit none
  integer :: device_calls = 0, host_calls = 0
  !$omp declare target enter(device_calls)
#ifdef USE_INDIRECT
  !$omp declare target enter(tripled) indirect(INDIRECT_ON)
#else
  !$omp declare target enter(tripled)
#endif
contains
  integer function tripled(x)
    integer, value :: x
    device_calls = device_calls + 1
    tripled = 3 * x + OFFSET
  end function
end module
