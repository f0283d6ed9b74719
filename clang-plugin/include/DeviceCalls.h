//===- DeviceCalls.h - calls through pointers in code that runs on a device ===//
//
// Code that may run on a device: the bodies of target regions and of
// `declare target` functions (not `device_type(host)`), and every function
// defined in the unit that such code calls directly, transitively (clang
// gives those an implicit device copy). In it, two kinds of calls matter:
//  - any call through a pointer (a function pointer, a pointer to member, a
//    virtual call): the unit's device code goes through the lookup, so the
//    runtime uploads a table, an empty one if need be, so that a call to a
//    host address stops the program on the host-offload device instead of
//    running host code (docs/runtime.md);
//  - virtual calls: the class whose member is called, and every class
//    derived from it, must register its vtable for a host-built object to
//    reach the device copies (IndirectClasses.h, addDeviceVirtualAttrs).
// The host and the device job of a unit see the same AST, so they agree.
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_DEVICECALLS_H
#define OMP_INDIRECT_DEVICECALLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseSet.h"

namespace omp_indirect {

/// What the unit's device code calls through pointers.
struct DeviceCalls {
  /// Some code that may run on a device calls through a pointer.
  bool ThroughPointers = false;
  /// The classes (canonical declarations) whose virtual functions such code
  /// calls by virtual dispatch.
  llvm::DenseSet<const clang::CXXRecordDecl *> VirtualClasses;
};

/// Walks the unit's device code (see the file comment).
DeviceCalls findDeviceCalls(clang::ASTContext &Ctx);

} // namespace omp_indirect

#endif // OMP_INDIRECT_DEVICECALLS_H
