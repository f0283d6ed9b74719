//===- ClangCompat.h - the clang API differences between 16 and 19 --------===//
//
// omp-indirect builds against clang 16 and clang 19. Every spelling that
// differs between the two lives here, so no other file names a version.
// What does not differ (OMPDeclareTargetDeclAttr, CodeGenOptions::PassPlugins,
// StringRef::starts_with) is used directly.
//
// USAGE: #include "ClangCompat.h"
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_CLANGCOMPAT_H
#define OMP_INDIRECT_CLANGCOMPAT_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR < 19
#include "clang/AST/ExprOpenMP.h"
#endif

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

} // namespace omp_indirect

#endif // OMP_INDIRECT_CLANGCOMPAT_H
