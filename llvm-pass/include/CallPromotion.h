//===- CallPromotion.h - guarded direct calls for translated pointers -----===//
//
// The two halves of call promotion (docs/design.md, "Call promotion"):
// promoteTranslatedCalls() runs with the rest of the pass at the pipeline
// start, before the inliner, and turns a call through a translated pointer
// into a cascade of compares and direct calls; PromotedLoopVersioningPass runs
// after the inliner (the scalar-optimizer-late extension point) and gives a
// loop whose promoted pointer is invariant one copy per candidate, chosen
// once before the loop, so that the vectorizer sees straight-line code; in
// the same pass, memoizePromotedTranslations gives a loop whose promoted
// pointer changes per iteration one memo per candidate, so that a host
// address met before needs no lookup.
//
// USAGE: #include "CallPromotion.h"
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_CALLPROMOTION_H
#define OMP_INDIRECT_CALLPROMOTION_H

#include "OmpIndirect.h"

#include "llvm/IR/PassManager.h"

namespace llvm {
class ICmpInst;
} // namespace llvm

namespace omp_indirect {

/// Promotes, in every function of device module \p M that is optimized
/// (not optnone), each call through a translated pointer that has between 1
/// and K candidates: the indirect functions of \p Info that \p M defines
/// with the call's type. Returns the number of call sites promoted.
unsigned promoteTranslatedCalls(llvm::Module &M, const TUInfo &Info);

/// The name of the metadata that marks the fallback call of a promoted site,
/// so that a second run of the pass leaves it alone.
constexpr llvm::StringLiteral PromotedMDName = "omp_indirect.promoted";

/// True if \p V is a translated pointer: the lookup's result, the slot
/// lookup's, or a phi of which one incoming value is.
bool isTranslatedPointer(const llvm::Value *V);

/// If \p C compares a translated pointer with a function for equality or
/// inequality, returns the function and sets \p Ptr to the pointer.
llvm::Function *promotionCompare(const llvm::ICmpInst &C, llvm::Value *&Ptr);

/// Versions the loops of \p F on the promotion compares they contain (see
/// PromotedLoopVersioning.cpp); \p Divergent: the target's threads may
/// diverge (a GPU). Returns the number of loops versioned.
unsigned versionPromotedLoops(llvm::Function &F, bool Divergent);

/// Gives each translation in a loop of \p F whose pointer changes there,
/// and which promotion compares test, a memo per candidate of the host
/// address that translated to it (PromotionMemo.cpp). Returns the number
/// of translations memoized.
unsigned memoizePromotedTranslations(llvm::Function &F);

/// The loop versioning and the memos, as a function pass.
struct PromotedLoopVersioningPass
    : llvm::PassInfoMixin<PromotedLoopVersioningPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace omp_indirect

#endif // OMP_INDIRECT_CALLPROMOTION_H
