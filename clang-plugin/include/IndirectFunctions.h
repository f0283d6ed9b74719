//===- IndirectFunctions.h - find `declare target ... indirect` functions -===//
//
// Walks a translation unit and returns, in declaration order, every function
// that a `declare target` directive makes indirect: `to(...)`/`enter(...)`
// with `indirect` or `indirect(expr)`, and `begin declare target indirect`.
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_INDIRECTFUNCTIONS_H
#define OMP_INDIRECT_INDIRECTFUNCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace clang {
class PreprocessorOptions;
}

#include <optional>
#include <vector>

namespace omp_indirect {

/// One indirect function found in the translation unit.
struct FoundFunction {
  const clang::FunctionDecl *Decl; ///< Most recent declaration.
  std::string MangledName;         ///< Symbol name in IR.
};

/// Decides whether \p FD is indirect. Evaluates `indirect(expr)`, and
/// reports a non-constant expression as an error at the expression (then
/// returns std::nullopt).
std::optional<bool> isIndirect(const clang::FunctionDecl &FD,
                               clang::ASTContext &Ctx);

/// Every indirect function of the translation unit that must be registered
/// here: those defined in it and those referenced in it, in the order of
/// their first declaration.
std::vector<FoundFunction> findIndirectFunctions(clang::ASTContext &Ctx);

/// An identifier of the translation unit, equal in the host and the device
/// job: 16 hex digits hashing the original main file (name and inode), the
/// user's -D/-U options and the names in \p Found.
std::string translationUnitId(clang::ASTContext &Ctx,
                              const std::vector<FoundFunction> &Found,
                              const clang::PreprocessorOptions &PPOpts);

} // namespace omp_indirect

#endif // OMP_INDIRECT_INDIRECTFUNCTIONS_H
