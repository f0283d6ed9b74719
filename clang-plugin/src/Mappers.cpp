//===- Mappers.cpp - find and check `declare mapper` declarations ---------===//
//
// clang-16 already rejects a mapper on a type that is not a struct, union or
// class, two mappers with one identifier for one type in one scope (the only
// way two visible mappers can both apply: an inner scope's mapper hides an
// outer one), and a `mapper(id)` modifier that names no visible mapper. It
// lets one thing through: a mapper whose expansion never ends, because an item
// maps (through a pointer) a value of a type whose mapper leads back to it,
// such as `declare mapper(S s) map(s, s.next[0:1])`. By the specification the
// default mapper of `struct S` applies to `s.next[0:1]` again, without end.
// clang-16 instead looks mappers up while the mapper is still being declared,
// so it silently maps such items one level deep, with no mapper: a deep copy
// that quietly stops. We report the cycle as an error at the item that closes
// it, with a note for each mapper on the way; a named mapper that does not
// recurse (`map(mapper(shallow), tofrom: s.next[0:1])`) expresses the
// one-level copy explicitly.
//
//===----------------------------------------------------------------------===//
#include "Mappers.h"
#include "ClangCompat.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace omp_indirect {
namespace {

/// A use, inside a mapper, of another mapper (or of itself).
struct Edge {
  const OMPDeclareMapperDecl *To;
  const Expr *Item;
};

class MapperWalker : public RecursiveASTVisitor<MapperWalker> {
public:
  explicit MapperWalker(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitOMPDeclareMapperDecl(OMPDeclareMapperDecl *D) {
    Order.push_back(D);
    MapperRecord R;
    R.Id = D->getDeclName() ? D->getDeclName().getAsString() : "default";
    R.Type = D->getType().getCanonicalType().getAsString();
    for (const OMPClause *C : D->clauselists()) {
      const auto *MC = dyn_cast<OMPMapClause>(C);
      if (!MC)
        continue;
      std::string MapType = getOpenMPSimpleClauseTypeName(
          llvm::omp::OMPC_map, MC->getMapType());
      auto Mappers = MC->mapperlists().begin();
      for (const Expr *E : clauseVars(*MC)) {
        R.Items.push_back({text(E), MapType});
        Uses.push_back({D, E, *Mappers++});
      }
    }
    if (!D->getDeclName() || D->getDeclName().getAsString() == "default")
      Defaults[D->getType().getCanonicalType().getUnqualifiedType().getTypePtr()]
          .push_back(D);
    Records.push_back(std::move(R));
    return true;
  }

  /// Reports every cycle once, at the item that closes it.
  void diagnoseCycles() {
    for (const Use &U : Uses)
      addEdges(U);
    for (const OMPDeclareMapperDecl *D : Order)
      if (!Done.count(D))
        visit(D);
  }

  std::vector<MapperRecord> Records;

private:
  /// A map clause item of a mapper, with the mapper clang resolved for it.
  struct Use {
    const OMPDeclareMapperDecl *From;
    const Expr *Item;
    const Expr *Mapper;
  };

  /// The type whose mapper applies to \p E: the element type of an array
  /// section, else the type of the item.
  static QualType mappedType(const Expr *E) {
    QualType T = E->getType();
    if (const auto *AS = dyn_cast<ArraySection>(E->IgnoreParens())) {
      QualType Base =
          ArraySection::getBaseOriginalType(AS->getBase()->IgnoreParens());
      if (Base->isAnyPointerType() || Base->isArrayType())
        T = QualType(Base->getPointeeOrArrayElementType(), 0);
    }
    return T.getCanonicalType().getUnqualifiedType();
  }

  /// The mappers item \p U leads to, by the specification: the one named in
  /// its mapper modifier, else every default mapper of its type (the
  /// declaring mapper itself included). The mapper variable itself maps
  /// without a mapper.
  void addEdges(const Use &U) {
    const auto *Self = dyn_cast<DeclRefExpr>(U.Item->IgnoreParenImpCasts());
    const auto *Var = dyn_cast<DeclRefExpr>(U.From->getMapperVarRef());
    if (Self && Var && Self->getDecl() == Var->getDecl())
      return;
    if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(U.Mapper))
      if (const auto *To = dyn_cast<OMPDeclareMapperDecl>(Ref->getDecl())) {
        if (To->getDeclName() && To->getDeclName().getAsString() != "default") {
          Edges[U.From].push_back({To, U.Item});
          return;
        }
      }
    QualType T = mappedType(U.Item);
    if (!T->isRecordType())
      return;
    auto It = Defaults.find(T.getTypePtr());
    if (It == Defaults.end())
      return;
    for (const OMPDeclareMapperDecl *To : It->second)
      Edges[U.From].push_back({To, U.Item});
  }

  std::string text(const Expr *E) {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }

  void visit(const OMPDeclareMapperDecl *D) {
    OnPath[D] = Path.size();
    for (const Edge &E : Edges.lookup(D)) {
      auto It = OnPath.find(E.To);
      if (It != OnPath.end()) {
        report(E, It->second);
        continue;
      }
      if (Done.count(E.To))
        continue;
      Path.push_back(E);
      visit(E.To);
      Path.pop_back();
    }
    OnPath.erase(D);
    Done.insert(D);
  }

  void report(const Edge &Closing, size_t Start) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    unsigned Err = DE.getCustomDiagID(
        DiagnosticsEngine::Error,
        "'declare mapper' for %0 would expand itself forever: '%1' maps %3 "
        "with mapper '%2' again (clang-16 would silently stop after one "
        "level; name a mapper that does not recurse to copy one level)");
    unsigned Note = DE.getCustomDiagID(
        DiagnosticsEngine::Note, "'%0' is mapped with mapper '%1' for %2 here");
    auto Name = [](const OMPDeclareMapperDecl *M) {
      return M->getDeclName() ? M->getDeclName().getAsString()
                              : std::string("default");
    };
    const OMPDeclareMapperDecl *Target = Closing.To;
    DE.Report(Closing.Item->getExprLoc(), Err)
        << Target->getType() << text(Closing.Item) << Name(Target)
        << Target->getType() << Closing.Item->getSourceRange();
    for (size_t I = Start; I < Path.size(); ++I)
      DE.Report(Path[I].Item->getExprLoc(), Note)
          << text(Path[I].Item) << Name(Path[I].To) << Path[I].To->getType();
  }

  ASTContext &Ctx;
  std::vector<const OMPDeclareMapperDecl *> Order;
  std::vector<Use> Uses;
  llvm::DenseMap<const Type *, std::vector<const OMPDeclareMapperDecl *>>
      Defaults;
  llvm::DenseMap<const OMPDeclareMapperDecl *, std::vector<Edge>> Edges;
  llvm::DenseMap<const OMPDeclareMapperDecl *, size_t> OnPath;
  llvm::DenseSet<const OMPDeclareMapperDecl *> Done;
  std::vector<Edge> Path;
};

} // namespace

std::vector<MapperRecord> checkMappers(ASTContext &Ctx) {
  MapperWalker W(Ctx);
  W.TraverseDecl(Ctx.getTranslationUnitDecl());
  W.diagnoseCycles();
  return std::move(W.Records);
}

} // namespace omp_indirect
