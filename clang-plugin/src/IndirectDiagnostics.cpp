//===- IndirectDiagnostics.cpp - misuse of `declare target ... indirect` --===//
//
// Checks on the explicit `declare target` directives, which clang-16 lets
// through:
//  - `indirect` on a directive whose list names no function (only variables,
//    or a `link` clause): an error at the clause;
//  - a variable in the list of an `indirect` directive that also names
//    functions: a warning at the variable (-Wopenmp-target);
//  - a function in two explicit lists, one `indirect` and one not: clang
//    keeps the first directive's attribute and silently drops the later
//    one; an error at the later list item, a note at the earlier. When the
//    later `indirect(expr)` cannot be evaluated (clang dropped the only
//    copy of the expression), a warning says that it has no effect.
// Below OpenMP 5.1 clang rejects `indirect` as an unexpected clause; a note
// at the same place says which flag is missing.
//
// USAGE: clang -fopenmp -fopenmp-version=51 -fplugin=libomp-indirect.so ...
//
//===----------------------------------------------------------------------===//
#include "IndirectDiagnostics.h"
#include "ClangCompat.h"
#include "IndirectFunctions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace omp_indirect {

bool openmpTargetWarningEnabled(DiagnosticsEngine &Diags, SourceLocation Loc) {
  return !Diags.isIgnored(diag::warn_omp_not_in_target_context, Loc);
}

DiagnosticBuilder reportOpenMPTargetWarning(DiagnosticsEngine &Diags,
                                            SourceLocation Loc,
                                            StringRef Text) {
  DiagnosticsEngine::Level L =
      Diags.getDiagnosticLevel(diag::warn_omp_not_in_target_context, Loc);
  bool Error = L == DiagnosticsEngine::Error || L == DiagnosticsEngine::Fatal;
  std::string Msg = Text.str();
  if (Diags.getDiagnosticOptions().ShowOptionNames)
    Msg += Error ? " [-Werror,-Wopenmp-target]" : " [-Wopenmp-target]";
  unsigned ID = Diags.getDiagnosticIDs()->getCustomDiagID(
      Error ? DiagnosticIDs::Error : DiagnosticIDs::Warning, Msg);
  return Diags.Report(Loc, ID);
}

namespace {

/// A declaration with the explicit (`to`/`enter`/`link` list) attribute
/// clang kept for it.
struct Listed {
  const ValueDecl *Decl = nullptr;
  const OMPDeclareTargetDeclAttr *Attr = nullptr;
};

/// Every declaration with an explicit `declare target` attribute, by the
/// location of the attribute (the list item that made it) and by name.
class ExplicitAttrIndex : public RecursiveASTVisitor<ExplicitAttrIndex> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitVarDecl(VarDecl *D) { return add(D); }
  bool VisitFunctionDecl(FunctionDecl *D) { return add(D); }

  llvm::DenseMap<unsigned, Listed> ByLoc;
  llvm::StringMap<std::vector<Listed>> ByName;

private:
  bool add(ValueDecl *D) {
    for (const auto *A : D->specific_attrs<OMPDeclareTargetDeclAttr>()) {
      if (A->getLevel() != ~0U)
        continue;
      Listed L{cast<ValueDecl>(D->getCanonicalDecl()), A};
      if (!ByLoc.try_emplace(A->getRange().getBegin().getRawEncoding(), L)
               .second)
        continue; // An inherited copy.
      if (D->getIdentifier())
        ByName[D->getName()].push_back(L);
    }
    return true;
  }
};

class DirectiveChecker {
public:
  DirectiveChecker(ASTContext &Ctx, const DirectiveLog &Log)
      : Ctx(Ctx), Diags(Ctx.getDiagnostics()), Log(Log) {
    Index.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  void run() {
    // The value of every `indirect(expr)` clang kept an attribute for, by
    // spelling, for the directives whose attributes clang all dropped.
    for (const DeclareTargetDirective &D : Log.Lists)
      if (std::optional<bool> V = keptValue(D))
        BySpelling.try_emplace(spelling(D), *V);
    for (const DeclareTargetDirective &D : Log.Lists) {
      checkFunctionsListed(D);
      checkConflicts(D);
    }
  }

private:
  static std::string spelling(const DeclareTargetDirective &D) {
    std::string S;
    for (const std::string &T : D.IndirectArg)
      S += T + " ";
    return S;
  }

  /// True if \p Written (`f`, `ns::f`, `::ns::f`) can name \p D.
  static bool namedAs(const ValueDecl &D, StringRef Written) {
    std::string Qualified = D.getQualifiedNameAsString();
    Written.consume_front("::");
    return Qualified == Written ||
           StringRef(Qualified).ends_with(("::" + Written).str());
  }

  /// The declaration \p I names; Attr is null when clang dropped the item.
  std::optional<Listed> resolve(const DeclareTargetItem &I) const {
    auto It = Index.ByLoc.find(I.Loc.getRawEncoding());
    if (It != Index.ByLoc.end())
      return It->second;
    auto Named = Index.ByName.find(I.Name);
    if (Named == Index.ByName.end())
      return std::nullopt;
    std::optional<Listed> Found;
    for (const Listed &L : Named->second) {
      if (Found && Found->Decl == L.Decl)
        continue;
      if (Named->second.size() > 1 && !namedAs(*L.Decl, I.Written))
        continue;
      if (Found)
        return std::nullopt; // Ambiguous.
      Found = Listed{L.Decl, nullptr};
    }
    return Found;
  }

  /// The value of \p D's `indirect` clause from an attribute clang kept.
  std::optional<bool> keptValue(const DeclareTargetDirective &D) const {
    for (const DeclareTargetItem &I : D.Items) {
      auto It = Index.ByLoc.find(I.Loc.getRawEncoding());
      if (It != Index.ByLoc.end())
        return indirectValue(*It->second.Attr, Ctx);
    }
    return std::nullopt;
  }

  /// Whether \p D makes its functions indirect; std::nullopt if unknown.
  std::optional<bool> value(const DeclareTargetDirective &D) const {
    if (!D.HasIndirect)
      return false;
    if (D.IndirectArg.empty())
      return true;
    if (std::optional<bool> V = keptValue(D))
      return V;
    auto It = BySpelling.find(spelling(D));
    if (It != BySpelling.end())
      return It->second;
    return literalValue(D.IndirectArg);
  }

  /// `indirect` needs a function in the list; variables in the list of an
  /// `indirect` directive that names functions get a warning.
  void checkFunctionsListed(const DeclareTargetDirective &D) {
    if (!D.HasIndirect)
      return;
    std::vector<std::pair<const DeclareTargetItem *, const VarDecl *>> Vars;
    bool AnyFunction = false;
    for (const DeclareTargetItem &I : D.Items) {
      std::optional<Listed> L = resolve(I);
      if (!L)
        return; // Clang has reported the item.
      if (const auto *V = dyn_cast<VarDecl>(L->Decl))
        Vars.push_back({&I, V});
      else
        AnyFunction = true;
    }
    if (!AnyFunction) {
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "'indirect' clause on a 'declare target' directive whose list "
          "names no function; 'indirect' applies to functions only");
      Diags.Report(D.IndirectLoc, ID);
      return;
    }
    for (const auto &[I, V] : Vars)
      if (openmpTargetWarningEnabled(Diags, I->Loc))
        reportOpenMPTargetWarning(Diags, I->Loc,
                                  "'indirect' has no effect on variable %0")
            << V;
  }

  /// A function dropped from this directive because an earlier explicit
  /// list names it, with the other `indirect` value.
  void checkConflicts(const DeclareTargetDirective &D) {
    for (const DeclareTargetItem &I : D.Items) {
      std::optional<Listed> L = resolve(I);
      if (!L || L->Attr || !isa<FunctionDecl>(L->Decl))
        continue;
      const OMPDeclareTargetDeclAttr *First = nullptr;
      for (const auto *A : L->Decl->getMostRecentDecl()
                               ->specific_attrs<OMPDeclareTargetDeclAttr>())
        if (A->getLevel() == ~0U && !First)
          First = A;
      if (!First || !sameDeviceType(D, *First))
        continue; // Clang reports a device_type mismatch itself.
      std::optional<bool> Here = value(D);
      std::optional<bool> There = indirectValue(*First, Ctx);
      unsigned Note = Diags.getCustomDiagID(
          DiagnosticsEngine::Note, "%0 first listed in 'declare target' here");
      if (!Here || !There) {
        // An expression we cannot evaluate: clang ignores it for this
        // function, whatever its value.
        if (!openmpTargetWarningEnabled(Diags, I.Loc))
          continue;
        reportOpenMPTargetWarning(
            Diags, I.Loc,
            "the 'indirect' clause of this 'declare target' directive has no "
            "effect on %0, which an earlier one lists")
            << L->Decl;
        Diags.Report(First->getRange().getBegin(), Note) << L->Decl;
        continue;
      }
      if (*Here == *There)
        continue;
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "conflicting 'indirect' for %0: this 'declare target' directive "
          "%select{does not make it|makes it}1 indirect, an earlier one "
          "%select{does not|does}2, and clang keeps the earlier one");
      Diags.Report(I.Loc, ID) << L->Decl << *Here << *There;
      Diags.Report(First->getRange().getBegin(), Note) << L->Decl;
    }
  }

  static bool sameDeviceType(const DeclareTargetDirective &D,
                             const OMPDeclareTargetDeclAttr &A) {
    StringRef DT = D.DeviceType.empty() ? "any" : StringRef(D.DeviceType);
    return DT ==
           OMPDeclareTargetDeclAttr::ConvertDevTypeTyToStr(A.getDevType());
  }

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  const DirectiveLog &Log;
  ExplicitAttrIndex Index;
  llvm::StringMap<bool> BySpelling;
};

/// Forwards every diagnostic to the client clang set up (-verify included)
/// and adds, after clang's "unexpected 'indirect' clause" error, a note that
/// names the missing flag. The note reuses the error's location.
class VersionNoteClient : public DiagnosticConsumer {
public:
  VersionNoteClient(DiagnosticConsumer &Inner,
                    std::unique_ptr<DiagnosticConsumer> Owned)
      : Inner(Inner), Owned(std::move(Owned)) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Inner.BeginSourceFile(LO, PP);
    sync();
  }
  void EndSourceFile() override {
    Inner.EndSourceFile();
    sync();
  }
  void finish() override {
    Inner.finish();
    sync();
  }
  void clear() override {
    Inner.clear();
    sync();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Inner.IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    Inner.HandleDiagnostic(Level, Info);
    if (isUnexpectedIndirect(Info))
      Inner.HandleDiagnostic(
          DiagnosticsEngine::Note,
          diagnosticLike(Info,
                         "the 'indirect' clause needs OpenMP 5.1 or later: "
                         "compile with -fopenmp-version=51 (omp-indirect-clang "
                         "adds it when no version is given)"));
    sync();
  }

private:
  static bool isUnexpectedIndirect(const Diagnostic &Info) {
    return Info.getID() == diag::err_omp_declare_target_unexpected_clause &&
           Info.getNumArgs() > 0 &&
           Info.getArgKind(0) == DiagnosticsEngine::ak_std_string &&
           Info.getArgStdStr(0) == "indirect";
  }

  /// Clang reads the counts from the installed client.
  void sync() {
    NumErrors = Inner.getNumErrors();
    NumWarnings = Inner.getNumWarnings();
  }

  DiagnosticConsumer &Inner;
  std::unique_ptr<DiagnosticConsumer> Owned;
};

class DiagnosticsConsumer : public ASTConsumer {
public:
  DiagnosticsConsumer(std::shared_ptr<DirectiveLog> Log, bool Offload)
      : Log(std::move(Log)), Offload(Offload) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Below 5.1 clang rejects every `indirect` clause itself.
    if (Ctx.getLangOpts().OpenMP >= 51) {
      // Before anything asks whether a function is indirect, here and in
      // the consumers after this one.
      addEnclosingBlockAttrs(Ctx, *Log);
      checkDeclareTargetDirectives(Ctx, *Log);
    }
    if (Offload)
      warnHostAddressFlow(Ctx);
  }

private:
  std::shared_ptr<DirectiveLog> Log;
  bool Offload;
};

} // namespace

void checkDeclareTargetDirectives(ASTContext &Ctx, const DirectiveLog &Log) {
  DirectiveChecker(Ctx, Log).run();
}

std::unique_ptr<ASTConsumer>
createIndirectDiagnostics(CompilerInstance &CI, bool Offload,
                          std::shared_ptr<DirectiveLog> Log) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  if (CI.getLangOpts().OpenMP < 51 && Diags.getClient()) {
    DiagnosticConsumer &Inner = *Diags.getClient();
    std::unique_ptr<DiagnosticConsumer> Owned = Diags.takeClient();
    Diags.setClient(new VersionNoteClient(Inner, std::move(Owned)),
                    /*ShouldOwnClient=*/true);
  }
  return std::make_unique<DiagnosticsConsumer>(std::move(Log), Offload);
}

} // namespace omp_indirect
