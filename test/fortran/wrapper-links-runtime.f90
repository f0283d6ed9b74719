! omp-indirect-flang is a drop-in flang-22: flang alone cannot link a
! host-offload program (its x86_64 kernels call GPU device-runtime entry
! points that only LLVM's GPU DeviceRTL defines, and the device image links
! with --no-undefined), the wrapper links it, with our host runtime loaded
! ahead of libomp and libomptarget, rpaths to both folders, and the program
! runs on the host-offload device (libomptarget's kernel launch line says
! so: omp_is_initial_device() cannot, being libomp's in an x86_64 kernel).
! Compiling alone (-c) adds nothing, and the object links through the
! wrapper too.
!
! REQUIRES: fortran
! RUN: not %flang %host-offload %s -o %t.stock 2>&1 | FileCheck %s --check-prefix=STOCK
! RUN: %flang-host-offload %s -o %t
! RUN: llvm-readelf -d %t | FileCheck %s --check-prefix=DYN -DRTLIB=%rtlib -DOMPLIB=%openmp-libdir
! RUN: %t | FileCheck %s
! RUN: %flang-host-offload -c %s -o %t.o
! RUN: %flang-host-offload %t.o -o %t.2
! RUN: %t.2 | FileCheck %s
! RUN: env LIBOMPTARGET_INFO=16 %t 2>&1 | FileCheck %s --check-prefix=INFO

! STOCK: undefined reference to `__kmpc_target_init'

! DYN: (NEEDED) Shared library: [libomp-indirect-rt.so]
! DYN: (NEEDED) Shared library: [libomp.so{{.*}}]
! DYN: (NEEDED) Shared library: [libomptarget.so{{.*}}]
! DYN: (RUNPATH) Library runpath: [{{.*}}[[RTLIB]]{{.*}}[[OMPLIB]]

! CHECK: sum 5050

! INFO: Launching kernel __omp_offloading_{{.*}}_QQmain_l{{[0-9]+}} with [1,1,1] blocks
! INFO: sum 5050
program wrapper_links
  implicit none
  integer :: i, s
  s = 0
!$omp target map(tofrom: s)
!$omp parallel do reduction(+: s)
  do i = 1, 100
    s = s + i
  end do
!$omp end target
  write (*, '(a, 1x, i0)') 'sum', s
end program
