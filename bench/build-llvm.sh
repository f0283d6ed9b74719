# Sourced by bench/*/run once $build names a configured build folder: the
# LLVM that build uses (16 in build/, 19 in build-19/), as $llvm. Its stock
# clang ($clang) builds the comparison programs, which find its libomp and
# libomptarget through LD_LIBRARY_PATH (LLVM 19 lives in a private prefix).
llvm=$(sed -n 's/^OMP_INDIRECT_LLVM_ROOT:PATH=//p' "$build/CMakeCache.txt")
clang=$llvm/bin/clang
export LD_LIBRARY_PATH="$llvm/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
