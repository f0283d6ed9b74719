//===- FunctionTable.cpp - the unit's table of indirect functions ---------===//
//
// The walk that lists the unit's indirect functions with their IR names and
// signatures, the names of the lambdas of `declare target` variables, and
// the identifier that names the unit's table.
//
//===----------------------------------------------------------------------===//
#include "IndirectFunctions.h"
#include "ClangCompat.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace omp_indirect {
/// The IR type clang gives a C scalar or pointer, or "" for anything else.
static std::string irType(QualType T, ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (T->isVoidType())
    return "void";
  if (const auto *ET = T->getAs<EnumType>())
    T = ET->getDecl()->getIntegerType().getCanonicalType();
  if (T->isAnyPointerType() || T->isReferenceType())
    return "ptr";
  if (T->isBooleanType())
    return "i1";
  if (T->isIntegerType())
    return "i" + std::to_string(Ctx.getTypeSize(T));
  if (T->isSpecificBuiltinType(BuiltinType::Float))
    return "float";
  if (T->isSpecificBuiltinType(BuiltinType::Double))
    return "double";
  return "";
}

/// "ret(arg,arg,...)" for a function this unit only declares: the device
/// module then declares it with its real prototype, which nvlink checks.
/// "" when a type is not a scalar or a pointer (the pass then guesses).
static std::string irSignature(const FunctionDecl &FD, ASTContext &Ctx) {
  const auto *FT = FD.getType()->getAs<FunctionProtoType>();
  if (FD.isDefined() || !FT)
    return "";
  std::string Sig = irType(FT->getReturnType(), Ctx);
  if (Sig.empty())
    return "";
  Sig += "(";
  for (unsigned I = 0; I < FT->getNumParams(); ++I) {
    std::string P = irType(FT->getParamType(I), Ctx);
    if (P.empty() || P == "void")
      return "";
    Sig += (I ? "," : "") + P;
  }
  if (FT->isVariadic())
    Sig += FT->getNumParams() ? ",..." : "...";
  return Sig + ")";
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

  /// The functions named in code (called, or their address taken).
  bool VisitDeclRefExpr(DeclRefExpr *E) { return name(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return name(E->getMemberDecl()); }

  /// Counts the indirect variables whose initializers are being walked.
  bool TraverseVarDecl(VarDecl *VD) {
    bool Indirect = isIndirectVar(*VD);
    IndirectVars += Indirect;
    bool Continue = RecursiveASTVisitor::TraverseVarDecl(VD);
    IndirectVars -= Indirect;
    return Continue;
  }

  /// A captureless lambda written where its code is indirect (in an
  /// indirect function, or in the initializer of a variable of an indirect
  /// block) converts to a pointer to its static invoker, `__invoke`, a
  /// function the source never names: each invoker the unit uses (one per
  /// call signature of a generic lambda) is registered as indirect.
  bool VisitLambdaExpr(LambdaExpr *LE) {
    const CXXRecordDecl *RD = LE->getLambdaClass();
    if (!RD || RD->isDependentContext() || !lambdaIsIndirect(*RD))
      return true;
    for (const NamedDecl *ND : RD->lookup(&Ctx.Idents.get("__invoke"))) {
      if (const auto *M = dyn_cast<CXXMethodDecl>(ND))
        visitInvoker(*M);
      else if (const auto *T = dyn_cast<FunctionTemplateDecl>(ND))
        for (const FunctionDecl *Spec : T->specializations())
          visitInvoker(*Spec);
    }
    return true;
  }

  /// What the walk found, in order: only functions this unit defines or
  /// names in its code belong in its table. Not Sema's "referenced" bit:
  /// the device job also sets it for the virtual functions of a vtable it
  /// marks used (a mapped object's class), the host job does not, and the
  /// two tables must agree. Whether code names a function is known only at
  /// the end of the walk.
  std::vector<FoundFunction> take() {
    llvm::erase_if(Found, [&](const FoundFunction &F) {
      return !F.Decl->isDefined() &&
             !Named.contains(F.Decl->getCanonicalDecl());
    });
    return std::move(Found);
  }

private:
  bool name(const ValueDecl *D) {
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      Named.insert(F->getCanonicalDecl());
    return true;
  }

  /// True when the code of lambda class \p RD is indirect: the nearest
  /// enclosing function that is not itself a lambda's is, or, outside any
  /// function, the variable whose initializer holds the lambda is.
  bool lambdaIsIndirect(const CXXRecordDecl &RD) {
    for (const DeclContext *DC = RD.getDeclContext(); DC;
         DC = DC->getParent()) {
      const auto *FD = dyn_cast<FunctionDecl>(DC);
      if (!FD || isLambdaCallOperator(FD))
        continue;
      return isIndirect(*FD, Ctx).value_or(false);
    }
    return IndirectVars != 0;
  }

  /// True for a variable of an indirect block (or named by an indirect
  /// `declare target`).
  bool isIndirectVar(const VarDecl &VD) {
    for (const auto *A :
         VD.getMostRecentDecl()->specific_attrs<OMPDeclareTargetDeclAttr>())
      if (indirectValue(*A, Ctx).value_or(false))
        return true;
    return false;
  }

  /// Registers the static invoker \p FD of an indirect lambda if the unit
  /// uses it (a conversion to a function pointer defines it).
  void visitInvoker(const FunctionDecl &FD) {
    if (FD.isDependentContext() || !FD.isUsed() ||
        !Seen.insert(FD.getCanonicalDecl()).second)
      return;
    Found.push_back({&FD, mangledName(FD, *MC), irSignature(FD, Ctx)});
  }

  void visit(const FunctionDecl &FD) {
    const FunctionDecl *Canon = FD.getCanonicalDecl();
    if (FD.isDependentContext() || !Seen.insert(Canon).second)
      return;
    // Instance methods are registered too: a pointer to member function
    // holds the host address of a non-virtual one, and a device vtable slot
    // holds the device copy of a virtual one (IndirectClasses.cpp). No
    // pointer can name a constructor or destructor, and a pure virtual
    // function without a body has no copy to register.
    if (isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD))
      return;
    if (isPureVirtual(FD) && !FD.getMostRecentDecl()->isDefined())
      return;
    const FunctionDecl *Latest = FD.getMostRecentDecl();
    if (isIndirect(*Latest, Ctx).value_or(false))
      Found.push_back(
          {Latest, mangledName(*Latest, *MC), irSignature(*Latest, Ctx)});
  }

  ASTContext &Ctx;
  std::unique_ptr<MangleContext> MC;
  std::vector<FoundFunction> Found;
  llvm::DenseSet<const FunctionDecl *> Seen, Named;
  unsigned IndirectVars = 0;
};
} // namespace

std::vector<FoundFunction> findIndirectFunctions(ASTContext &Ctx) {
  Walker W(Ctx);
  W.TraverseDecl(Ctx.getTranslationUnitDecl());
  return W.take();
}

namespace {
/// The lambdas of an initializer, not those inside another lambda's body
/// (which have their enclosing call operator as mangling context).
struct InitializerLambdas : RecursiveASTVisitor<InitializerLambdas> {
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    Found.push_back(LE);
    return true;
  }
  std::vector<LambdaExpr *> Found;
};
} // namespace

void nameLambdasOfVariable(VarDecl &VD) {
  if (!VD.hasGlobalStorage() || !VD.getDeclContext()->isFileContext() ||
      !VD.getInit() || !VD.hasAttr<OMPDeclareTargetDeclAttr>())
    return;
  InitializerLambdas L;
  L.TraverseStmt(VD.getInit());
  unsigned Number = 0;
  for (LambdaExpr *LE : L.Found) {
    CXXRecordDecl *RD = LE->getLambdaClass();
    if (RD && !RD->getLambdaContextDecl() && !RD->getLambdaManglingNumber())
      setLambdaContext(*RD, ++Number, &VD);
  }
}

std::string translationUnitId(ASTContext &Ctx,
                              const std::vector<FoundFunction> &Found,
                              const PreprocessorOptions &PPOpts,
                              const HeaderSearchOptions &HSOpts) {
  // At its end, the presumed name of the main file is the original source,
  // also when the job compiles preprocessed output (-save-temps).
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getLocForEndOfFile(SM.getMainFileID()));
  std::string Key = PL.isValid() ? PL.getFilename() : "";
  if (auto FE = SM.getFileManager().getOptionalFileRef(Key)) {
    llvm::sys::fs::UniqueID U = FE->getUniqueID();
    Key += ":" + std::to_string(U.getDevice()) + ":" +
           std::to_string(U.getFile());
  }
  // One file compiled twice into a program (different -D) must not give
  // two tables of one name.
  for (const auto &[Macro, IsUndef] : PPOpts.Macros)
    if (!StringRef(Macro).starts_with("__"))
      Key += (IsUndef ? ":-U" : ":-D") + Macro;
  // Nor with different headers (-Iv1 and -Iv2, or -include v1/cfg.h). Only
  // what the user gives, which the driver passes to both jobs alike: the
  // device job adds system directories and clang's own `-include
  // __clang_openmp_device_functions.h` of its own.
  for (const HeaderSearchOptions::Entry &E : HSOpts.UserEntries)
    if (E.Group == frontend::Quoted || E.Group == frontend::Angled ||
        E.Group == frontend::After)
      Key += ":-I" + std::to_string(E.Group) + E.Path;
  for (const auto *List : {&PPOpts.Includes, &PPOpts.MacroIncludes})
    for (const std::string &Inc : *List)
      if (!llvm::sys::path::filename(Inc).starts_with("__clang"))
        Key += ":-include" + Inc;
  for (const FoundFunction &F : Found)
    Key += ":" + F.MangledName;
  return llvm::utohexstr(llvm::xxHash64(Key), /*LowerCase=*/true, 16);
}

} // namespace omp_indirect
