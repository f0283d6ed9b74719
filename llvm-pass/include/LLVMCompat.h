//===- LLVMCompat.h - the LLVM API differences between 16, 19 and 22 ------===//
//
// The pass builds against LLVM 16, 19 and 22 without clang's headers (opt
// loads it alone as libomp-indirect-pass.so). Every LLVM spelling that
// differs between the releases lives here, so no pass source names a
// version; the clang plugin's differences live in
// clang-plugin/include/ClangCompat.h.
//
// USAGE: #include "LLVMCompat.h"
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_LLVMCOMPAT_H
#define OMP_INDIRECT_LLVMCOMPAT_H

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"

#include <functional>

/// llvm::PassPlugin and llvmGetPassPluginInfo: llvm/Passes/PassPlugin.h in
/// LLVM 16 and 19, llvm/Plugins/PassPlugin.h (library LLVMPlugins) in 22.
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

namespace omp_indirect {

/// The callbacks that run at the end of the module optimization pipeline.
using OptimizerLastCallback =
    std::function<void(llvm::ModulePassManager &, llvm::OptimizationLevel)>;

/// Adds \p C at the end of the module optimization pipeline. LLVM 22 also
/// passes the (Thin)LTO phase, which \p C does not need.
inline void registerOptimizerLast(llvm::PassBuilder &PB,
                                  OptimizerLastCallback C) {
#if LLVM_VERSION_MAJOR >= 22
  PB.registerOptimizerLastEPCallback(
      [C = std::move(C)](llvm::ModulePassManager &MPM,
                         llvm::OptimizationLevel Level,
                         llvm::ThinOrFullLTOPhase) { C(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(std::move(C));
#endif
}

} // namespace omp_indirect

#endif // OMP_INDIRECT_LLVMCOMPAT_H
