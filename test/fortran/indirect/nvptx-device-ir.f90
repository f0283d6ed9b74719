! flang-22's nvptx64 device compile through the wrapper (device only, no
! DeviceRTL: -nogpulib), at -O0 and -O2: the clause hidden, the pass in the
! device job routes the call through the procedure pointer to
! __kmpc_target_translate_fptr and emits the device table with the
! procedure's address; ptxas accepts the PTX where CUDA is installed.
!
! REQUIRES: fortran
! RUN: %wflang -fopenmp -fopenmp-version=52 -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --offload-device-only -nogpulib -S -emit-llvm %s -o - | FileCheck %s
! RUN: %wflang -fopenmp -fopenmp-version=52 -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --offload-device-only -nogpulib -O2 -S -emit-llvm %s -o - | FileCheck %s
! RUN: %wflang -fopenmp -fopenmp-version=52 -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --offload-device-only -nogpulib -O2 -S %s -o %t.ptx
! RUN: FileCheck %s --check-prefix=PTX < %t.ptx
! RUN: %if ptxas %{ %ptxas -arch=sm_90 -c %t.ptx -o %t.cubin %}
!
! CHECK: target triple = "nvptx64-nvidia-cuda"
! CHECK: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected global { %struct.__omp_indirect_fptr_device_header, [1 x ptr] } {{.*}} [ptr @nv_scale_]
! CHECK: @__omp_offloading_fptr_map_p = weak protected {{(local_unnamed_addr )?}}global ptr null
! CHECK-DAG: define {{.*}}@__omp_offloading_{{.*}}_QQmain_l
! CHECK-DAG: define {{.*}}i32 @nv_scale_(
! CHECK-DAG: %fptr.device = {{(tail )?}}call ptr @__kmpc_target_translate_fptr(ptr
! CHECK: declare ptr @__kmpc_target_translate_fptr(ptr)
! PTX: .extern .func  (.param .b64 func_retval0) __kmpc_target_translate_fptr
! PTX: .global .align 8 .u64 __omp_offloading_fptr_entries_{{[0-9a-f]+}}[3] = {{{[0-9]+}}, {{[0-9]+}}, nv_scale_};
! PTX: call.uni (retval0), __kmpc_target_translate_fptr,
integer function nv_scale(x)
  integer, value :: x
  !$omp declare target enter(nv_scale) indirect
  nv_scale = 5 * x
end function

program nvptx_device_ir
  implicit none
  interface
    integer function f_t(x)
      integer, value :: x
    end function
  end interface
  procedure(f_t), pointer :: fp
  procedure(f_t) :: nv_scale
  integer :: i, s
  fp => nv_scale
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 64
    s = s + fp(i)
  end do
  print *, s
end program
