//===- IndirectFunctions.h - find `declare target ... indirect` functions -===//
//
// Decides which functions `to(...)`/`enter(...)` with `indirect` or
// `indirect(expr)`, or `begin declare target indirect`, make indirect, also
// under nested directives (IndirectFunctions.cpp), and walks a translation
// unit to list, in declaration order, those it registers (FunctionTable.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_INDIRECTFUNCTIONS_H
#define OMP_INDIRECT_INDIRECTFUNCTIONS_H

#include "DeclareTargetDirectives.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

namespace clang {
class HeaderSearchOptions;
class PreprocessorOptions;
} // namespace clang

#include <optional>
#include <vector>

namespace omp_indirect {

/// One indirect function found in the translation unit.
struct FoundFunction {
  const clang::FunctionDecl *Decl; ///< Most recent declaration.
  std::string MangledName;         ///< Symbol name in IR.
  std::string Signature; ///< IR signature when only declared here, else "".
};

/// \name The `indirect` clause behind one `declare target` attribute.
///{
/// True if the directive that made \p A had an `indirect` clause.
bool hasIndirectClause(const clang::OMPDeclareTargetDeclAttr &A);

/// The clause's value: true for a bare `indirect`, the value of
/// `indirect(expr)`, false without the clause; std::nullopt when the
/// expression cannot be evaluated.
std::optional<bool> indirectValue(const clang::OMPDeclareTargetDeclAttr &A,
                                  const clang::ASTContext &Ctx);

/// The attribute that decides whether \p FD is indirect: of those whose
/// directive has an `indirect` clause, the one of the highest level (an
/// explicit list beats the `begin declare target` block around it); null
/// when no directive naming \p FD has the clause.
const clang::OMPDeclareTargetDeclAttr *
decidingAttr(const clang::FunctionDecl &FD);
///}

/// Decides whether \p FD is indirect (see decidingAttr; a function whose
/// active directive says `device_type(host)` never is). Evaluates
/// `indirect(expr)`; returns std::nullopt when it cannot (clang-16 has then
/// already rejected the expression as not constant).
std::optional<bool> isIndirect(const clang::FunctionDecl &FD,
                               clang::ASTContext &Ctx);

/// Gives the definition \p Def the `declare target` attributes of the most
/// recent declaration that it lacks (attributes pass only to later
/// declarations, and the code generator reads the definition's). Returns
/// true if it added any.
bool inheritDeclareTarget(clang::ASTContext &Ctx, clang::FunctionDecl &Def);

/// Clang gives a declaration in nested `begin declare target` blocks the
/// attribute of the innermost block only. This adds, for each enclosing
/// block with an `indirect` clause, the attribute clang would have made for
/// it (at that block's level), so that decidingAttr also sees an outer
/// block's `indirect` when the inner block has none. Call it once, after
/// parsing and before findIndirectFunctions.
void addEnclosingBlockAttrs(clang::ASTContext &Ctx, const DirectiveLog &Log);

/// Gives \p FD an implicit `declare target ... indirect` (map type to, any
/// device), as a function declared in an indirect block has: for functions
/// the source cannot name in a directive (a lambda's static invoker, an
/// override declared outside the block).
void markIndirect(clang::ASTContext &Ctx, clang::FunctionDecl &FD);

/// \name The copies a `declare target` directive gives \p FD.
///{
/// A device copy: `declare target` with any device type but `host`.
bool hasDeviceCopy(const clang::FunctionDecl &FD);
/// A host and a device copy: `declare target` with `device_type(any)`.
bool hasBothCopies(const clang::FunctionDecl &FD);
///}

/// Every indirect function of the translation unit that must be registered
/// here: those defined in it and those its code names (calls, takes the
/// address of), and the static invokers of its indirect lambdas, in the
/// order of their first declaration.
std::vector<FoundFunction> findIndirectFunctions(clang::ASTContext &Ctx);

/// Lambdas written directly in the initializer of a namespace-scope
/// `declare target` variable have no mangling context, so the code generator
/// names them `$_N` in an order of its own, which the plugin cannot know.
/// Gives each such lambda of \p VD the variable as its context (and keeps
/// its internal linkage), so its static invoker gets one name,
/// `_ZN<var>MUl...E_8__invoke...`, in the plugin and in both jobs. Call it
/// from HandleTopLevelDecl, before the code generator sees \p VD.
void nameLambdasOfVariable(clang::VarDecl &VD);

/// An identifier of the translation unit, equal in the host and the device
/// job: 16 hex digits hashing the original main file (name and inode), the
/// user's -D/-U, -I/-iquote/-idirafter and -include/-imacros options, and
/// the names in \p Found. One file built in several configurations into
/// one program gets one identifier per configuration.
std::string translationUnitId(clang::ASTContext &Ctx,
                              const std::vector<FoundFunction> &Found,
                              const clang::PreprocessorOptions &PPOpts,
                              const clang::HeaderSearchOptions &HSOpts);

} // namespace omp_indirect

#endif // OMP_INDIRECT_INDIRECTFUNCTIONS_H
