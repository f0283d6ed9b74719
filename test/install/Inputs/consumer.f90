! The Fortran consumer of an installed omp-indirect: records with an
! allocatable component, deep-copied to the host-offload device by flang's
! default mapper and our runtime.
module consumer_types
  implicit none
  type :: rec_t
    integer :: n
    integer, allocatable :: v(:)
  end type
end module

program consumer
  use consumer_types
  implicit none
  type(rec_t) :: r(4)
  integer :: i
  do i = 1, 4
    r(i)%n = i
    allocate (r(i)%v(i))
    r(i)%v = 10 * i
  end do
!$omp target teams distribute parallel do map(tofrom: r)
  do i = 1, 4
    r(i)%n = sum(r(i)%v)
    r(i)%v = r(i)%v + 1
  end do
  write (*, '(a, 4(1x, i0))') 'sums', (r(i)%n, i = 1, 4)
  write (*, '(a, 4(1x, i0))') 'data back', (r(i)%v(1), i = 1, 4)
end program
