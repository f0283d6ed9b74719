!mod$ v1 sum:48ed5326ae14135d
module recs
type::rec_t
real(8)::s
real(8),allocatable::v(:)
end type
end
