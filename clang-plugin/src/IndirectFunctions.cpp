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
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/Format.h"
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
/// Visits every function of the translation unit in source order, template
/// instantiations and static member functions included.
class Walker : public RecursiveASTVisitor<Walker> {
public:
  explicit Walker(ASTContext &Ctx)
      : Ctx(Ctx), MC(Ctx.createMangleContext()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    visit(*FD);
    return true;
  }

  std::vector<FoundFunction> Found;

private:
  void visit(const FunctionDecl &FD) {
    const FunctionDecl *Canon = FD.getCanonicalDecl();
    if (FD.isDependentContext() || !Seen.insert(Canon).second)
      return;
    // A call through a plain function pointer cannot reach an instance
    // method (that takes a pointer to member).
    if (const auto *MD = dyn_cast<CXXMethodDecl>(&FD))
      if (MD->isInstance())
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
  W.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(W.Found);
}

std::string translationUnitId(ASTContext &Ctx,
                              const std::vector<FoundFunction> &Found,
                              const PreprocessorOptions &PPOpts) {
  // At its end, the presumed name of the main file is the original source,
  // also when the job compiles preprocessed output (-save-temps).
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getLocForEndOfFile(SM.getMainFileID()));
  std::string Key = PL.isValid() ? PL.getFilename() : "";
  if (auto FE = SM.getFileManager().getFile(Key)) {
    llvm::sys::fs::UniqueID U = (*FE)->getUniqueID();
    Key += ":" + std::to_string(U.getDevice()) + ":" +
           std::to_string(U.getFile());
  }
  // One file compiled twice into a program (different -D) must not give
  // two tables of one name.
  for (const auto &[Macro, IsUndef] : PPOpts.Macros)
    if (!StringRef(Macro).startswith("__"))
      Key += (IsUndef ? ":-U" : ":-D") + Macro;
  for (const FoundFunction &F : Found)
    Key += ":" + F.MangledName;
  std::string Id;
  llvm::raw_string_ostream OS(Id);
  OS << llvm::format_hex_no_prefix(llvm::xxHash64(Key), 16);
  return OS.str();
}

} // namespace omp_indirect
