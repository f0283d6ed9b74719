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

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SetVector.h"

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
  if (!hasDeviceCopy(FD))
    return false;
  return indirectValue(*A, Ctx);
}

bool hasDeviceCopy(const FunctionDecl &FD) {
  return OMPDeclareTargetDeclAttr::getDeviceType(FD.getMostRecentDecl())
             .value_or(OMPDeclareTargetDeclAttr::DT_Host) !=
         OMPDeclareTargetDeclAttr::DT_Host;
}

bool hasBothCopies(const FunctionDecl &FD) {
  return OMPDeclareTargetDeclAttr::getDeviceType(FD.getMostRecentDecl()) ==
         OMPDeclareTargetDeclAttr::DT_Any;
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
    if (llvm::any_of(Def.specific_attrs<OMPDeclareTargetDeclAttr>(),
                     [&](const auto *B) {
                       return B->getLevel() == A->getLevel() &&
                              B->getRange() == A->getRange();
                     }))
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
    if (!Functions.insert(Latest))
      return true;
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

  llvm::SetVector<FunctionDecl *> Functions;
  llvm::DenseMap<int, const OMPDeclareTargetDeclAttr *> FirstAttr;

private:
  llvm::DenseMap<unsigned, int> BlockAt;
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

} // namespace omp_indirect
