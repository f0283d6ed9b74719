//===- HostAddressFlow.cpp - host addresses of non-indirect functions ----===//
//
// Warns where host code takes the address of a function that is not
// `declare target ... indirect` and, within the same function, that address
// reaches a target region: through a variable the region uses (captured,
// firstprivate or mapped), an array or struct the region uses (initializer
// lists, `fps[i] = f`, a std::array's `a[i] = f`), or copies between such
// variables (`=`, a class's `operator=`). The result of a call, an
// overloaded operator's included, is not an address. A call through the
// pointer in the region would not reach a device copy: the device table has
// no entry for the function, so the call goes to the host address.
//
// Functions the unit only declares are not reported: the unit that defines
// one may make it indirect, and the device searches every unit's table.
//
// The analysis is local and syntactic: it follows assignments and
// initializers of the function's own variables made before the target
// directive (in source order) and outside any target region (an address
// taken in a region is a device address). The warning is in clang's
// -Wopenmp-target group (see IndirectDiagnostics.h).
//
// USAGE: clang -fopenmp -fopenmp-version=51 -fopenmp-targets=... \
//              -fplugin=libomp-indirect.so -fsyntax-only file.c
//
//===----------------------------------------------------------------------===//
#include "IndirectDiagnostics.h"
#include "IndirectFunctions.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace omp_indirect {
namespace {

/// A function address taken in host code: the reference and the function.
struct Site {
  const DeclRefExpr *Ref;
  const FunctionDecl *Fn;
};

bool isTargetRegion(const Stmt *S) {
  const auto *D = dyn_cast_or_null<OMPExecutableDirective>(S);
  return D && isOpenMPTargetExecutionDirective(D->getDirectiveKind());
}

/// The function addresses an expression evaluates to: references to
/// functions that are not called and not in a call's arguments or in an
/// unevaluated operand. Every call is skipped whole, its callee included:
/// an overloaded operator's (`&v[0]`, `*p`, `f(x)`, `a + b`) is a
/// DeclRefExpr of the operator function, and the visitor reaches such calls
/// through their own classes (CXXOperatorCallExpr, CXXMemberCallExpr, ...),
/// never through TraverseCallExpr, so the test is on the statement. A
/// lambda's body is a function of its own; of a lambda only the values it
/// captures can hold an address.
class AddressRefs : public RecursiveASTVisitor<AddressRefs> {
public:
  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (isa_and_nonnull<CallExpr>(S))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S, nullptr);
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    for (Expr *Init : L->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      Found.push_back({E, FD});
    return true;
  }
  std::vector<Site> Found;
};

/// The local variable an lvalue stores into: `v`, `v[i]`, `v.f`, `v[i].f`,
/// and `v[i]` of a class with `operator[]` (std::array).
const VarDecl *storedVar(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase();
    else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
             Op && Op->getOperator() == OO_Subscript)
      E = Op->getArg(0);
    else if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
      E = M->getBase();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->isLocalVarDeclOrParm() ? V : nullptr;
}

/// The variables a target region refers to, in its clauses or its body.
class RegionUses : public RecursiveASTVisitor<RegionUses> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Vars.insert(V->getCanonicalDecl());
    return true;
  }
  llvm::DenseSet<const VarDecl *> Vars;
};

/// One function body: where addresses go, and the target regions.
class BodyScan : public RecursiveASTVisitor<BodyScan> {
public:
  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (!isTargetRegion(S))
      return RecursiveASTVisitor::TraverseStmt(S, nullptr);
    Regions.push_back(cast<OMPExecutableDirective>(S));
    ++InRegion;
    bool R = RecursiveASTVisitor::TraverseStmt(S, nullptr);
    --InRegion;
    return R;
  }
  // Nested functions (lambdas, blocks) are scanned on their own.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }

  bool VisitVarDecl(VarDecl *V) {
    if (!InRegion && V->isLocalVarDecl() && V->getInit())
      flow(V->getInit(), V);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!InRegion && B->getOpcode() == BO_Assign)
      if (const VarDecl *V = storedVar(B->getLHS()))
        flow(B->getRHS(), V);
    return true;
  }
  /// An assignment of a class (a struct of pointers in C++): C's `=`.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (!InRegion && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      if (const VarDecl *V = storedVar(Op->getArg(0)))
        flow(Op->getArg(1), V);
    return true;
  }

  std::vector<const OMPExecutableDirective *> Regions;
  /// Addresses stored in each variable.
  llvm::MapVector<const VarDecl *, std::vector<Site>> Stored;
  /// Copies between variables: (to, from).
  std::vector<std::pair<const VarDecl *, const VarDecl *>> Copies;

private:
  void flow(Expr *Value, const VarDecl *To) {
    To = To->getCanonicalDecl();
    AddressRefs Refs;
    Refs.TraverseStmt(Value);
    auto &Sites = Stored[To];
    Sites.insert(Sites.end(), Refs.Found.begin(), Refs.Found.end());
    if (const VarDecl *From = storedVar(Value); From && From != To)
      Copies.push_back({To, From->getCanonicalDecl()});
  }

  unsigned InRegion = 0;
};

class Checker : public RecursiveASTVisitor<Checker> {
public:
  explicit Checker(ASTContext &Ctx) : Ctx(Ctx), Diags(Ctx.getDiagnostics()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
        !isLambdaCallOperator(FD))
      check(FD->getBody());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    if (!L->getCallOperator()->isDependentContext())
      check(L->getBody());
    return true;
  }

private:
  void check(Stmt *Body) {
    BodyScan Scan;
    Scan.TraverseStmt(Body);
    if (Scan.Regions.empty() || Scan.Stored.empty())
      return;
    propagateCopies(Scan);
    const SourceManager &SM = Ctx.getSourceManager();
    llvm::DenseSet<const DeclRefExpr *> Reported;
    for (const OMPExecutableDirective *R : Scan.Regions) {
      RegionUses Uses;
      Uses.TraverseStmt(const_cast<OMPExecutableDirective *>(R));
      for (const auto &[Var, Sites] : Scan.Stored) {
        if (!Uses.Vars.count(Var))
          continue;
        for (const Site &S : Sites) {
          if (!SM.isBeforeInTranslationUnit(S.Ref->getBeginLoc(),
                                            R->getBeginLoc()) ||
              !Reported.insert(S.Ref).second)
            continue;
          report(S, *R);
        }
      }
    }
  }

  /// Addresses stored in a variable reach the variables it is copied to.
  static void propagateCopies(BodyScan &Scan) {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[To, From] : Scan.Copies) {
        std::vector<Site> FromSites = Scan.Stored.lookup(From);
        auto &ToSites = Scan.Stored[To];
        for (const Site &S : FromSites)
          if (llvm::none_of(ToSites,
                            [&](const Site &T) { return T.Ref == S.Ref; })) {
            ToSites.push_back(S);
            Changed = true;
          }
      }
    }
  }

  /// A virtual function with a host and a device copy and no `indirect`
  /// clause: the plugin makes it indirect (addDeviceVirtualAttrs).
  static bool becomesIndirect(const FunctionDecl &FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(&FD);
    return MD && MD->isVirtual() && !decidingAttr(FD) && hasBothCopies(FD);
  }

  void report(const Site &S, const OMPExecutableDirective &R) {
    SourceLocation Loc = S.Ref->getExprLoc();
    // A function the unit does not define may be indirect in the unit that
    // does, whose table the device searches as well.
    if (!S.Fn->isDefined())
      return;
    std::optional<bool> Indirect = isIndirect(*S.Fn, Ctx);
    if ((Indirect && *Indirect) || becomesIndirect(*S.Fn) ||
        !openmpTargetWarningEnabled(Diags, Loc))
      return;
    reportOpenMPTargetWarning(
        Diags, Loc,
        "the address of %0 reaches a target region, but %0 is not "
        "'declare target ... indirect': a call through it there does not "
        "reach a device copy (-Wno-openmp-target turns this off)")
        << S.Fn;
    unsigned Note =
        Diags.getCustomDiagID(DiagnosticsEngine::Note, "target region here");
    Diags.Report(R.getBeginLoc(), Note);
  }

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
};

} // namespace

void warnHostAddressFlow(ASTContext &Ctx) {
  Checker(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace omp_indirect
