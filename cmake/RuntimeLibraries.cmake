# The runtime libraries a program compiled with omp-indirect links, in link
# order, as files in build/lib and <prefix>/lib. This is the one place that
# names them: the wrapper (utils/), the pkg-config file and the CMake package
# (cmake/Install.cmake) all derive their link flags from it, and the install
# rules install exactly these files. A shared library here also gets an rpath.
set(OMP_INDIRECT_RUNTIME_LIBS libomp-indirect-rt.so libomp-indirect-device.a)
# System libraries the runtimes need, after them on the link line.
set(OMP_INDIRECT_SYSTEM_LIBS pthread)

# omp_indirect_link_flags(<out-var> <libdir>): the link flags, as a list, for
# runtimes that live in <libdir> (a path, or a placeholder such as ${libdir}).
function(omp_indirect_link_flags out libdir)
  set(flags "-L${libdir}")
  set(libs)
  foreach(file ${OMP_INDIRECT_RUNTIME_LIBS})
    if(file MATCHES "\\.so$")
      list(APPEND flags "-Wl,-rpath,${libdir}")
    endif()
    string(REGEX REPLACE "^lib(.*)\\.(a|so)$" "\\1" name "${file}")
    list(APPEND libs "-l${name}")
  endforeach()
  foreach(lib ${OMP_INDIRECT_SYSTEM_LIBS})
    list(APPEND libs "-l${lib}")
  endforeach()
  # libomp and libomptarget of the clang in use: LLVM 19's private prefix
  # (cmake/LLVMToolchain.cmake) is not on the loader's path.
  list(APPEND flags "-Wl,-rpath,${OMP_INDIRECT_OPENMP_LIBDIR}")
  list(REMOVE_DUPLICATES flags)
  set(${out} ${flags} ${libs} PARENT_SCOPE)
endfunction()
