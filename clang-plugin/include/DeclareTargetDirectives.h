//===- DeclareTargetDirectives.h - the explicit `declare target` lists ----===//
//
// Clang's AST keeps no node for a `declare target` directive: each list item
// gets an attribute located at the item, and an item already in an earlier
// explicit list is dropped without a trace. To tell which items one directive
// named, and with which clauses, we read the directives from the token stream
// the parser consumes (after macro expansion, so `_Pragma`, macros and
// backslash-newline continuations need no special care).
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_DECLARETARGETDIRECTIVES_H
#define OMP_INDIRECT_DECLARETARGETDIRECTIVES_H

#include "clang/Basic/SourceLocation.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace omp_indirect {

/// One list item of an explicit `declare target` directive.
struct DeclareTargetItem {
  std::string Name;          ///< The unqualified name.
  std::string Written;       ///< As written, qualifiers included.
  clang::SourceLocation Loc; ///< Of the name: where clang puts the attribute.
  bool Link = false;         ///< In a `link` clause.
};

/// One explicit `declare target` directive: one with a list of items (an
/// extended list or `to`, `enter` and `link` clauses).
struct DeclareTargetDirective {
  clang::SourceLocation Loc; ///< Of `#pragma` or `_Pragma`.
  std::vector<DeclareTargetItem> Items;
  bool HasIndirect = false;          ///< Has an `indirect` clause.
  clang::SourceLocation IndirectLoc; ///< Of the `indirect` keyword.
  /// The argument of `indirect(...)`, one spelling per expanded token;
  /// empty for a bare `indirect`.
  std::vector<std::string> IndirectArg;
  std::string DeviceType; ///< `any`, `host`, `nohost` or empty.
};

/// One block: `begin declare target` (or `declare target` without a list)
/// up to its `end declare target`. Its clauses are those of the directive
/// that opens it; it has no items.
struct DeclareTargetBlock : DeclareTargetDirective {
  /// Of its `target` keyword: clang's attributes for the declarations in
  /// the block are located there.
  clang::SourceLocation TargetLoc;
  unsigned Depth = 1; ///< Nesting depth, the level of those attributes.
  int Parent = -1;    ///< Index of the enclosing block; -1 for none.
};

/// The `declare target` directives of the translation unit, in source order,
/// and whether any `declare mapper` or `target update` directive came: the
/// walks that look for those are left out for a unit without one.
struct DirectiveLog {
  std::vector<DeclareTargetDirective> Lists; ///< The explicit ones.
  std::vector<DeclareTargetBlock> Blocks;
  bool SawMapper = false;
  bool SawUpdate = false;
};

/// The value of an `indirect(...)` argument that is a literal (`1`, `0x0`,
/// `true`, `(0)`; macros are expanded already); std::nullopt otherwise.
std::optional<bool> literalValue(const std::vector<std::string> &Arg);

/// Starts recording the directives \p PP hands to the parser into the
/// returned log (it installs the preprocessor's token watcher).
std::shared_ptr<DirectiveLog>
recordDeclareTargetDirectives(clang::Preprocessor &PP);

} // namespace omp_indirect

#endif // OMP_INDIRECT_DECLARETARGETDIRECTIVES_H
