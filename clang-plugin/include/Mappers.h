//===- Mappers.h - find and check `declare mapper` declarations -----------===//
//
// Walks a translation unit for `declare mapper` declarations, records each
// (identifier, mapped type, map clause items with their map types) for the
// module metadata, and reports the misuse clang-16 lets through: a mapper
// that expands itself forever, directly or through nested mappers.
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_MAPPERS_H
#define OMP_INDIRECT_MAPPERS_H

#include "OmpIndirect.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace omp_indirect {

/// Records every `declare mapper` of the translation unit, in source order,
/// and reports recursive mappers as errors. Returns the records.
std::vector<MapperRecord> checkMappers(clang::ASTContext &Ctx);

} // namespace omp_indirect

#endif // OMP_INDIRECT_MAPPERS_H
