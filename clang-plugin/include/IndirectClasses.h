//===- IndirectClasses.h - vtables of `declare target ... indirect` classes ===//
//
// A class is *indirect* when one of its own virtual functions is indirect
// (typically: the class is defined in a `begin declare target indirect`
// block, or in a plain `declare target` block: addDeviceVirtualAttrs), or
// when its vtable holds an indirect function and it declares no
// virtual function of its own without a device copy (an override of an
// indirect function, wherever declared, is indirect: addOverriderAttrs).
// Objects of such a class built on the host and mapped to a device
// hold the host vtable's address; the device must read its own copy of the
// vtable instead. This finds the vtables the translation unit owns, with
// every address point an object can hold, so that the pass registers each
// {host, device} pair in the FPTR table, and reports what cannot work.
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_INDIRECTCLASSES_H
#define OMP_INDIRECT_INDIRECTCLASSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace omp_indirect {

/// The vtable of one indirect class, to be registered by this unit.
struct FoundVTable {
  const clang::CXXRecordDecl *Class;
  std::string Symbol;             ///< Mangled vtable symbol, `_ZTV...`.
  std::vector<uint64_t> Offsets; ///< Byte offsets of its address points.
};

/// Classes derived from an indirect class outside any `declare target`
/// block: each virtual function that overrides an indirect one and has no
/// device copy of its own becomes indirect too (an implicit `declare target
/// ... indirect`), so that a host-built object of the derived class reaches
/// the device copy of its override, and the class, now indirect, registers
/// its vtable. A function so marked that this unit does not define gets its
/// device copy from the unit that defines it, where the same rule applies.
/// Call it before findIndirectFunctions and findIndirectVTables.
void addOverriderAttrs(clang::ASTContext &Ctx);

/// OpenMP 5.2: a virtual call on an object mapped from the host reaches the
/// device copy of the final overrider. So every virtual function that no
/// `indirect` clause names becomes indirect (an implicit `declare target
/// ... indirect`), and its class an indirect class that registers its
/// vtable, when it has a host and a device copy (a plain `declare target`
/// block, `device_type(any)`, `declare target to/enter` naming it), or when
/// it has no directive but its class is, or derives from, one of \p Called
/// (device code calls their members virtually: DeviceCalls.h) and every
/// virtual function the class declares is defined in this unit or has a
/// device copy. Destructors keep their attributes, as addOverriderAttrs
/// leaves them. Call it before addOverriderAttrs.
void addDeviceVirtualAttrs(
    clang::ASTContext &Ctx,
    const llvm::DenseSet<const clang::CXXRecordDecl *> &Called);

/// Every indirect class whose vtable this unit emits (no key function, or
/// the key function defined here), in declaration order. Warns, with
/// their locations, about a virtual function of such a class that may have
/// no device copy, and about an indirect class template never instantiated.
std::vector<FoundVTable> findIndirectVTables(clang::ASTContext &Ctx);

} // namespace omp_indirect

#endif // OMP_INDIRECT_INDIRECTCLASSES_H
