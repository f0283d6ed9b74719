//===- TranslationCache.cpp - one translation per loop -------------------===//
//
// Within a kernel the translation of a pointer never changes (IndirectCalls.cpp
// says why), so a loop needs at most one translation per distinct pointer.
// This pass, which runs late on device modules, makes sure of it for every
// loop it can see, whatever the earlier passes did:
//
//  - A translation of a loop-invariant pointer (a kernel argument, a value
//    computed before the loop) moves to the preheader of the outermost loop
//    in which the pointer is invariant: no lookup and no compare per
//    iteration. LICM usually did this already; it does not when the
//    translation's `speculatable` was lost (a definition linked in under LTO)
//    and the call is conditional, as after an early exit. Remark
//    `TranslationHoisted`.
//  - A pointer reloaded on every iteration from a loop-invariant address that
//    the loop's calls might write, such as `ops[k](i)` on a mapped array or a
//    variable shared into a `parallel for`, cannot move: the call it reaches
//    could change it. Such a site remembers the last pair it translated:
//
//   %hit = icmp eq ptr %fp, %last.host
//   br i1 %hit, label %cont, label %miss
//  miss:
//   %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
//  cont:
//   %fptr.device = phi ptr [ %last.device, ... ], [ %t, %miss ]
//
//   with %last.host and %last.device carried around the loop in registers and
//   starting as {NULL, NULL} (the translation of NULL is NULL). A pointer
//   that does not change costs one compare per iteration. Remark
//   `TranslationCached`.
//  - Any other pointer (loaded at an index that changes, computed in the loop)
//    keeps its lookup on the call's path.
//
// It runs at the end of the optimization pipeline (after LICM and GVN had
// their chance, and where nothing speculates the call back into the loop),
// on device modules, above -O0; `-omp-indirect-disable-cache` turns it off.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so -O2 dev.ll -S
//        /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect-cache dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumHoisted, "Translations of loop-invariant pointers hoisted");
STATISTIC(NumCached, "Translations in loops given a one-entry cache");

static cl::opt<bool> DisableCache(
    "omp-indirect-disable-cache", cl::Hidden, cl::init(false),
    cl::desc("Neither hoist nor cache translations in loops"));

namespace omp_indirect {

/// The outermost loop around \p T in which its pointer is invariant, or
/// NULL when it changes in the innermost one.
static Loop *hoistTarget(const CallInst &T, LoopInfo &LI) {
  const Value *P = T.getArgOperand(0);
  Loop *Target = nullptr;
  for (Loop *L = LI.getLoopFor(T.getParent()); L && L->isLoopInvariant(P);
       L = L->getParentLoop())
    Target = L;
  return Target;
}

/// True for a translation in \p L of a pointer that probably repeats: a
/// load from a loop-invariant address.
static bool worthCaching(const CallInst &T, const Loop &L) {
  auto *Ld = dyn_cast<LoadInst>(T.getArgOperand(0));
  return Ld && L.isLoopInvariant(Ld->getPointerOperand());
}

/// Translations already hoisted, by preheader and pointer.
using HoistedMap = DenseMap<std::pair<BasicBlock *, Value *>, CallInst *>;

/// Moves \p T to the end of \p L's preheader, making one if \p L has none,
/// or replaces it with the translation of the same pointer already there.
/// Sound because the translation is a pure function of its argument for the
/// whole kernel, and the argument is defined before \p L (it is invariant
/// there). Returns false when \p L can have no preheader (a header reached
/// by an indirect branch).
static bool hoistTranslation(CallInst &T, Loop &L, DominatorTree &DT,
                             LoopInfo &LI, HoistedMap &Hoisted) {
  BasicBlock *Pre = L.getLoopPreheader();
  if (!Pre)
    Pre = InsertPreheaderForLoop(&L, &DT, &LI, /*MSSAU=*/nullptr,
                                 /*PreserveLCSSA=*/false);
  if (!Pre)
    return false;
  CallInst *&There = Hoisted[{Pre, T.getArgOperand(0)}];
  if (There) {
    T.replaceAllUsesWith(There);
    T.eraseFromParent();
    return true;
  }
  T.moveBefore(Pre->getTerminator());
  There = &T;
  return true;
}

/// The value that \p Name holds at the start of \p At, given that it is
/// NULL when the function is entered and \p Def at the end of \p DefBB.
static Value *lastValue(Function &F, BasicBlock *DefBB, Value *Def,
                        BasicBlock *At, StringRef Name) {
  SSAUpdater U;
  U.Initialize(Def->getType(), Name);
  U.AddAvailableValue(&F.getEntryBlock(),
                      ConstantPointerNull::get(cast<PointerType>(Def->getType())));
  U.AddAvailableValue(DefBB, Def);
  return U.GetValueInMiddleOfBlock(At);
}

/// Rewrites one translation \p T as described in the file comment.
static void cacheTranslation(Function &F, CallInst &T, DominatorTree &DT,
                             LoopInfo &LI) {
  Value *P = T.getArgOperand(0);
  // Placeholder condition; its second operand is set once the phis exist.
  auto *Miss = new ICmpInst(&T, ICmpInst::ICMP_NE, P, P, "fptr.miss");
  BasicBlock *Head = T.getParent();
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  Instruction *ThenTerm =
      SplitBlockAndInsertIfThen(Miss, &T, /*Unreachable=*/false,
                                /*BranchWeights=*/nullptr, &DTU, &LI);
  BasicBlock *MissBB = ThenTerm->getParent();
  BasicBlock *Tail = T.getParent();
  MissBB->setName("fptr.translate");
  Tail->setName("fptr.translated");
  T.moveBefore(ThenTerm);
  PHINode *Dev = PHINode::Create(T.getType(), 2, "fptr.cached", &Tail->front());
  T.replaceAllUsesWith(Dev);
  Dev->addIncoming(PoisonValue::get(T.getType()), Head);
  Dev->addIncoming(&T, MissBB);
  Miss->setOperand(1, lastValue(F, Tail, P, Head, "fptr.last.host"));
  Dev->setIncomingValue(0, lastValue(F, Tail, Dev, Head, "fptr.last.device"));
}

SmallVector<CallInst *, 8> loopTranslationCandidates(Function &F) {
  SmallVector<CallInst *, 8> Sites;
  Function *Translate = F.getParent()->getFunction(TranslateFnName);
  if (!Translate || Translate->use_empty() || !isDeviceModule(*F.getParent()))
    return Sites;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (CI->getCalledFunction() == Translate && !CI->getMetadata(MemoMDName))
        Sites.push_back(CI);
  return Sites;
}

unsigned cacheLoopTranslations(Function &F, FunctionAnalysisManager &FAM) {
  if (DisableCache || F.isDeclaration() || F.hasOptNone())
    return 0;
  // Most functions of most modules translate nothing: the loops are
  // computed only for one that does.
  SmallVector<CallInst *, 8> Sites = loopTranslationCandidates(F);
  if (Sites.empty())
    return 0;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  llvm::erase_if(Sites,
                 [&](CallInst *CI) { return !LI.getLoopFor(CI->getParent()); });
  if (Sites.empty())
    return 0;
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  OptimizationRemarkEmitter ORE(&F);
  unsigned Changed = 0;
  HoistedMap Hoisted;
  for (CallInst *T : Sites) {
    if (Loop *L = hoistTarget(*T, LI)) {
      // The remark names the call's place in the loop, before it moves.
      OptimizationRemark R(DEBUG_TYPE, "TranslationHoisted", T);
      R << "translation of a loop-invariant pointer hoisted out of the loop";
      if (hoistTranslation(*T, *L, DT, LI, Hoisted)) {
        ORE.emit(R);
        ++NumHoisted;
        ++Changed;
      }
      continue;
    }
    if (!worthCaching(*T, *LI.getLoopFor(T->getParent())))
      continue;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "TranslationCached", T)
             << "translation of a pointer reloaded in a loop cached across "
                "iterations";
    });
    cacheTranslation(F, *T, DT, LI);
    ++NumCached;
    ++Changed;
  }
  return Changed;
}

PreservedAnalyses TranslationCachePass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (!cacheLoopTranslations(F, FAM))
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  return PA;
}

} // namespace omp_indirect
