//===- StridedUpdates.cpp - strided sections in `target update` -----------===//
//
// OpenMP 5.1 lets `target update` move a strided section, such as
// `update to(s.data[0:n/2:2])`: every second element. clang 16 and 19 accept
// the stride and then drop it: the update moves data[0:n/2] as one
// contiguous range, overwriting on the device (or on the host, for `from`)
// the elements the stride skips, with no word. The runtime never sees the
// stride, so nothing after the front end can put it right. We stop the
// compilation there instead, at the section, naming the directive: a
// silently wrong update is worse than a rejected one. A stride that is the
// constant 1 is a plain section and passes.
//
//===----------------------------------------------------------------------===//
#include "StridedUpdates.h"
#include "ClangCompat.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/Diagnostic.h"

using namespace clang;

namespace omp_indirect {
namespace {

class UpdateWalker : public RecursiveASTVisitor<UpdateWalker> {
public:
  explicit UpdateWalker(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitOMPTargetUpdateDirective(OMPTargetUpdateDirective *D) {
    for (const OMPClause *C : D->clauses()) {
      if (const auto *To = dyn_cast<OMPToClause>(C))
        for (const Expr *E : clauseVars(*To))
          check(E, "to");
      else if (const auto *From = dyn_cast<OMPFromClause>(C))
        for (const Expr *E : clauseVars(*From))
          check(E, "from");
    }
    return true;
  }

private:
  /// Reports each strided section within \p E (sections nest, one per
  /// dimension, and may sit under member accesses).
  void check(const Stmt *S, const char *Clause) {
    if (!S)
      return;
    if (const auto *Section = dyn_cast<ArraySection>(S)) {
      const Expr *Stride = Section->getStride();
      std::optional<llvm::APSInt> One =
          Stride ? Stride->getIntegerConstantExpr(Ctx) : std::nullopt;
      if (Stride && !(One && *One == 1))
        report(Section, Stride, Clause);
    }
    for (const Stmt *Child : S->children())
      check(Child, Clause);
  }

  void report(const Expr *Section, const Expr *Stride, const char *Clause) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    unsigned Err = DE.getCustomDiagID(
        DiagnosticsEngine::Error,
        "strided array section in '%0' of 'target update': clang %1 moves "
        "it as one contiguous range, over the elements the stride skips; "
        "update a section without a stride, or one per element");
    DE.Report(Stride->getExprLoc(), Err)
        << Clause << LLVM_VERSION_MAJOR << Section->getSourceRange();
  }

  ASTContext &Ctx;
};

} // namespace

void checkStridedUpdates(ASTContext &Ctx) {
  UpdateWalker(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace omp_indirect
