//===- IndirectFunctions.cpp - find `declare target ... indirect` functions ===//
//
// The attribute clang attaches for `declare target` carries the `indirect`
// clause in two ways: getIndirect() is true for a bare `indirect`, and for
// `indirect(expr)` it is false and getIndirectExpr() holds the expression,
// which we evaluate here. Clang keeps one attribute per directive level: a
// `begin declare target` block gives its functions an attribute whose level
// is the block's nesting depth, an explicit `declare target to(...)` one of
// level UINT_MAX. The spec says that when two directives that both carry
// `indirect` name a function, the outer one has no effect for it; so the
// attribute of the highest level that has an `indirect` clause decides, and
// one without the clause never overrides an outer `indirect` (see
// docs/indirect-forms.md). For blocks inside blocks clang keeps only the
// innermost block's attribute; addEnclosingBlockAttrs adds the others from
// the directives the plugin recorded.
//
//===----------------------------------------------------------------------===//
#include "IndirectFunctions.h"
#include "ClangCompat.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace omp_indirect {

bool hasIndirectClause(const OMPDeclareTargetDeclAttr &A) {
  return A.getIndirect() || A.getIndirectExpr();
}

std::optional<bool> indirectValue(const OMPDeclareTargetDeclAttr &A,
                                  const ASTContext &Ctx) {
  if (A.getIndirect())
    return true;
  const Expr *E = A.getIndirectExpr();
  if (!E)
    return false;
  bool Result = false;
  if (E->isValueDependent() || !E->EvaluateAsBooleanCondition(Result, Ctx))
    return std::nullopt;
  return Result;
}

const OMPDeclareTargetDeclAttr *decidingAttr(const FunctionDecl &FD) {
  const OMPDeclareTargetDeclAttr *Decider = nullptr;
  // Attributes are inherited by later declarations, so the most recent one
  // carries them all. Of two at one level (an inherited copy), the first.
  for (const auto *A :
       FD.getMostRecentDecl()->specific_attrs<OMPDeclareTargetDeclAttr>())
    if (hasIndirectClause(*A) &&
        (!Decider || A->getLevel() > Decider->getLevel()))
      Decider = A;
  return Decider;
}

std::optional<bool> isIndirect(const FunctionDecl &FD, ASTContext &Ctx) {
  const OMPDeclareTargetDeclAttr *A = decidingAttr(FD);
  if (!A)
    return false;
  // `device_type(host)` on the active directive: there is no device copy.
  std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DT =
      OMPDeclareTargetDeclAttr::getDeviceType(FD.getMostRecentDecl());
  if (DT && *DT == OMPDeclareTargetDeclAttr::DT_Host)
    return false;
  return indirectValue(*A, Ctx);
}

bool hasDeviceCopy(const FunctionDecl &FD) {
  std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DT =
      OMPDeclareTargetDeclAttr::getDeviceType(FD.getMostRecentDecl());
  return DT && *DT != OMPDeclareTargetDeclAttr::DT_Host;
}

bool hasBothCopies(const FunctionDecl &FD) {
  std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DT =
      OMPDeclareTargetDeclAttr::getDeviceType(FD.getMostRecentDecl());
  return DT && *DT == OMPDeclareTargetDeclAttr::DT_Any;
}

void markIndirect(ASTContext &Ctx, FunctionDecl &FD) {
  FD.addAttr(OMPDeclareTargetDeclAttr::CreateImplicit(
      Ctx, OMPDeclareTargetDeclAttr::MT_To, OMPDeclareTargetDeclAttr::DT_Any,
      /*IndirectExpr=*/nullptr, /*Indirect=*/true, /*Level=*/0,
      FD.getSourceRange()));
}

bool inheritDeclareTarget(ASTContext &Ctx, FunctionDecl &Def) {
  bool Added = false;
  for (const auto *A : Def.getMostRecentDecl()
                           ->specific_attrs<OMPDeclareTargetDeclAttr>()) {
    bool Has = llvm::any_of(
        Def.specific_attrs<OMPDeclareTargetDeclAttr>(), [&](const auto *B) {
          return B->getLevel() == A->getLevel() &&
                 B->getRange() == A->getRange();
        });
    if (Has)
      continue;
    OMPDeclareTargetDeclAttr *Copy = A->clone(Ctx);
    Copy->setInherited(true);
    Def.addAttr(Copy);
    Added = true;
  }
  return Added;
}

namespace {
/// The most recent declaration of every function, and for each block the
/// first attribute clang made for it.
class BlockAttrCollector : public RecursiveASTVisitor<BlockAttrCollector> {
public:
  BlockAttrCollector(const DirectiveLog &Log) {
    for (size_t I = 0; I < Log.Blocks.size(); ++I)
      BlockAt[Log.Blocks[I].TargetLoc.getRawEncoding()] = I;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    FunctionDecl *Latest = FD->getMostRecentDecl();
    if (!Seen.insert(Latest).second)
      return true;
    Functions.push_back(Latest);
    for (const auto *A : Latest->specific_attrs<OMPDeclareTargetDeclAttr>())
      if (std::optional<int> B = blockOf(*A))
        FirstAttr.try_emplace(*B, A);
    return true;
  }
  /// The block that made \p A, if a block did.
  std::optional<int> blockOf(const OMPDeclareTargetDeclAttr &A) const {
    auto It = BlockAt.find(A.getRange().getBegin().getRawEncoding());
    if (A.getLevel() == ~0U || It == BlockAt.end())
      return std::nullopt;
    return It->second;
  }

  std::vector<FunctionDecl *> Functions;
  llvm::DenseMap<int, const OMPDeclareTargetDeclAttr *> FirstAttr;

private:
  llvm::DenseMap<unsigned, int> BlockAt;
  llvm::DenseSet<const FunctionDecl *> Seen;
};
} // namespace

void addEnclosingBlockAttrs(ASTContext &Ctx, const DirectiveLog &Log) {
  if (Log.Blocks.size() < 2)
    return;
  BlockAttrCollector C(Log);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (FunctionDecl *FD : C.Functions) {
    std::optional<int> Inner;
    for (const auto *A : FD->specific_attrs<OMPDeclareTargetDeclAttr>())
      if (std::optional<int> B = C.blockOf(*A))
        Inner = B;
    if (!Inner)
      continue;
    for (int P = Log.Blocks[*Inner].Parent; P >= 0; P = Log.Blocks[P].Parent) {
      const DeclareTargetBlock &B = Log.Blocks[P];
      if (!B.HasIndirect)
        continue;
      // The clause: bare, the expression clang kept for the block, or a
      // literal; none of those (a block with no function of its own and a
      // non-literal expression): leave it.
      Expr *E = nullptr;
      if (!B.IndirectArg.empty()) {
        if (const auto *Kept = C.FirstAttr.lookup(P))
          E = Kept->getIndirectExpr();
        else if (std::optional<bool> V = literalValue(B.IndirectArg))
          E = IntegerLiteral::Create(Ctx, llvm::APInt(32, *V), Ctx.IntTy,
                                     B.TargetLoc);
        if (!E)
          continue;
      }
      OMPDeclareTargetDeclAttr::DevTypeTy DT = OMPDeclareTargetDeclAttr::DT_Any;
      if (!B.DeviceType.empty())
        OMPDeclareTargetDeclAttr::ConvertStrToDevTypeTy(B.DeviceType, DT);
      FD->addAttr(OMPDeclareTargetDeclAttr::CreateImplicit(
          Ctx, OMPDeclareTargetDeclAttr::MT_To, DT, E, /*Indirect=*/!E,
          B.Depth, SourceRange(B.TargetLoc, B.TargetLoc)));
    }
  }
}

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
  if (FD.isDefined())
    return "";
  const auto *FT = FD.getType()->getAs<FunctionProtoType>();
  if (!FT)
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
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
      Named.insert(F->getCanonicalDecl());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (const auto *F = dyn_cast<FunctionDecl>(E->getMemberDecl()))
      Named.insert(F->getCanonicalDecl());
    return true;
  }

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
  /// True when the code of lambda class \p RD is indirect: the nearest
  /// enclosing function that is not itself a lambda's is, or, outside any
  /// function, the variable whose initializer holds the lambda is.
  bool lambdaIsIndirect(const CXXRecordDecl &RD) {
    for (const DeclContext *DC = RD.getDeclContext(); DC;
         DC = DC->getParent()) {
      const auto *FD = dyn_cast<FunctionDecl>(DC);
      if (!FD || isLambdaCallOperator(FD))
        continue;
      std::optional<bool> Indirect = isIndirect(*FD, Ctx);
      return Indirect && *Indirect;
    }
    return IndirectVars != 0;
  }

  /// True for a variable of an indirect block (or named by an indirect
  /// `declare target`).
  bool isIndirectVar(const VarDecl &VD) {
    for (const auto *A :
         VD.getMostRecentDecl()->specific_attrs<OMPDeclareTargetDeclAttr>())
      if (std::optional<bool> V = indirectValue(*A, Ctx); V && *V)
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
    std::optional<bool> Indirect = isIndirect(*Latest, Ctx);
    if (Indirect && *Indirect)
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
  std::string Id;
  llvm::raw_string_ostream OS(Id);
  OS << llvm::format_hex_no_prefix(llvm::xxHash64(Key), 16);
  return OS.str();
}

} // namespace omp_indirect
