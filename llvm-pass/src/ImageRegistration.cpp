//===- ImageRegistration.cpp - each image registers itself with the runtime ===//
//
// A program is an executable plus shared libraries, each an image with its own
// offload entries and its own device images. For every unit with offload code
// (`!omp_offload.info`) or indirect functions, on both sides:
//
//   device: @__omp_offloading_fptr_map_p = weak protected null (the table
//           block the lookup reads; docs/format.md, section 3)
//   host:   the same name as a weak *hidden* shadow, with an ordinary
//           libomptarget entry, so the runtime can write this image's device
//           copy; hidden, so no image's shadow interposes another's.
//
// and on the host, once per image (a comdat, so the linker keeps one):
//
//   @__omp_indirect_image = linkonce_odr hidden constant
//       { i32 version, i32 0, ptr @__start_omp_offloading_fptr_entries,
//         ptr @__stop_omp_offloading_fptr_entries,
//         ptr @__omp_offloading_fptr_map_p,
//         ptr @__start_omp_offloading_entries,
//         ptr @__stop_omp_offloading_entries }
//
// with a constructor that calls __omp_indirect_register_image(&desc) and a
// destructor (dlclose, exit) that calls __omp_indirect_unregister_image. The
// section bounds are hidden too: each image sees its own FPTR tables and its
// own libomptarget entries (whose mappings the runtime drops when the image
// is closed).
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect host.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"
#include "LLVMCompat.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumImageRegistrations, "Units that register their image");

static cl::opt<bool> DisableImageRegistration(
    "omp-indirect-disable-image-registration", cl::Hidden, cl::init(false),
    cl::desc("Do not emit the table globals and the image registration"));

namespace omp_indirect {

/// Offload code in this unit: kernels or declare-target globals
/// (`!omp_offload.info`, on the host and the device alike), or indirect
/// functions. Both compilations of a unit give the same answer.
static bool hasOffloadCode(const Module &M, const TUInfo &Info) {
  if (!Info.Entries.empty())
    return true;
  const NamedMDNode *MD = M.getNamedMetadata("omp_offload.info");
  return MD && MD->getNumOperands() != 0;
}

/// The weak table pointer: the device definition, or the hidden host shadow
/// with its libomptarget entry. Returns the global.
static GlobalVariable *emitMapGlobal(Module &M, bool Device) {
  PointerType *Ty = PointerType::get(M.getContext(), 0);
  GlobalVariable *GV = M.getNamedGlobal(MapPtrName);
  if (GV && !GV->isDeclaration())
    return GV;
  if (!GV)
    GV = new GlobalVariable(M, Ty, false, GlobalValue::WeakAnyLinkage, nullptr,
                            MapPtrName);
  GV->setLinkage(GlobalValue::WeakAnyLinkage);
  GV->setInitializer(Constant::getNullValue(Ty));
  GV->setAlignment(Align(8));
  if (Device) {
    GV->setVisibility(GlobalValue::ProtectedVisibility);
  } else {
    GV->setVisibility(GlobalValue::HiddenVisibility);
    registerWithLibomptarget(M, *GV);
  }
  return GV;
}

/// A hidden, weak reference to a linker-defined section bound.
static Constant *sectionBound(Module &M, const Twine &Name) {
  std::string N = Name.str();
  GlobalVariable *GV = M.getNamedGlobal(N);
  if (!GV) {
    GV = new GlobalVariable(M, Type::getInt8Ty(M.getContext()), true,
                            GlobalValue::ExternalWeakLinkage, nullptr, N);
    GV->setVisibility(GlobalValue::HiddenVisibility);
  }
  return GV;
}

/// A linkonce_odr hidden function in \p C that calls \p Callee(\p Desc),
/// or \p Callee() when \p Desc is null.
static Function *emitCaller(Module &M, Comdat *C, StringRef Name,
                            StringRef Callee, GlobalVariable *Desc) {
  LLVMContext &Ctx = M.getContext();
  Type *Void = Type::getVoidTy(Ctx);
  auto *F = Function::Create(FunctionType::get(Void, false),
                             GlobalValue::LinkOnceODRLinkage, Name, M);
  F->setVisibility(GlobalValue::HiddenVisibility);
  F->setComdat(C);
  F->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  if (Desc)
    B.CreateCall(M.getOrInsertFunction(
                     Callee, FunctionType::get(
                                 Void, {PointerType::get(Ctx, 0)}, false)),
                 {Desc});
  else
    B.CreateCall(M.getOrInsertFunction(Callee, FunctionType::get(Void, false)));
  B.CreateRetVoid();
  return F;
}

/// Host: the image descriptor and its constructor and destructor.
static void emitImageDescriptor(Module &M, GlobalVariable *MapP) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  PointerType *Ptr = PointerType::get(Ctx, 0);
  auto *DescTy = StructType::get(Ctx, {I32, I32, Ptr, Ptr, Ptr, Ptr, Ptr});
  Constant *Fields[] = {
      ConstantInt::get(I32, ImageDescVersion),
      ConstantInt::get(I32, 0),
      sectionBound(M, "__start_" + FptrSectionName),
      sectionBound(M, "__stop_" + FptrSectionName),
      MapP,
      sectionBound(M, "__start_" + OffloadSectionName),
      sectionBound(M, "__stop_" + OffloadSectionName)};
  Comdat *C = M.getOrInsertComdat(ImageDescName);
  auto *Desc = new GlobalVariable(M, DescTy, /*isConstant=*/true,
                                  GlobalValue::LinkOnceODRLinkage,
                                  ConstantStruct::get(DescTy, Fields),
                                  ImageDescName);
  Desc->setVisibility(GlobalValue::HiddenVisibility);
  Desc->setAlignment(Align(8));
  Desc->setComdat(C);
  // Tied to the descriptor's comdat, so the image runs each once however many
  // of its units carry them.
  appendToGlobalCtors(M,
                      emitCaller(M, C, "__omp_indirect_image_ctor",
                                 RegisterImageName, Desc),
                      65535, Desc);
  appendToGlobalDtors(M,
                      emitCaller(M, C, "__omp_indirect_image_dtor",
                                 UnregisterImageName, Desc),
                      65535, Desc);
}

/// Host, for a unit whose device code calls through pointers: a constructor
/// that tells the runtime so, once per image (its own comdat).
static void emitPointerCallsNote(Module &M) {
  std::string Name = (PointerCallsName + "_ctor").str();
  if (M.getFunction(Name))
    return;
  Function *F = emitCaller(M, M.getOrInsertComdat(Name), Name,
                           PointerCallsName, nullptr);
  appendToGlobalCtors(M, F, 65535, F);
}

unsigned emitImageRegistration(Module &M, const TUInfo &Info) {
  if (DisableImageRegistration || !hasOffloadCode(M, Info))
    return 0;
  if (M.getNamedGlobal(ImageDescName))
    return 0; // Already emitted (the pass ran twice on this module).
  bool Device = isDeviceModule(M);
  if (Device && M.getNamedGlobal(MapPtrName) &&
      !M.getNamedGlobal(MapPtrName)->isDeclaration())
    return 0;
  GlobalVariable *MapP = emitMapGlobal(M, Device);
  if (!Device) {
    emitImageDescriptor(M, MapP);
    if (Info.PointerCalls)
      emitPointerCallsNote(M);
  }
  ++NumImageRegistrations;
  return 1;
}

} // namespace omp_indirect
