//===- IndirectDiagnostics.h - misuse of `declare target ... indirect` ----===//
//
// The errors and warnings the plugin adds to clang-16's own: `indirect` on a
// directive that lists no function, a variable in an `indirect` list, one
// function in an indirect and a non-indirect explicit list, the OpenMP
// version `indirect` needs, and host addresses of functions that are not
// indirect flowing into target regions. docs/indirect-forms.md lists them
// next to the ones clang reports itself.
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_INDIRECTDIAGNOSTICS_H
#define OMP_INDIRECT_INDIRECTDIAGNOSTICS_H

#include "DeclareTargetDirectives.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"

#include <memory>

namespace clang {
class CompilerInstance;
}

namespace omp_indirect {

/// Prepares the checks before parsing (below OpenMP 5.1, adds the version
/// note to clang's error about `indirect`) and returns the consumer that
/// reports the rest at the end of the translation unit, from the directives
/// \p Log records meanwhile. \p Offload: the job compiles for offloading,
/// and no host job checked the same code before it, so host addresses
/// flowing into target regions are checked.
std::unique_ptr<clang::ASTConsumer>
createIndirectDiagnostics(clang::CompilerInstance &CI, bool Offload,
                          std::shared_ptr<DirectiveLog> Log);

/// Reports the directive misuses clang-16 lets through, for the explicit
/// directives in \p Log.
void checkDeclareTargetDirectives(clang::ASTContext &Ctx,
                                  const DirectiveLog &Log);

/// Warns where the address of a function that is not indirect is taken in a
/// function and flows into a target region of that function.
void warnHostAddressFlow(clang::ASTContext &Ctx);

/// \name Warnings in clang's -Wopenmp-target group.
/// A plugin cannot add a warning group, so its warnings follow the state of
/// clang's `openmp-target` group at \p Loc: -Wno-openmp-target, -Wno-openmp
/// or -w turn them off, -Werror(=openmp-target) makes them errors.
///{
/// True if such a warning at \p Loc would be shown.
bool openmpTargetWarningEnabled(clang::DiagnosticsEngine &Diags,
                                clang::SourceLocation Loc);

/// Reports \p Text at \p Loc as such a warning; check
/// openmpTargetWarningEnabled first.
clang::DiagnosticBuilder
reportOpenMPTargetWarning(clang::DiagnosticsEngine &Diags,
                          clang::SourceLocation Loc, llvm::StringRef Text);
///}

} // namespace omp_indirect

#endif // OMP_INDIRECT_INDIRECTDIAGNOSTICS_H
