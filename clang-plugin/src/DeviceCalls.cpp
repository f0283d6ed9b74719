//===- DeviceCalls.cpp - calls through pointers in code that runs on a device //
//
// Finds the roots of the unit's device code (target regions, `declare
// target` functions), then follows direct calls to functions the unit
// defines, each function once, and records the calls through pointers and
// the classes called by virtual dispatch (DeviceCalls.h). A lambda's body
// is part of the expression that holds it, so it is walked where it is
// written.
//
// USAGE: clang++ -fopenmp -fopenmp-version=51 -fplugin=libomp-indirect.so ...
//
//===----------------------------------------------------------------------===//
#include "DeviceCalls.h"
#include "IndirectFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

#include <vector>

using namespace clang;

namespace omp_indirect {
namespace {

/// The roots: target regions anywhere, and `declare target` functions.
class Roots : public RecursiveASTVisitor<Roots> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
      Stmts.push_back(D);
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
        hasDeviceCopy(*FD))
      Functions.push_back(FD);
    return true;
  }
  std::vector<Stmt *> Stmts;
  std::vector<FunctionDecl *> Functions;
};

/// True if \p CE dispatches through the vtable: a virtual member called
/// without a qualifier, on an object whose class may be derived from.
bool isVirtualDispatch(const CallExpr &CE, const CXXMethodDecl &MD) {
  if (!MD.isVirtual() || MD.hasAttr<FinalAttr>() ||
      MD.getParent()->hasAttr<FinalAttr>())
    return false;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(&CE))
    if (const auto *ME =
            dyn_cast<MemberExpr>(MCE->getCallee()->IgnoreParenImpCasts()))
      return !ME->hasQualifier();
  return true; // An operator call.
}

/// Walks device code, queueing the functions it calls directly.
class Walker : public RecursiveASTVisitor<Walker> {
public:
  explicit Walker(DeviceCalls &Out) : Out(Out) {}

  bool VisitCallExpr(CallExpr *CE) {
    if (CE->isInstantiationDependent())
      return true; // A template's pattern: its instantiations are walked.
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD) {
      // A pseudo-destructor call or a builtin has no callee to dispatch.
      if (!CE->getCallee()->getType()->isSpecificBuiltinType(
              BuiltinType::BuiltinFn))
        Out.ThroughPointers = true;
      return true;
    }
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (isVirtualDispatch(*CE, *MD)) {
        Out.ThroughPointers = true;
        Out.VirtualClasses.insert(MD->getParent()->getCanonicalDecl());
        return true;
      }
    queue(FD);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    queue(CE->getConstructor());
    return true;
  }

  void queue(const FunctionDecl *FD) {
    const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
    if (Def && Seen.insert(Def).second)
      Todo.push_back(const_cast<FunctionDecl *>(Def));
  }

  llvm::DenseSet<const FunctionDecl *> Seen;
  std::vector<FunctionDecl *> Todo;

private:
  DeviceCalls &Out;
};

} // namespace

DeviceCalls findDeviceCalls(ASTContext &Ctx) {
  DeviceCalls Out;
  Roots R;
  R.TraverseDecl(Ctx.getTranslationUnitDecl());
  Walker W(Out);
  for (Stmt *S : R.Stmts)
    W.TraverseStmt(S);
  for (FunctionDecl *FD : R.Functions)
    W.queue(FD);
  while (!W.Todo.empty()) {
    FunctionDecl *FD = W.Todo.back();
    W.Todo.pop_back();
    W.TraverseStmt(FD->getBody());
  }
  return Out;
}

} // namespace omp_indirect
