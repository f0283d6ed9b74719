//===- CallPromotion.cpp - guarded direct calls for translated pointers ---===//
//
// A call through a translated pointer cannot be inlined, so the loop around
// it is not vectorized and every iteration pays a full call (on a GPU, the
// full ABI and a stack frame). But a device module knows most of the
// functions such a call can reach: its own `declare target ... indirect`
// functions of the call's type. When there are at most K of them, the call
//
//   %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
//   %r = call i32 %fptr.device(i32 %x)
//
// becomes a cascade of compares with each candidate's own address and direct
// calls, the indirect call staying as the fallback:
//
//   %c = icmp eq ptr %fptr.device, @a
//   br i1 %c, label %if.true.direct_targ, label %if.false.orig_indirect
//   ...  call i32 @a(i32 %x)  ...  call i32 @b(i32 %x)  ...
//   %r.orig = call i32 %fptr.device(i32 %x), !omp_indirect.promoted
//
// Everything else (another unit's function, a shared library's, a dlopen'd
// one, a device address taken on the device) fails every compare and goes
// through the table exactly as before, so the loud stop for a host address
// that is not indirect is unchanged, and NULL still calls NULL. The compare
// is with the function's own address, which the translation returns for a
// hit: if identical-code folding gives two candidates one address, the first
// of them runs, which is the same code.
//
// This runs with the rest of the pass at the pipeline start, before the
// inliner, so the candidates get inlined; PromotedLoopVersioning.cpp, after
// the inliner, turns the loop-invariant compares into one choice before the
// loop. Functions at -O0 (optnone) are left alone.
//
// K (-omp-indirect-promote-max, default 4): the cascade costs up to K
// compares on the fallback path and K inlined bodies of code; 4 covers the
// usual small dispatch tables (the bench's are 3 and 4 wide) while bounding
// growth when a type has thousands of indirect functions.
//
// Remarks: `CallPromoted` (names the functions, says the rest go through the
// table), missed `TooManyCandidates` (names the count and K).
// Switch: -omp-indirect-disable-promotion.
//
// USAGE: opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect -pass-remarks=omp-indirect dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "CallPromotion.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/CallPromotionUtils.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumSitesPromoted, "Calls through translated pointers promoted");
STATISTIC(NumDirectCalls, "Guarded direct calls added by promotion");
STATISTIC(NumTooManyCandidates,
          "Calls through translated pointers with more than K candidates");

static cl::opt<bool> DisablePromotion(
    "omp-indirect-disable-promotion", cl::Hidden, cl::init(false),
    cl::desc("Do not promote calls through translated pointers"));
static cl::opt<unsigned> PromoteMax(
    "omp-indirect-promote-max", cl::Hidden, cl::init(4),
    cl::desc("Promote a call through a translated pointer only when it has "
             "at most this many candidates (0: never)"));

namespace omp_indirect {

/// True for a call of the lookup or of the slot lookup.
static bool isLookupCall(const Value *V) {
  const auto *CB = dyn_cast<CallBase>(V->stripPointerCasts());
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && (F->getName() == TranslateFnName || F->getName() == SlotLookupName);
}

bool isTranslatedPointer(const Value *V) {
  V = V->stripPointerCasts();
  if (const auto *Phi = dyn_cast<PHINode>(V))
    return llvm::any_of(Phi->incoming_values(), isLookupCall);
  return isLookupCall(V);
}

Function *promotionCompare(const ICmpInst &C, Value *&Ptr) {
  if (!C.isEquality() || !C.getOperand(0)->getType()->isPointerTy())
    return nullptr;
  for (unsigned I = 0; I < 2; ++I) {
    auto *F = dyn_cast<Function>(C.getOperand(I)->stripPointerCasts());
    Value *Other = C.getOperand(1 - I);
    if (F && isTranslatedPointer(Other)) {
      Ptr = Other;
      return F;
    }
  }
  return nullptr;
}

/// The candidates of each function type: the indirect functions of \p Info
/// that \p M defines, in table order.
using CandidateMap = DenseMap<FunctionType *, SmallVector<Function *, 4>>;

static CandidateMap collectCandidates(Module &M, const TUInfo &Info) {
  CandidateMap ByType;
  for (const IndirectEntry &E : Info.Entries) {
    if (E.Kind != IndirectFuncKind)
      continue;
    Function *F = M.getFunction(E.Name);
    if (!F || F->isDeclaration())
      continue;
    SmallVector<Function *, 4> &List = ByType[F->getFunctionType()];
    if (!llvm::is_contained(List, F))
      List.push_back(F);
  }
  return ByType;
}

/// True if \p CB is a call through a translated pointer not promoted yet.
static bool isPromotable(const CallBase &CB) {
  if (CB.isInlineAsm() || !CB.isIndirectCall() || CB.isMustTailCall() ||
      CB.getMetadata(PromotedMDName))
    return false;
  return isTranslatedPointer(CB.getCalledOperand());
}

/// "a, b and c", demangled.
static void nameCandidates(OptimizationRemark &R, ArrayRef<Function *> Cands) {
  for (size_t I = 0; I < Cands.size(); ++I) {
    if (I)
      R << (I + 1 == Cands.size() ? " and " : ", ");
    R << ore::NV("Callee", demangle(Cands[I]->getName().str()));
  }
}

/// Promotes \p CB to \p Cands (see the file comment). Returns true if it did.
static bool promoteSite(CallBase &CB, ArrayRef<Function *> All,
                        OptimizationRemarkEmitter &ORE) {
  SmallVector<Function *, 4> Cands;
  for (Function *F : All)
    if (isLegalToPromote(CB, F))
      Cands.push_back(F);
  if (Cands.empty())
    return false;
  if (Cands.size() > PromoteMax) {
    ++NumTooManyCandidates;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "TooManyCandidates", &CB)
             << "indirect call not promoted: "
             << ore::NV("Candidates", unsigned(Cands.size()))
             << " indirect functions of its type, more than "
             << ore::NV("Limit", unsigned(PromoteMax))
             << " (-omp-indirect-promote-max); it goes through the table";
    });
    return false;
  }
  // The remark names the call's place before the cascade moves it.
  OptimizationRemark R(DEBUG_TYPE, "CallPromoted", &CB);
  R << "indirect call promoted to direct calls of ";
  nameCandidates(R, Cands);
  R << "; any other target goes through the table";
  for (Function *F : Cands)
    promoteCallWithIfThenElse(CB, F);
  CB.setMetadata(PromotedMDName, MDNode::get(CB.getContext(), {}));
  ORE.emit(R);
  ++NumSitesPromoted;
  NumDirectCalls += Cands.size();
  return true;
}

unsigned promoteTranslatedCalls(Module &M, const TUInfo &Info) {
  if (DisablePromotion || PromoteMax == 0 || !isDeviceModule(M))
    return 0;
  if (!M.getFunction(TranslateFnName))
    return 0; // Nothing was translated.
  CandidateMap ByType = collectCandidates(M, Info);
  if (ByType.empty())
    return 0;
  unsigned Changed = 0;
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasOptNone() || isDeviceRuntime(F))
      continue;
    SmallVector<CallBase *, 8> Sites;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (!isa<IntrinsicInst>(CB) && isPromotable(*CB) &&
            ByType.count(CB->getFunctionType()))
          Sites.push_back(CB);
    if (Sites.empty())
      continue;
    OptimizationRemarkEmitter ORE(&F);
    for (CallBase *CB : Sites)
      Changed += promoteSite(*CB, ByType[CB->getFunctionType()], ORE);
  }
  return Changed;
}

} // namespace omp_indirect
