//===- FlangProcedureChecks.cpp - Fortran procedure pointers -------------===//
//
// Two things a Fortran program does with procedure pointers besides
// calling them, in a module flang made:
//
//  - Device: `associated(p, f)` in a kernel. flang compares the pointer's
//    address with f's (`icmp eq i64 (ptrtoint %p), ptrtoint @f`); a
//    pointer set on the host holds f's host address, so in the kernel the
//    test is false where the host finds it true. The pass compares the
//    device address __kmpc_target_translate_fptr gives for the pointer
//    instead: f's device copy when f is indirect, so the kernel agrees
//    with the host. Any other pointer is returned unchanged or as a stub,
//    never equal to a device function, so nothing else changes.
//  - Host: an intrinsic procedure passed as an actual argument (`call
//    integrate(dsqrt)`). flang passes the address of its own wrapper
//    (`fir.sqrt.f64.ref_f64`, internal to the unit), which no directive
//    can mark: a kernel calling it through the pointer would stop the run.
//    In a unit that offloads, the pass warns at compile time, naming the
//    intrinsic and the fix (a procedure of the user's own, INDIRECT, that
//    calls it).
//
// USAGE: opt -load-pass-plugin=build-22/lib/libomp-indirect-pass.so \
//          -passes=omp-indirect flang-device.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumAssociated, "Fortran associated() tests on translated pointers");

namespace omp_indirect {

/// The function \p V is the address of (`@f` or `ptrtoint @f`), or null.
static const Function *functionConstant(const Value *V) {
  if (const auto *CE = dyn_cast<ConstantExpr>(V))
    if (CE->getOpcode() == Instruction::PtrToInt)
      V = CE->getOperand(0);
  return dyn_cast<Function>(V->stripPointerCasts());
}

/// The pointer \p V holds (`%p` of `ptrtoint %p`, or \p V itself), when it
/// is not a constant.
static Value *pointerOperand(Value *V) {
  if (auto *P2I = dyn_cast<PtrToIntInst>(V))
    V = P2I->getOperand(0);
  return V->getType()->isPointerTy() && !isa<Constant>(V) ? V : nullptr;
}

static unsigned translateAssociated(Module &M) {
  SmallVector<std::pair<ICmpInst *, unsigned>, 8> Tests;
  for (Function &F : M) {
    if (F.isDeclaration() || isDeviceRuntime(F))
      continue;
    for (Instruction &I : instructions(F))
      if (auto *Cmp = dyn_cast<ICmpInst>(&I))
        if (Cmp->isEquality())
          for (unsigned K = 0; K < 2; ++K)
            if (functionConstant(Cmp->getOperand(1 - K)) &&
                pointerOperand(Cmp->getOperand(K)))
              Tests.push_back({Cmp, K});
  }
  if (Tests.empty())
    return 0;
  FunctionCallee Translate = getTranslateFn(M);
  for (auto [Cmp, K] : Tests) {
    Value *Old = Cmp->getOperand(K);
    Value *Ptr = pointerOperand(Old);
    IRBuilder<> B(Cmp);
    Value *New = B.CreateCall(Translate, {Ptr});
    if (Old->getType() != New->getType())
      New = B.CreatePtrToInt(New, Old->getType());
    Cmp->setOperand(K, New);
    ++NumAssociated;
  }
  return Tests.size();
}

/// True if \p M launches kernels or registers offload entries.
static bool offloads(const Module &M) {
  if (M.getNamedMetadata("omp_offload.info"))
    return true;
  for (const Function &F : M)
    if (F.isDeclaration() && F.getName().starts_with("__tgt_target"))
      return true;
  return false;
}

namespace {
/// A warning of the pass's own kind, which every release's diagnostic
/// handler prints as "warning: <message>" (LLVM 16 and 19 have no generic
/// one).
class PassWarning : public DiagnosticInfo {
  const Twine &Msg;

public:
  explicit PassWarning(const Twine &Msg)
      : DiagnosticInfo(kind(), DS_Warning), Msg(Msg) {}
  void print(DiagnosticPrinter &DP) const override { DP << Msg; }
  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }
};
} // namespace

static void warnIntrinsicArguments(Module &M) {
  if (!offloads(M))
    return;
  for (Function &F : M) {
    // flang's wrappers of intrinsic procedures: fir.<name>.<types>.
    if (F.isDeclaration() || !F.getName().starts_with("fir."))
      continue;
    for (const Use &U : F.uses()) {
      const auto *CB = dyn_cast<CallBase>(U.getUser());
      if (CB && CB->isCallee(&U))
        continue;
      StringRef Name = F.getName().drop_front(4).split('.').first;
      M.getContext().diagnose(PassWarning(
          Twine("omp-indirect-flang: the intrinsic procedure '") + Name +
          "' is passed as a procedure argument; flang passes its own "
          "wrapper (" + F.getName() + "), which has no device copy for "
          "pointers, so a kernel that calls it through the pointer stops; "
          "pass a procedure of your own that calls '" + Name +
          "' and is `declare target ... indirect`"));
      break;
    }
  }
}

unsigned checkFlangProcedures(Module &M) {
  if (!isFlangModule(M))
    return 0;
  if (isDeviceModule(M))
    return translateAssociated(M);
  warnIntrinsicArguments(M);
  return 0;
}

} // namespace omp_indirect
