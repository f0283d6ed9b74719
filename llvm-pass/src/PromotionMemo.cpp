//===- PromotionMemo.cpp - host addresses remembered per candidate --------===//
//
// A promoted call (CallPromotion.cpp) whose pointer changes on every
// iteration, such as `r[i].f(r[i].x)` over records, still translates the
// pointer on every iteration before its compares: a call of the lookup,
// which costs more than the inlined candidate it selects. But a loop over
// records meets only a few distinct host addresses, and each translates to
// the same device address for the whole kernel (IndirectCalls.cpp says
// why). So each candidate @a of such a translation gets a memo: the last
// host address seen in this function that translated to @a. The memos
// start as the candidates' own device addresses, for which a call of the
// candidate is exactly right (a device address assigned on the device), and
// are carried around the loop in registers:
//
//   %hit.a = icmp eq ptr %fp, %memo.a    ; one per candidate
//   %hit   = or i1 %hit.a, %hit.b ...
//   %pick  = select i1 %hit.a, ptr @a, ptr ...
//   br i1 %hit, label %fptr.known, label %fptr.memo.miss
//  fptr.memo.miss:
//   %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
//   %memo.a.next = select i1 (icmp eq ptr %t, @a), ptr %fp, ptr %memo.a
//  fptr.known:
//   %fptr.device = phi ptr [ %pick, ... ], [ %t, %fptr.memo.miss ]
//
// A memo only ever holds a pointer whose call must run its candidate, so a
// hit is never wrong: NULL translates to NULL, never to a candidate, and
// keeps its call of NULL; a host address that is not indirect translates to
// a stop stub (host offload), never to a candidate, so it misses every time
// and still stops loudly; another unit's function misses and goes through
// the table and the fallback call. Each thread keeps its own memos; nothing
// is shared and nothing outlives the function's invocation.
//
// It runs with the loop versioning (after the inliner and LICM, so a
// loop-invariant pointer's translation has left the loop and is not
// touched), above -O0, on device modules; candidates are those of the
// translation's promotion compares (at most -omp-indirect-memo-max).
// Remark `TranslationMemoized`. Switch: -omp-indirect-disable-memo.
//
// USAGE: opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect-version -pass-remarks=omp-indirect dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "CallPromotion.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumMemoized, "Translations in loops given a memo per candidate");

static cl::opt<bool> DisableMemo(
    "omp-indirect-disable-memo", cl::Hidden, cl::init(false),
    cl::desc("Do not remember, per promoted candidate, the host address "
             "that translated to it"));
static cl::opt<unsigned> MemoMax(
    "omp-indirect-memo-max", cl::Hidden, cl::init(8),
    cl::desc("Give a translation memos only when its promotion compares "
             "name at most this many candidates"));

namespace omp_indirect {

/// The promotion compares of \p T and the candidates they name, in the
/// order the compares were made (a use list holds the newest use first).
static void promotionCompares(CallInst &T, SmallVectorImpl<ICmpInst *> &Cmps,
                              SmallVectorImpl<Function *> &Cands) {
  for (User *U : T.users()) {
    auto *C = dyn_cast<ICmpInst>(U);
    Value *Ptr = nullptr;
    Function *F = C ? promotionCompare(*C, Ptr) : nullptr;
    if (!F || Ptr != &T)
      continue;
    Cmps.push_back(C);
    if (!is_contained(Cands, F))
      Cands.push_back(F);
  }
  std::reverse(Cmps.begin(), Cmps.end());
  std::reverse(Cands.begin(), Cands.end());
}

/// The blocks of \p T's other uses (the fallback calls), each with the
/// instruction before which the translation must be; false if one of them
/// is \p T's own block, which every pass through the site reaches.
static bool translationPoints(CallInst &T, ArrayRef<ICmpInst *> Cmps,
                              MapVector<BasicBlock *, Instruction *> &At) {
  for (Use &U : T.uses()) {
    auto *I = cast<Instruction>(U.getUser());
    if (is_contained(Cmps, I))
      continue;
    auto *Phi = dyn_cast<PHINode>(I);
    BasicBlock *BB = Phi ? Phi->getIncomingBlock(U) : I->getParent();
    Instruction *Before = Phi ? BB->getTerminator() : I;
    if (BB == T.getParent())
      return false;
    auto It = At.insert({BB, Before}).first;
    if (Before->comesBefore(It->second))
      It->second = Before;
  }
  return !At.empty();
}

/// Rewrites \p T, in a loop, as described in the file comment.
static void memoize(Function &F, CallInst &T, ArrayRef<ICmpInst *> Cmps,
                    ArrayRef<Function *> Cands,
                    const MapVector<BasicBlock *, Instruction *> &At) {
  Value *P = T.getArgOperand(0);
  auto *Ty = cast<PointerType>(T.getType());
  IRBuilder<> B(&T);
  // The hits compare with placeholders until the memos exist. A hit on
  // candidate K means that the translation is candidate K: each promotion
  // compare becomes its candidate's hit.
  SmallVector<ICmpInst *, 4> Hits;
  for (size_t K = 0; K < Cands.size(); ++K)
    Hits.push_back(cast<ICmpInst>(B.CreateICmpEQ(P, P, "fptr.memo.hit")));
  for (ICmpInst *C : Cmps) {
    Value *Ptr = nullptr;
    Value *Hit = Hits[find(Cands, promotionCompare(*C, Ptr)) - Cands.begin()];
    if (C->getPredicate() == ICmpInst::ICMP_NE) {
      B.SetInsertPoint(C);
      Hit = B.CreateNot(Hit, "fptr.memo.miss");
    }
    C->replaceAllUsesWith(Hit);
    C->eraseFromParent();
  }
  // A translation of its own, and the memos' updates, where each fallback
  // needs it; Next[K]: candidate K's updates, each in its block.
  SmallVector<SmallVector<std::pair<BasicBlock *, SelectInst *>, 2>, 4> Next(
      Cands.size());
  DenseMap<BasicBlock *, Instruction *> Clones;
  for (const auto &[BB, Before] : At) {
    B.SetInsertPoint(Before);
    Instruction *TI = B.Insert(T.clone());
    TI->setMetadata(MemoMDName, MDNode::get(F.getContext(), {}));
    Clones[BB] = TI;
    for (size_t K = 0; K < Cands.size(); ++K) {
      Value *Is = B.CreateICmpEQ(TI, Cands[K], "fptr.memo.is");
      auto *Sel =
          cast<SelectInst>(B.CreateSelect(Is, P, Cands[K], "fptr.memo.next"));
      Next[K].push_back({BB, Sel});
    }
  }
  for (Use &U : llvm::make_early_inc_range(T.uses())) {
    auto *I = cast<Instruction>(U.getUser());
    auto *Phi = dyn_cast<PHINode>(I);
    U.set(Clones[Phi ? Phi->getIncomingBlock(U) : I->getParent()]);
  }
  BasicBlock *Head = T.getParent();
  T.eraseFromParent();
  // Each memo starts as its candidate; phis carry it around the loop.
  for (size_t K = 0; K < Cands.size(); ++K) {
    SSAUpdater U;
    U.Initialize(Ty, "fptr.memo");
    U.AddAvailableValue(&F.getEntryBlock(), Cands[K]);
    for (auto &[BB, Sel] : Next[K])
      U.AddAvailableValue(BB, Sel);
    Hits[K]->setOperand(1, U.GetValueInMiddleOfBlock(Head));
    for (auto &[BB, Sel] : Next[K])
      Sel->setOperand(2, U.GetValueInMiddleOfBlock(BB));
  }
}

unsigned memoizePromotedTranslations(Function &F) {
  if (DisableMemo || MemoMax == 0 || F.isDeclaration() || F.hasOptNone())
    return 0;
  SmallVector<CallInst *, 8> Sites = loopTranslationCandidates(F);
  if (Sites.empty())
    return 0;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  OptimizationRemarkEmitter ORE(&F);
  unsigned Changed = 0;
  for (CallInst *T : Sites) {
    Loop *L = LI.getLoopFor(T->getParent());
    // A loop-invariant pointer's translation leaves the loop instead
    // (TranslationCache.cpp).
    if (!L || L->isLoopInvariant(T->getArgOperand(0)) ||
        isa<Constant>(T->getArgOperand(0)))
      continue;
    SmallVector<ICmpInst *, 8> Cmps;
    SmallVector<Function *, 4> Cands;
    promotionCompares(*T, Cmps, Cands);
    MapVector<BasicBlock *, Instruction *> At;
    if (Cands.empty() || Cands.size() > MemoMax ||
        !translationPoints(*T, Cmps, At))
      continue;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "TranslationMemoized", T)
             << "translation of a pointer that changes in the loop memoized "
                "for its "
             << ore::NV("Candidates", unsigned(Cands.size()))
             << " promoted candidates: a host address met before calls its "
                "candidate without a lookup";
    });
    memoize(F, *T, Cmps, Cands, At);
    ++NumMemoized;
    ++Changed;
  }
  return Changed;
}

} // namespace omp_indirect
