//===- PromotedLoopVersioning.cpp - one choice of callee per loop ---------===//
//
// After promotion (CallPromotion.cpp) and the inliner, a loop that calls
// through a loop-invariant pointer still tests the pointer against each
// candidate on every iteration, and -O2 does not unswitch such a branch
// (non-trivial unswitching is an -O3 feature, and off on GPUs), so the
// vectorizer sees a loop with calls in it and gives up. This pass versions
// such a loop itself: for an innermost loop whose branches or selects test a
// loop-invariant translated pointer %t against candidates @a, @b, ...
//
//   preheader:  %is.a = icmp eq ptr %t, @a   br %is.a, %loop.a, %next
//   next:       %is.b = icmp eq ptr %t, @b   br %is.b, %loop.b, %loop
//
// where %loop.a is a copy of the loop in which every compare of %t with @a
// is true and every other is false, and the original loop, the fallback,
// has every compare false. One compare per candidate runs before the loop,
// none in it; the copies then simplify to straight-line code around the
// inlined body, which the vectorizer takes. A compare with another
// candidate is false in a copy even if identical-code folding gave both one
// address: then both are the same code.
//
// It runs at the scalar-optimizer-late extension point (after the inliner
// and LICM of each function, before the loop vectorizer), above -O0, on
// device modules; also by the name `omp-indirect-version`. Loops that
// cannot be cloned are left alone, as are loops larger than
// -omp-indirect-version-max-size instructions, and, on a target whose
// threads diverge (a GPU), loops with a convergent call: a copy runs it under
// a condition the threads may not share. OpenMP device code marks every
// call convergent, so on a GPU only loops whose calls were all inlined are
// versioned; there the promotion's gain is mostly the inlining (no call ABI,
// no stack frame), which does not need the copies. On the host-offload
// device, whose threads never run in lockstep, convergence means nothing.
//
// Remark: `LoopVersioned` (names the candidates). Switch:
// -omp-indirect-disable-loop-versioning.
//
// USAGE: opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect-version dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "CallPromotion.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumLoopsVersioned, "Loops versioned on a promoted pointer");
STATISTIC(NumLoopCopies, "Loop copies made for promoted candidates");

static cl::opt<bool> DisableVersioning(
    "omp-indirect-disable-loop-versioning", cl::Hidden, cl::init(false),
    cl::desc("Do not version loops on promoted loop-invariant pointers"));
static cl::opt<unsigned> VersionMaxSize(
    "omp-indirect-version-max-size", cl::Hidden, cl::init(1000),
    cl::desc("Version a loop only if it has at most this many instructions"));

namespace omp_indirect {

namespace {
/// A loop to version: its header, the pointer, the candidates in the order
/// the loop tests them.
struct Plan {
  BasicBlock *Header = nullptr;
  DebugLoc Loc;
  Value *Ptr = nullptr;
  SmallVector<Function *, 4> Cands;
};
} // namespace

/// The condition of \p I if it is a conditional branch or a select.
static Value *conditionOf(Instruction &I) {
  if (auto *Br = dyn_cast<BranchInst>(&I))
    return Br->isConditional() ? Br->getCondition() : nullptr;
  if (auto *Sel = dyn_cast<SelectInst>(&I))
    return Sel->getCondition();
  return nullptr;
}

/// True if \p L may be copied: nothing that cannot be duplicated, not too
/// big, and, where threads can diverge (\p Divergent: a GPU), no convergent
/// call, which a copy would run under a new condition.
static bool canCopy(const Loop &L, bool Divergent) {
  if (!L.isSafeToClone())
    return false;
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      if (++Size > VersionMaxSize)
        return false;
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (Divergent && CB->isConvergent())
          return false;
    }
  return true;
}

/// Fills \p P for innermost loop \p L: the first loop-invariant translated
/// pointer that \p L's branches and selects compare with functions.
static bool planLoop(Loop &L, bool Divergent, Plan &P) {
  if (!L.isInnermost())
    return false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto *C = dyn_cast_or_null<ICmpInst>(conditionOf(I));
      Value *Ptr = nullptr;
      Function *F = C ? promotionCompare(*C, Ptr) : nullptr;
      if (!F || !L.isLoopInvariant(Ptr) || (P.Ptr && Ptr != P.Ptr))
        continue;
      P.Ptr = Ptr;
      if (!llvm::is_contained(P.Cands, F))
        P.Cands.push_back(F);
    }
  if (!P.Ptr || !canCopy(L, Divergent))
    return false;
  P.Header = L.getHeader();
  P.Loc = L.getStartLoc();
  return true;
}

/// In \p Blocks, replaces each compare of \p Ptr with a function by its
/// value when \p Ptr is \p Match (NULL: none of the candidates).
static void foldCompares(ArrayRef<BasicBlock *> Blocks, Value *Ptr,
                         Function *Match) {
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      for (Use &U : I.operands()) {
        auto *C = dyn_cast<ICmpInst>(U.get());
        Value *P = nullptr;
        Function *F = C ? promotionCompare(*C, P) : nullptr;
        if (!F || P != Ptr)
          continue;
        bool Eq = F == Match;
        bool Val = C->getPredicate() == ICmpInst::ICMP_EQ ? Eq : !Eq;
        U.set(ConstantInt::getBool(C->getType(), Val));
      }
}

/// Versions the loop of \p P (see the file comment).
static bool versionLoop(Function &F, const Plan &P) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *L = LI.getLoopFor(P.Header);
  if (!L || L->getHeader() != P.Header)
    return false;
  simplifyLoop(L, &DT, &LI, nullptr, nullptr, nullptr, false);
  BasicBlock *Pre = L->getLoopPreheader();
  if (!Pre || !L->hasDedicatedExits())
    return false;
  formLCSSA(*L, DT, &LI, nullptr);
  // An empty preheader for the fallback; the dispatch goes in Pre.
  BasicBlock *FallbackPH = SplitBlock(Pre, Pre->getTerminator(), &DT, &LI,
                                      nullptr, P.Header->getName() + ".ph");
  SmallVector<BasicBlock *, 4> Exits;
  L->getUniqueExitBlocks(Exits);
  SmallVector<BasicBlock *, 4> CopyPHs;
  for (Function *Cand : P.Cands) {
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *, 16> Blocks;
    cloneLoopWithPreheader(FallbackPH, Pre, L, VMap, "." + Cand->getName(),
                           &LI, &DT, Blocks);
    remapInstructionsInBlocks(Blocks, VMap);
    // The exits' LCSSA phis take the copy's values from the copy's blocks.
    for (BasicBlock *Exit : Exits)
      for (PHINode &Phi : Exit->phis())
        for (unsigned I = 0, E = Phi.getNumIncomingValues(); I < E; ++I) {
          BasicBlock *In = Phi.getIncomingBlock(I);
          if (!L->contains(In))
            continue;
          Value *V = Phi.getIncomingValue(I);
          Value *NewV = VMap.count(V) ? static_cast<Value *>(VMap[V]) : V;
          Phi.addIncoming(NewV, cast<BasicBlock>(VMap[In]));
        }
    foldCompares(Blocks, P.Ptr, Cand);
    CopyPHs.push_back(cast<BasicBlock>(VMap[FallbackPH]));
  }
  foldCompares(L->getBlocks(), P.Ptr, nullptr);
  // The dispatch: one compare per candidate, in the loop's order.
  Pre->getTerminator()->eraseFromParent();
  BasicBlock *At = Pre;
  for (size_t K = 0; K < P.Cands.size(); ++K) {
    IRBuilder<> B(At);
    Value *Is =
        B.CreateICmpEQ(P.Ptr, P.Cands[K], "fptr.is." + P.Cands[K]->getName());
    BasicBlock *Next = FallbackPH;
    if (K + 1 < P.Cands.size())
      Next =
          BasicBlock::Create(F.getContext(), "fptr.dispatch", &F, FallbackPH);
    B.CreateCondBr(Is, CopyPHs[K], Next);
    At = Next;
  }
  return true;
}

unsigned versionPromotedLoops(Function &F, bool Divergent) {
  if (DisableVersioning || F.isDeclaration() || F.hasOptNone())
    return 0;
  const Module &M = *F.getParent();
  if (!isDeviceModule(M) || !M.getFunction(TranslateFnName))
    return 0;
  SmallVector<Plan, 4> Plans;
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (Loop *L : LI.getLoopsInPreorder()) {
      Plan P;
      if (planLoop(*L, Divergent, P))
        Plans.push_back(P);
    }
  }
  if (Plans.empty())
    return 0;
  OptimizationRemarkEmitter ORE(&F);
  unsigned Changed = 0;
  for (const Plan &P : Plans) {
    OptimizationRemark R(DEBUG_TYPE, "LoopVersioned", P.Loc, P.Header);
    R << "loop versioned on a loop-invariant translated pointer: one copy "
         "each for ";
    for (size_t I = 0; I < P.Cands.size(); ++I)
      R << (I ? ", " : "")
        << ore::NV("Callee", demangle(P.Cands[I]->getName().str()));
    R << ", the table for the rest";
    if (!versionLoop(F, P))
      continue;
    ORE.emit(R);
    ++NumLoopsVersioned;
    NumLoopCopies += P.Cands.size();
    ++Changed;
  }
  // The copies share the original's exits: give every loop dedicated exits
  // again for the loop passes that follow.
  if (Changed) {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (Loop *L : LI)
      simplifyLoop(L, &DT, &LI, nullptr, nullptr, nullptr, false);
  }
  return Changed;
}

PreservedAnalyses PromotedLoopVersioningPass::run(Function &F,
                                                  FunctionAnalysisManager &FAM) {
  bool Divergent = FAM.getResult<TargetIRAnalysis>(F).hasBranchDivergence();
  unsigned Changed = versionPromotedLoops(F, Divergent);
  Changed += memoizePromotedTranslations(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace omp_indirect
