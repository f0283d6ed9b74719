//===- StridedUpdates.h - strided sections in `target update` -------------===//
//
// USAGE: checkStridedUpdates(Ctx) once per translation unit, before code
// generation; it reports each strided section as an error.
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_STRIDEDUPDATES_H
#define OMP_INDIRECT_STRIDEDUPDATES_H

#include "clang/AST/ASTContext.h"

namespace omp_indirect {

/// Reports every array section with a stride other than 1 in the `to` and
/// `from` clauses of a `target update` (see StridedUpdates.cpp).
void checkStridedUpdates(clang::ASTContext &Ctx);

} // namespace omp_indirect

#endif // OMP_INDIRECT_STRIDEDUPDATES_H
