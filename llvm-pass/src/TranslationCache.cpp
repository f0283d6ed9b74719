//===- TranslationCache.cpp - one translation per loop for reloaded pointers ===//
//
// LICM hoists the translation of a loop-invariant pointer out of the loop
// (IndirectCalls.cpp says why that is allowed). It cannot hoist it when the
// pointer is reloaded on every iteration from a loop-invariant address that
// the indirect call itself might write, such as `ops[k](i)` on a mapped
// array: the load stays in the loop, and so does the translation of its
// result. For such a site this pass remembers the last pair it translated:
//
//   %hit = icmp eq ptr %fp, %last.host
//   br i1 %hit, label %cont, label %miss
//  miss:
//   %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
//  cont:
//   %fptr.device = phi ptr [ %last.device, ... ], [ %t, %miss ]
//
// with %last.host and %last.device carried around the loop in registers and
// starting as {NULL, NULL} (the translation of NULL is NULL). A pointer that
// does not change costs one compare per iteration. This is sound for the
// same reason as the hoisting: within a kernel the translation of a pointer
// never changes.
//
// It runs at the end of the optimization pipeline (after LICM and GVN had
// their chance, and where nothing speculates the call back into the loop),
// on device modules, above -O0; `-omp-indirect-disable-cache` turns it off.
// Each cached site is reported as remark `TranslationCached`.
//
// USAGE: opt -load-pass-plugin=build/lib/libomp-indirect-pass.so -O2 dev.ll -S
//        opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect-cache dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

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
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumCached, "Translations in loops given a one-entry cache");

static cl::opt<bool> DisableCache(
    "omp-indirect-disable-cache", cl::Hidden, cl::init(false),
    cl::desc("Do not cache translations of pointers reloaded in loops"));

namespace omp_indirect {

/// True for a translation in \p L of a pointer that probably repeats: a
/// load from a loop-invariant address, or a loop-invariant value that
/// nothing hoisted.
static bool worthCaching(const CallInst &T, const Loop &L) {
  const Value *P = T.getArgOperand(0);
  if (L.isLoopInvariant(P))
    return true;
  auto *Ld = dyn_cast<LoadInst>(P);
  return Ld && L.isLoopInvariant(Ld->getPointerOperand());
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

unsigned cacheLoopTranslations(Function &F, FunctionAnalysisManager &FAM) {
  if (DisableCache || F.isDeclaration() || F.hasOptNone() ||
      !isDeviceModule(*F.getParent()))
    return 0;
  SmallVector<CallInst *, 8> Sites;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    Function *Callee = CI ? CI->getCalledFunction() : nullptr;
    if (!Callee || Callee->getName() != TranslateFnName)
      continue;
    const Loop *L = LI.getLoopFor(CI->getParent());
    if (L && worthCaching(*CI, *L))
      Sites.push_back(CI);
  }
  if (Sites.empty())
    return 0;
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  OptimizationRemarkEmitter ORE(&F);
  for (CallInst *T : Sites) {
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "TranslationCached", T)
             << "translation of a pointer reloaded in a loop cached across "
                "iterations";
    });
    cacheTranslation(F, *T, DT, LI);
    ++NumCached;
  }
  return Sites.size();
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
