!mod$ v1 sum:5bb8b635214d8bb3
module cells
type::particle_t
integer(4)::id
real(8),allocatable::x(:)
end type
type::cell_t
real(8)::weight
type(particle_t),allocatable::p(:)
end type
end
