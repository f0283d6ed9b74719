//===- ClangCompat.h - the clang API differences between 16, 19 and 22 ---===//
//
// omp-indirect builds against clang 16, 19 and 22. Every spelling that
// differs between them lives here, so no other file names a version (the
// LLVM-only differences of the pass live in llvm-pass/include/LLVMCompat.h).
// What does not differ (OMPDeclareTargetDeclAttr, CodeGenOptions::PassPlugins,
// StringRef::starts_with, FileManager::getOptionalFileRef) is used directly.
//
// USAGE: #include "ClangCompat.h"
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_CLANGCOMPAT_H
#define OMP_INDIRECT_CLANGCOMPAT_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR < 19
#include "clang/AST/ExprOpenMP.h"
#endif

#include <string>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace omp_indirect {

/// The expression class of an array section `a[lo:len]`: clang 16 calls it
/// OMPArraySectionExpr, clang 19 ArraySectionExpr (shared with OpenACC).
#if LLVM_VERSION_MAJOR >= 19
using ArraySection = clang::ArraySectionExpr;
#else
using ArraySection = clang::OMPArraySectionExpr;
#endif

/// True in the device compilation of an OpenMP offload program (clang 16's
/// LangOptions::OpenMPIsDevice, clang 19's OpenMPIsTargetDevice).
inline bool isOpenMPDeviceCompilation(const clang::LangOptions &LO) {
#if LLVM_VERSION_MAJOR >= 19
  return LO.OpenMPIsTargetDevice;
#else
  return LO.OpenMPIsDevice;
#endif
}

/// True for a pure virtual function (clang 16's FunctionDecl::isPure, clang
/// 19's isPureVirtual).
inline bool isPureVirtual(const clang::FunctionDecl &FD) {
#if LLVM_VERSION_MAJOR >= 19
  return FD.isPureVirtual();
#else
  return FD.isPure();
#endif
}

/// Gives lambda class \p RD the mangling number \p Number within variable
/// \p Context, keeping its internal linkage (clang 16's setLambdaMangling,
/// clang 19's setLambdaNumbering).
inline void setLambdaContext(clang::CXXRecordDecl &RD, unsigned Number,
                             clang::Decl *Context) {
#if LLVM_VERSION_MAJOR >= 19
  clang::CXXRecordDecl::LambdaNumbering N = RD.getLambdaNumbering();
  N.ContextDecl = Context;
  N.ManglingNumber = Number;
  N.HasKnownInternalLinkage = true;
  RD.setLambdaNumbering(N);
#else
  RD.setLambdaMangling(Number, Context, /*HasKnownInternalLinkage=*/true);
#endif
}

/// The variables a clause lists, `map(to: a, b)` or `to(a)` (clang 16 and
/// 19 call them varlists(), clang 22 varlist()).
template <typename ClauseT> inline auto clauseVars(const ClauseT &C) {
#if LLVM_VERSION_MAJOR >= 22
  return C.varlist();
#else
  return C.varlists();
#endif
}

/// A diagnostic at the location, and with the ID, of \p Info whose text is
/// \p Message (clang 16 and 19 take both from the diagnostic in flight,
/// which \p Info is; clang 22 builds a Diagnostic from its parts).
inline clang::Diagnostic diagnosticLike(const clang::Diagnostic &Info,
                                        llvm::StringRef Message) {
#if LLVM_VERSION_MAJOR >= 22
  static const clang::DiagnosticStorage NoArgs{};
  return clang::Diagnostic(Info.getDiags(), Info.getLocation(), Info.getID(),
                           NoArgs, Message);
#else
  return clang::Diagnostic(Info.getDiags(), Message);
#endif
}

/// Makes the code generator of this compilation run the pass. Clang 16 and
/// 19 load the pass plugins CodeGenOptions::PassPlugins names when they
/// build the pipeline, so this shared object, \p Self, goes there. Clang 22
/// loads them when the compilation starts, before a frontend plugin runs,
/// so \p Register goes into CodeGenOptions::PassBuilderCallbacks instead.
inline void addPassToCodeGen(clang::CodeGenOptions &CG, const std::string &Self,
                             void (*Register)(llvm::PassBuilder &)) {
#if LLVM_VERSION_MAJOR >= 22
  (void)Self;
  CG.PassBuilderCallbacks.push_back(Register);
#else
  (void)Register;
  if (!Self.empty() && !llvm::is_contained(CG.PassPlugins, Self))
    CG.PassPlugins.push_back(Self);
#endif
}

} // namespace omp_indirect

#endif // OMP_INDIRECT_CLANGCOMPAT_H
