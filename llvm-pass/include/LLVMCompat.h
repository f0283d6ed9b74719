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
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/Object/OffloadBinary.h"
#endif

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

/// \name libomptarget's offload entries, as clang emits them
/// LLVM 16 and 19: `{ ptr addr, ptr name, i64 size, i32 flags, i32 0 }` in
/// section omp_offloading_entries. LLVM 22 (the layout of LLVM 20 on):
/// `{ i64 0, i16 version 1, i16 kind, i32 flags, ptr addr, ptr name,
/// i64 size, i64 data, ptr aux }` in section llvm_offload_entries; its
/// libomptarget ignores an entry whose kind is not OpenMP.
///{
#if LLVM_VERSION_MAJOR >= 22
constexpr llvm::StringLiteral OffloadSectionName = "llvm_offload_entries";
constexpr unsigned EntryAddrField = 4, EntryNameField = 5, EntryFlagsField = 3;
/// The name of the FPTR entries' type (docs/format.md): clang 22 gives
/// `struct.__tgt_offload_entry` its new layout, so ours gets its own name.
constexpr llvm::StringLiteral FptrEntryTypeName =
    "struct.__omp_indirect_fptr_entry";
#else
constexpr llvm::StringLiteral OffloadSectionName = "omp_offloading_entries";
constexpr unsigned EntryAddrField = 0, EntryNameField = 1, EntryFlagsField = 3;
/// The name of the FPTR entries' type (docs/format.md), which has the layout
/// of clang's own entries.
constexpr llvm::StringLiteral FptrEntryTypeName = "struct.__tgt_offload_entry";
#endif

/// An entry for libomptarget, in the release's layout, that names \p Addr
/// by \p Name (a C string global), with \p Size bytes and \p Flags.
/// \p FptrEntryTy is the FPTR entries' type, the layout of LLVM 16 and 19.
inline llvm::Constant *makeOffloadEntry(llvm::Module &M,
                                        llvm::StructType *FptrEntryTy,
                                        llvm::Constant *Addr,
                                        llvm::Constant *Name, uint64_t Size,
                                        uint32_t Flags) {
  llvm::LLVMContext &Ctx = M.getContext();
  llvm::Type *I16 = llvm::Type::getInt16Ty(Ctx);
  llvm::Type *I32 = llvm::Type::getInt32Ty(Ctx);
  llvm::Type *I64 = llvm::Type::getInt64Ty(Ctx);
#if LLVM_VERSION_MAJOR >= 22
  (void)FptrEntryTy;
  llvm::Constant *Fields[] = {
      llvm::ConstantInt::get(I64, 0),
      llvm::ConstantInt::get(I16, 1),
      llvm::ConstantInt::get(I16, llvm::object::OFK_OpenMP),
      llvm::ConstantInt::get(I32, Flags),
      Addr,
      Name,
      llvm::ConstantInt::get(I64, Size),
      llvm::ConstantInt::get(I64, 0),
      llvm::ConstantPointerNull::get(llvm::PointerType::get(Ctx, 0))};
  return llvm::ConstantStruct::get(llvm::offloading::getEntryTy(M), Fields);
#else
  (void)I16;
  llvm::Constant *Fields[] = {Addr, Name, llvm::ConstantInt::get(I64, Size),
                              llvm::ConstantInt::get(I32, Flags),
                              llvm::ConstantInt::get(I32, 0)};
  return llvm::ConstantStruct::get(FptrEntryTy, Fields);
#endif
}
///}

} // namespace omp_indirect

#endif // OMP_INDIRECT_LLVMCOMPAT_H
