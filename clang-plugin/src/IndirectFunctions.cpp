//===- IndirectFunctions.cpp - find `declare target ... indirect` functions ===//
//
// The attribute clang attaches for `declare target` carries the `indirect`
// clause in two ways: getIndirect() is true for a bare `indirect`, and for
// `indirect(expr)` it is false and getIndirectExpr() holds the expression,
// which we evaluate here. When a function is marked by several directives
// (a `declare target` inside a `begin declare target` block), the attribute
// clang considers active, the innermost explicit one, decides.
//
//===----------------------------------------------------------------------===//
#include "IndirectFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace omp_indirect {

std::optional<bool> isIndirect(const FunctionDecl &FD, ASTContext &Ctx) {
  std::optional<OMPDeclareTargetDeclAttr *> A =
      OMPDeclareTargetDeclAttr::getActiveAttr(FD.getMostRecentDecl());
  if (!A || !*A)
    return false;
  if ((*A)->getIndirect())
    return true;
  const Expr *E = (*A)->getIndirectExpr();
  if (!E)
    return false;
  bool Result = false;
  if (E->isValueDependent() || !E->EvaluateAsBooleanCondition(Result, Ctx)) {
    DiagnosticsEngine &D = Ctx.getDiagnostics();
    unsigned ID = D.getCustomDiagID(
        DiagnosticsEngine::Error,
        "the argument of the 'indirect' clause of 'declare target' must be a "
        "constant expression");
    D.Report(E->getExprLoc(), ID) << E->getSourceRange();
    return std::nullopt;
  }
  return Result;
}

static std::string mangledName(const FunctionDecl &FD, MangleContext &MC) {
  if (!MC.shouldMangleDeclName(&FD))
    return FD.getName().str();
  std::string S;
  llvm::raw_string_ostream OS(S);
  MC.mangleName(GlobalDecl(&FD), OS);
  return OS.str();
}

namespace {
/// Visits the declarations of a context in source order.
class Walker {
public:
  Walker(ASTContext &Ctx)
      : Ctx(Ctx), MC(Ctx.createMangleContext()) {}

  void walk(const DeclContext &DC) {
    for (const Decl *D : DC.decls()) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        visit(*FD);
      else if (isa<LinkageSpecDecl, NamespaceDecl, ExportDecl>(D))
        walk(*cast<DeclContext>(D));
    }
  }

  std::vector<FoundFunction> Found;

private:
  void visit(const FunctionDecl &FD) {
    const FunctionDecl *Canon = FD.getCanonicalDecl();
    if (FD.isDependentContext() || !Seen.insert(Canon).second)
      return;
    const FunctionDecl *Latest = FD.getMostRecentDecl();
    // Only functions this unit defines or references belong in its table.
    bool Defined = Latest->isDefined();
    bool Referenced = false;
    for (const FunctionDecl *R : Latest->redecls())
      Referenced |= R->isReferenced();
    if (!Defined && !Referenced)
      return;
    std::optional<bool> Indirect = isIndirect(*Latest, Ctx);
    if (Indirect && *Indirect)
      Found.push_back({Latest, mangledName(*Latest, *MC)});
  }

  ASTContext &Ctx;
  std::unique_ptr<MangleContext> MC;
  llvm::DenseSet<const FunctionDecl *> Seen;
};
} // namespace

std::vector<FoundFunction> findIndirectFunctions(ASTContext &Ctx) {
  Walker W(Ctx);
  W.walk(*Ctx.getTranslationUnitDecl());
  return std::move(W.Found);
}

std::string translationUnitId(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Key;
  if (const FileEntry *FE = SM.getFileEntryForID(SM.getMainFileID())) {
    llvm::sys::fs::UniqueID U = FE->getUniqueID();
    Key = std::to_string(U.getDevice()) + ":" + std::to_string(U.getFile()) +
          ":" + FE->getName().str();
  }
  return llvm::utohexstr(llvm::xxHash64(Key), /*LowerCase=*/true);
}

} // namespace omp_indirect
