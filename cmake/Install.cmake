# `cmake --install build --prefix P`: the plugin, the pass alone (for opt),
# the runtimes, the wrappers, the dump tool, the public header, the docs and
# the valgrind suppressions,
# plus a CMake package (find_package(OmpIndirect) -> OmpIndirect::OmpIndirect)
# and a pkg-config file (omp-indirect.pc). Nothing installed names the build
# tree, and the wrappers, the package and the .pc file locate P from their own
# location, so an installation can be moved. Link flags come from
# RuntimeLibraries.cmake.
include(CMakePackageConfigHelpers)

set(libdir ${CMAKE_INSTALL_LIBDIR})
install(TARGETS omp-indirect omp-indirect-pass LIBRARY DESTINATION ${libdir})
foreach(file ${OMP_INDIRECT_RUNTIME_LIBS})
  install(FILES ${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/${file} DESTINATION ${libdir})
endforeach()
install(PROGRAMS ${OMP_INDIRECT_INSTALLED_WRAPPERS}
        DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS omp-indirect-dump RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES runtime/include/omp-indirect.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
file(GLOB docs ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES README.md LICENSE CHANGELOG.md ${docs}
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES utils/valgrind/omp-indirect.supp
        DESTINATION ${CMAKE_INSTALL_DATADIR}/omp-indirect)

# The CMake package.
set(pkgdir ${libdir}/cmake/OmpIndirect)
set(OMP_INDIRECT_PLUGIN_NAME libomp-indirect.so)
omp_indirect_link_flags(flags "\${OmpIndirect_LIBRARY_DIR}")
set(OMP_INDIRECT_CONFIG_LINK)
foreach(flag ${flags})
  string(APPEND OMP_INDIRECT_CONFIG_LINK " \"${flag}\"")
endforeach()
configure_package_config_file(cmake/OmpIndirectConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/OmpIndirectConfig.cmake
  INSTALL_DESTINATION ${pkgdir}
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/OmpIndirectConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/OmpIndirectConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake/OmpIndirectConfigVersion.cmake
        DESTINATION ${pkgdir})

# The pkg-config file: its prefix is relative to the file's own directory.
file(RELATIVE_PATH OMP_INDIRECT_PC_PREFIX
     ${CMAKE_INSTALL_PREFIX}/${libdir}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" OMP_INDIRECT_PC_PREFIX "${OMP_INDIRECT_PC_PREFIX}")
omp_indirect_link_flags(flags "\${libdir}")
list(JOIN flags " " OMP_INDIRECT_PC_LIBS)
set(OMP_INDIRECT_PC_FC "")
if(OMP_INDIRECT_FLANG)
  set(OMP_INDIRECT_PC_FC "\${bindir}/omp-indirect-flang")
endif()
configure_file(cmake/omp-indirect.pc.in ${CMAKE_BINARY_DIR}/cmake/omp-indirect.pc
               @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/cmake/omp-indirect.pc
        DESTINATION ${libdir}/pkgconfig)
