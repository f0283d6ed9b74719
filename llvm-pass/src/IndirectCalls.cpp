//===- IndirectCalls.cpp - route device indirect calls through the table --===//
//
// On a device module every call through a function pointer becomes
//
//   %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
//   call %t(...)
//
// so that a host address of a `declare target ... indirect` function reaches
// its device copy. Direct calls, intrinsics and inline asm are left alone,
// and so is the device runtime's own code. A call through a pointer that
// provably holds a device address already (DeviceAddress.cpp) keeps its
// callee.
//
// The translation is declared `memory(none) speculatable nounwind
// willreturn nosync nofree`, on the declaration and on each call. That is
// true for the duration of a kernel, the only scope the optimizer sees: no
// device code writes the table, and the host swaps it only with one pointer
// write whose old and new tables agree on every function either holds (so a
// translation made before the swap stays right); the lookup reads only that
// table, terminates for every input and never traps. It is the same
// contract as a read of a kernel-constant special register (the NVPTX
// thread-count intrinsics are `memory(none) speculatable`). -O2 then hoists
// the translation out of loops (LICM) and merges repeats (EarlyCSE, GVN).
//
// Remarks: each rewritten call site is `IndirectCallTranslated`; each call
// through a proven device address `DeviceAddressNotTranslated`; each call
// left alone the missed remark `DirectCall` or `InlineAsm`, except direct
// calls to the runtime functions the compiler inserts itself (`__kmpc_*`,
// `__tgt_*`, `omp_*`, `llvm.*`).
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect -pass-remarks=omp-indirect dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumTranslated, "Indirect calls routed through the FPTR table");
STATISTIC(NumDirect, "Direct calls left alone");
STATISTIC(NumInlineAsm, "Inline asm calls left alone");
STATISTIC(NumSkipped, "Indirect calls through proven device addresses");

static cl::opt<bool>
    DisableCallRewrite("omp-indirect-disable-call-rewrite", cl::Hidden,
                       cl::init(false),
                       cl::desc("Do not rewrite device indirect calls"));
static cl::opt<bool> DisableSkip(
    "omp-indirect-disable-skip", cl::Hidden, cl::init(false),
    cl::desc("Translate calls through proven device addresses too"));

namespace omp_indirect {

/// Makes \p M refer to the device runtime's link hint (a private pointer to
/// it, kept by llvm.compiler.used), once: without the runtime, the link
/// then names the hint, which says what to add, as an undefined symbol.
static void referToLinkHint(Module &M) {
  static constexpr StringLiteral RefName = "__omp_indirect_link_hint_ref";
  if (M.getNamedGlobal(RefName))
    return;
  LLVMContext &Ctx = M.getContext();
  bool PTX = Triple(M.getTargetTriple()).isNVPTX();
  Type *I8 = Type::getInt8Ty(Ctx);
  auto *Hint = dyn_cast_or_null<GlobalVariable>(M.getOrInsertGlobal(
      PTX ? LinkHintNameNVPTX : LinkHintName, I8));
  if (!Hint)
    return;
  auto *Ref = new GlobalVariable(M, PointerType::get(Ctx, 0),
                                 /*isConstant=*/true,
                                 GlobalValue::PrivateLinkage, Hint, RefName);
  appendToCompilerUsed(M, {Ref});
}

FunctionCallee getTranslateFn(Module &M) {
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  referToLinkHint(M);
  FunctionCallee Fn = M.getOrInsertFunction(
      TranslateFnName, FunctionType::get(Ptr, {Ptr}, false));
  if (auto *F = dyn_cast<Function>(Fn.getCallee())) {
    F->addFnAttr(Attribute::NoUnwind);
    F->addFnAttr(Attribute::WillReturn);
    F->addFnAttr(Attribute::NoSync);
    F->addFnAttr(Attribute::NoFree);
    F->addFnAttr(Attribute::Speculatable);
    F->setDoesNotAccessMemory();
  }
  return Fn;
}

/// True if the callee of \p CB already comes from the translation call, as
/// when the pass runs twice on one module.
static bool isTranslateCall(const Value *V) {
  auto *Src = dyn_cast<CallInst>(V->stripPointerCasts());
  const Function *F = Src ? Src->getCalledFunction() : nullptr;
  return F && (F->getName() == TranslateFnName || F->getName() == SlotLookupName);
}

/// True if \p CB's callee went through the lookup: the lookup's result, or
/// the phi of a virtual call's slot and its lookup on a miss
/// (lookUpSlotOnMiss).
static bool isTranslated(const CallBase &CB) {
  const Value *Callee = CB.getCalledOperand()->stripPointerCasts();
  if (const auto *Phi = dyn_cast<PHINode>(Callee))
    return llvm::any_of(Phi->incoming_values(), isTranslateCall);
  return isTranslateCall(Callee);
}

/// True for a direct call to a runtime function that the compiler inserted
/// (OpenMP device runtime, offload runtime, intrinsics): not reported, so
/// that the remarks show the user's own calls.
static bool isCompilerInserted(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return false;
  StringRef N = Callee->getName();
  return N.starts_with("__kmpc_") || N.starts_with("__tgt_") ||
         N.starts_with("omp_") || N.starts_with("llvm.");
}

/// Returns true if \p CB was rewritten.
static bool rewriteCall(CallBase &CB, FunctionCallee Translate,
                        OptimizationRemarkEmitter &ORE) {
  if (CB.isInlineAsm()) {
    ++NumInlineAsm;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "InlineAsm", &CB)
             << "inline asm call left alone";
    });
    return false;
  }
  if (isTranslated(CB))
    return false;
  if (!CB.isIndirectCall()) {
    ++NumDirect;
    if (isCompilerInserted(CB))
      return false;
    ORE.emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "DirectCall", &CB);
      R << "direct call";
      if (const Function *Callee = CB.getCalledFunction())
        R << " to " << ore::NV("Callee", Callee->getName());
      return R << " needs no translation";
    });
    return false;
  }
  if (lookUpSlotOnMiss(CB, Translate, ORE))
    return true;
  Value *Callee = CB.getCalledOperand();
  if (!DisableSkip && holdsDeviceAddress(Callee)) {
    ++NumSkipped;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "DeviceAddressNotTranslated", &CB)
             << "indirect call through a device address (taken in device "
                "code) needs no translation";
    });
    return false;
  }
  IRBuilder<> B(&CB);
  Type *Ptr = PointerType::get(CB.getContext(), 0);
  Value *Arg = B.CreatePointerBitCastOrAddrSpaceCast(Callee, Ptr);
  CallInst *T = B.CreateCall(Translate, {Arg}, "fptr.device");
  // On the call too: the attributes must survive linking with a definition.
  T->setDoesNotAccessMemory();
  T->setDoesNotThrow();
  CB.setCalledOperand(
      B.CreatePointerBitCastOrAddrSpaceCast(T, Callee->getType()));
  ++NumTranslated;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "IndirectCallTranslated", &CB)
           << "indirect call routed through " << TranslateFnName;
  });
  return true;
}

/// True for functions of a device runtime, whose own calls through pointers
/// (the parallel-region and task trampolines) must stay as they are: ours,
/// and LLVM's DeviceRTL, which clang-16 links into NVPTX device modules before
/// any pass runs and which marks every function with the assumption
/// "ompx_no_call_asm".
bool isDeviceRuntime(const Function &F) {
  if (F.getName() == TranslateFnName || F.getName() == SlotLookupName)
    return true;
  Attribute A = F.getFnAttribute("llvm.assume");
  return A.isStringAttribute() &&
         A.getValueAsString().contains("ompx_no_call_asm");
}

unsigned translateIndirectCalls(Module &M) {
  if (DisableCallRewrite)
    return 0;
  // Collect first: the rewrite inserts calls while we walk.
  SmallVector<CallBase *, 32> Calls;
  for (Function &F : M) {
    if (F.isDeclaration() || isDeviceRuntime(F))
      continue;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (!isa<IntrinsicInst>(CB))
          Calls.push_back(CB);
  }
  if (Calls.empty())
    return 0;
  bool HasIndirect = llvm::any_of(
      Calls, [](CallBase *CB) { return CB->isIndirectCall(); });
  FunctionCallee Translate;
  if (HasIndirect)
    Translate = getTranslateFn(M);
  unsigned Changed = 0;
  Function *Current = nullptr;
  std::unique_ptr<OptimizationRemarkEmitter> ORE;
  for (CallBase *CB : Calls) {
    if (CB->getFunction() != Current) {
      Current = CB->getFunction();
      ORE = std::make_unique<OptimizationRemarkEmitter>(Current);
    }
    Changed += rewriteCall(*CB, Translate, *ORE);
  }
  return Changed;
}

} // namespace omp_indirect
