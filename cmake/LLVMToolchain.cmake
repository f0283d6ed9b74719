# The LLVM release omp-indirect builds against: 16, 19 or 22. This is the
# one CMake file that knows the releases apart; the C++ differences live in
# clang-plugin/include/ClangCompat.h.
#
#   cmake -S . -B build                                   # LLVM 16 (default)
#   cmake -S . -B build-19 -DOMP_INDIRECT_LLVM_VERSION=19 # LLVM 19
#   cmake -S . -B build-22 -DOMP_INDIRECT_LLVM_VERSION=22 # LLVM 22
#
# LLVM 16 comes from Debian's packages in /usr/lib/llvm-16. LLVM 19 and 22
# come from Debian's clang-V packages unpacked into a private prefix
# (utils/install-llvm V: /opt/omp-indirect/llvm-V, or the environment's
# OMP_INDIRECT_LLVMV_PREFIX, read here too), because libomp-V-dev conflicts
# with libomp-16-dev: OMP_INDIRECT_LLVM_ROOT names that prefix's llvm-V
# folder.
set(OMP_INDIRECT_LLVM_VERSION 16 CACHE STRING
    "LLVM release to build against: 16, 19 or 22")
set_property(CACHE OMP_INDIRECT_LLVM_VERSION PROPERTY STRINGS 16 19 22)
set(release "${OMP_INDIRECT_LLVM_VERSION}")
if(release STREQUAL "16")
  set(default_root /usr/lib/llvm-16)
  set(how "Install llvm-16-dev and libclang-16-dev (make deps)")
elseif(release STREQUAL "19" OR release STREQUAL "22")
  set(prefix /opt/omp-indirect/llvm-${release})
  if(DEFINED ENV{OMP_INDIRECT_LLVM${release}_PREFIX})
    set(prefix "$ENV{OMP_INDIRECT_LLVM${release}_PREFIX}")
  endif()
  set(default_root "${prefix}/usr/lib/llvm-${release}")
  set(how "Run utils/install-llvm ${release} (make LLVM=${release} deps)")
else()
  message(FATAL_ERROR "OMP_INDIRECT_LLVM_VERSION is "
          "'${OMP_INDIRECT_LLVM_VERSION}'; omp-indirect supports 16, 19 "
          "and 22.")
endif()
set(OMP_INDIRECT_LLVM_ROOT "${default_root}" CACHE PATH
    "Installation prefix of LLVM and Clang ${OMP_INDIRECT_LLVM_VERSION}")

find_package(LLVM CONFIG NO_DEFAULT_PATH
             PATHS "${OMP_INDIRECT_LLVM_ROOT}/lib/cmake/llvm")
if(NOT LLVM_FOUND OR NOT LLVM_VERSION_MAJOR EQUAL OMP_INDIRECT_LLVM_VERSION)
  message(FATAL_ERROR "omp-indirect: no LLVM ${OMP_INDIRECT_LLVM_VERSION} "
          "in ${OMP_INDIRECT_LLVM_ROOT} (found '${LLVM_PACKAGE_VERSION}'). "
          "${how}, or set OMP_INDIRECT_LLVM_ROOT.")
endif()
find_package(Clang CONFIG REQUIRED NO_DEFAULT_PATH
             PATHS "${OMP_INDIRECT_LLVM_ROOT}/lib/cmake/clang")
message(STATUS "omp-indirect: LLVM ${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}")

# The clang that compiles device code and runs the tests, and the folder of
# its libomp and libomptarget (programs get an rpath to it: a private prefix
# is not on the loader's path).
set(OMP_INDIRECT_CLANG "${LLVM_TOOLS_BINARY_DIR}/clang")
set(OMP_INDIRECT_OPENMP_LIBDIR "${LLVM_LIBRARY_DIR}")

# flang, for omp-indirect-flang and the Fortran tests (lit feature fortran):
# LLVM 22 only. utils/install-llvm 22 unpacks flang-22 into the prefix;
# flang-19 is not used (docs/flang.md says why), nor a flang-16.
set(OMP_INDIRECT_FLANG "")
if(release STREQUAL "22" AND EXISTS "${LLVM_TOOLS_BINARY_DIR}/flang")
  set(OMP_INDIRECT_FLANG "${LLVM_TOOLS_BINARY_DIR}/flang")
  message(STATUS "omp-indirect: flang in ${OMP_INDIRECT_FLANG}")
elseif(release STREQUAL "22")
  message(STATUS "omp-indirect: no flang in ${LLVM_TOOLS_BINARY_DIR}: "
          "no omp-indirect-flang (utils/install-llvm 22 installs it)")
endif()

# LLVM's NVPTX device runtime (DeviceRTL), which NVPTX code needs (clang-22
# to compile it, too): Debian's clang-16 and clang-19 ship it, clang-22 does
# not. Without it the wrapper stops an NVPTX build with one error that says
# what to pass (--libomptarget-nvptx-bc-path), and the NVPTX tests are
# unsupported (lit feature nvptx; nvptx-no-devicertl instead).
file(GLOB nvptx_devicertl "${LLVM_LIBRARY_DIR}/libomptarget-nvptx*.bc")
if(nvptx_devicertl)
  set(OMP_INDIRECT_NVPTX_DEVICERTL 1)
else()
  set(OMP_INDIRECT_NVPTX_DEVICERTL 0)
  message(STATUS "omp-indirect: LLVM ${LLVM_PACKAGE_VERSION} has no NVPTX "
          "device runtime: NVPTX code builds only with "
          "--libomptarget-nvptx-bc-path=<libomptarget-nvptx.bc>")
endif()
