//===- IndirectClasses.cpp - vtables of `declare target ... indirect` classes =//
//
// Objects built on the host and mapped to a device keep the host's vptr.
// For each indirect class whose vtable this unit emits, we list the vtable
// symbol and the byte offset of each address point (the values a vptr can
// hold: one per primary vtable of the group, from clang's Itanium vtable
// layout). The pass turns each into one FPTR entry, so the device table maps
// the host address point to the device one, and the device translates every
// vptr it dispatches through (docs/format.md, docs/design.md).
//
// Which unit registers a vtable: the one that emits it under the Itanium
// rules, that is the unit defining the key function, or every unit that
// sees the class when it has none (the vtable is then linkonce_odr, and the
// runtime drops the repeated pairs). The plugin has the code generator emit
// that vtable in the host and the device job alike.
//
// Before that, addDeviceVirtualAttrs makes the virtual functions of classes
// without `indirect` indirect when they have both copies (OpenMP 5.2: a
// plain `declare target` block) or get an implicit device copy (device code
// calls them virtually), and addOverriderAttrs makes every override of an
// indirect function indirect too, wherever its class is declared, so that
// classes derived outside the block work (docs/indirect-forms.md, section 7).
//
// Diagnostics (warnings): a virtual function in an indirect class's vtable
// that may have no device copy (neither `declare target` nor defined in the
// unit), a virtual function added without a device copy by a class derived
// from an indirect one (the class then gets no device vtable), and a class
// template whose members are indirect but which is never instantiated.
//
// USAGE: clang++ -fopenmp -fopenmp-version=51 -fplugin=libomp-indirect.so ...
//
//===----------------------------------------------------------------------===//
#include "ClangCompat.h"
#include "IndirectClasses.h"
#include "IndirectDiagnostics.h"
#include "IndirectFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/VTableBuilder.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace omp_indirect {

/// True if \p FD is indirect.
static bool isIndirectFn(const FunctionDecl &FD, ASTContext &Ctx) {
  std::optional<bool> I = isIndirect(FD, Ctx);
  return I && *I;
}

/// True if \p RD is an indirect class: one of its own virtual functions is
/// indirect, or it declares no virtual function of its own without a device
/// copy and its vtable holds an indirect one (a class that only combines
/// indirect bases, such as `struct M : L, R {};` in the block).
static bool isIndirectClass(const CXXRecordDecl &RD, ASTContext &Ctx,
                            const VTableLayout &L) {
  bool OwnHostOnly = false;
  for (const CXXMethodDecl *MD : RD.methods()) {
    if (!MD->isVirtual() || MD->isImplicit())
      continue;
    if (isIndirectFn(*MD, Ctx))
      return true;
    OwnHostOnly |= !hasDeviceCopy(*MD);
  }
  if (OwnHostOnly)
    return false;
  for (const VTableComponent &C : L.vtable_components())
    if (C.isUsedFunctionPointerKind() &&
        isIndirectFn(*cast<FunctionDecl>(C.getFunctionDecl()), Ctx))
      return true;
  return false;
}

/// True if this unit emits \p RD's vtable (see the file comment).
static bool ownsVTable(const CXXRecordDecl &RD, ASTContext &Ctx) {
  if (RD.getTemplateSpecializationKind() ==
      TSK_ExplicitInstantiationDeclaration)
    return false;
  if (const CXXMethodDecl *Key = Ctx.getCurrentKeyFunction(&RD))
    return Key->isDefined();
  return true;
}

namespace {
class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx)
      : Ctx(Ctx), MC(Ctx.createMangleContext()),
        VTC(cast<ItaniumVTableContext>(Ctx.getVTableContext())) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (!RD->isCompleteDefinition() || RD->isDependentContext() ||
        !RD->isDynamicClass() || !Seen.insert(RD->getCanonicalDecl()).second)
      return true;
    if (!isIndirectClass(*RD, Ctx, VTC->getVTableLayout(RD))) {
      warnHostOnlyVirtuals(*RD);
      return true;
    }
    if (!checkVTableFunctions(*RD) || !ownsVTable(*RD, Ctx))
      return true;
    FoundVTable V{RD, "", {}};
    llvm::raw_string_ostream OS(V.Symbol);
    cast<ItaniumMangleContext>(*MC).mangleCXXVTable(RD, OS);
    OS.flush();
    const VTableLayout &L = VTC->getVTableLayout(RD);
    uint64_t PtrBytes = Ctx.getTargetInfo().getPointerWidth(LangAS::Default) / 8;
    for (const auto &[Base, AP] : L.getAddressPoints())
      V.Offsets.push_back(
          (L.getVTableOffset(AP.VTableIndex) + AP.AddressPointIndex) *
          PtrBytes);
    llvm::sort(V.Offsets);
    V.Offsets.erase(std::unique(V.Offsets.begin(), V.Offsets.end()),
                    V.Offsets.end());
    Found.push_back(std::move(V));
    return true;
  }

  bool VisitClassTemplateDecl(ClassTemplateDecl *CTD) {
    const CXXRecordDecl *Pattern = CTD->getTemplatedDecl();
    if (!CTD->isThisDeclarationADefinition() || !Pattern ||
        !CTD->specializations().empty())
      return true;
    const CXXMethodDecl *Marked = nullptr;
    for (const CXXMethodDecl *MD : Pattern->methods())
      if (const FunctionDecl *Latest = MD->getMostRecentDecl())
        if (const OMPDeclareTargetDeclAttr *A = decidingAttr(*Latest))
          if (indirectValue(*A, Ctx).value_or(false)) {
            Marked = MD;
            break;
          }
    if (!Marked)
      return true;
    DiagnosticsEngine &D = Ctx.getDiagnostics();
    if (openmpTargetWarningEnabled(D, CTD->getLocation()))
      reportOpenMPTargetWarning(
          D, CTD->getLocation(),
          "class template %0 is 'declare target ... indirect' but never "
          "instantiated in this translation unit: none of its member "
          "functions is registered")
          << CTD;
    return true;
  }

  std::vector<FoundVTable> Found;

private:
  /// \p RD is not indirect, but its vtable holds an indirect function of a
  /// base: it declares virtual functions without a device copy outside any
  /// `declare target` block. It gets no device vtable, so a virtual call on
  /// an object of it built on the host runs host code on the device (at -O1
  /// and above without the stop of the host-offload device). Warns at each
  /// such function.
  void warnHostOnlyVirtuals(const CXXRecordDecl &RD) {
    const CXXRecordDecl *Base = nullptr;
    for (const VTableComponent &C : VTC->getVTableLayout(&RD).vtable_components())
      if (C.isUsedFunctionPointerKind()) {
        const auto *FD = cast<CXXMethodDecl>(C.getFunctionDecl());
        if (isIndirectFn(*FD, Ctx)) {
          Base = FD->getParent();
          break;
        }
      }
    if (!Base)
      return;
    DiagnosticsEngine &D = Ctx.getDiagnostics();
    for (const CXXMethodDecl *MD : RD.methods()) {
      if (!MD->isVirtual() || MD->isImplicit() || hasDeviceCopy(*MD) ||
          !openmpTargetWarningEnabled(D, MD->getLocation()))
        continue;
      reportOpenMPTargetWarning(
          D, MD->getLocation(),
          "virtual function %0 has no device copy, so %1, derived from the "
          "'declare target ... indirect' class %2, gets no device vtable: a "
          "virtual call on a %1 built on the host runs host code on the "
          "device; declare %0 in a 'declare target' block")
          << MD << &RD << Base;
    }
  }

  /// Warns about each function in \p RD's vtable that may have no device
  /// copy: not `declare target` and not defined in this unit (clang gives
  /// one defined here an implicit device copy, as it does to any function
  /// device code references). False if a member of a class template was
  /// never instantiated here (its vtable is then not emitted here either).
  bool checkVTableFunctions(const CXXRecordDecl &RD) {
    const VTableLayout &L = VTC->getVTableLayout(&RD);
    llvm::DenseSet<const FunctionDecl *> Reported;
    for (const VTableComponent &C : L.vtable_components()) {
      if (!C.isUsedFunctionPointerKind())
        continue;
      const auto *FD = cast<FunctionDecl>(C.getFunctionDecl());
      if (isPureVirtual(*FD) || !Reported.insert(FD->getCanonicalDecl()).second)
        continue;
      if (!FD->isDefined() && FD->getTemplateInstantiationPattern())
        return false;
      if (FD->isDefined() || FD->isImplicit() || hasDeviceCopy(*FD))
        continue;
      DiagnosticsEngine &D = Ctx.getDiagnostics();
      if (!openmpTargetWarningEnabled(D, FD->getLocation()))
        continue;
      reportOpenMPTargetWarning(
          D, FD->getLocation(),
          "virtual function %0 is neither 'declare target' nor defined in "
          "this translation unit, but the device vtable of %1, a 'declare "
          "target ... indirect' class, needs its device copy: the device "
          "link fails unless another unit defines it in a 'declare target' "
          "block")
          << FD << &RD;
      D.Report(RD.getLocation(),
               D.getCustomDiagID(DiagnosticsEngine::Note, "%0 declared here"))
          << &RD;
    }
    return true;
  }

  ASTContext &Ctx;
  std::unique_ptr<MangleContext> MC;
  ItaniumVTableContext *VTC;
  llvm::DenseSet<const Decl *> Seen;
};
} // namespace

/// True if \p MD overrides, directly or not, an indirect function.
static bool overridesIndirect(const CXXMethodDecl &MD, ASTContext &Ctx) {
  for (const CXXMethodDecl *O : MD.overridden_methods())
    if (isIndirectFn(*O, Ctx) || overridesIndirect(*O, Ctx))
      return true;
  return false;
}

namespace {
class Overriders : public RecursiveASTVisitor<Overriders> {
public:
  explicit Overriders(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXMethodDecl(CXXMethodDecl *MD) {
    if (!MD->isVirtual() || MD->isImplicit() || MD->isDependentContext() ||
        isa<CXXDestructorDecl>(MD) || hasDeviceCopy(*MD) ||
        !overridesIndirect(*MD, Ctx))
      return true;
    markIndirect(Ctx, *MD->getMostRecentDecl());
    return true;
  }

private:
  ASTContext &Ctx;
};
} // namespace

// C has no classes: the walks below find nothing there, and each costs a
// walk of the whole translation unit.

void addOverriderAttrs(ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CPlusPlus)
    return;
  Overriders(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
}

namespace {
/// Virtual functions with a device copy, or of a class device code calls
/// virtually, that no directive made indirect.
class DeviceVirtuals : public RecursiveASTVisitor<DeviceVirtuals> {
public:
  DeviceVirtuals(ASTContext &Ctx,
                 const llvm::DenseSet<const CXXRecordDecl *> &Called)
      : Ctx(Ctx), Called(Called) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (!RD->isCompleteDefinition() || RD->isDependentContext() ||
        !RD->isDynamicClass())
      return true;
    bool Implicit = calledOnDevice(*RD) && allDefinedHere(*RD);
    for (CXXMethodDecl *MD : RD->methods()) {
      if (!MD->isVirtual() || MD->isImplicit() ||
          isa<CXXDestructorDecl>(MD))
        continue;
      FunctionDecl *Latest = MD->getMostRecentDecl();
      // `indirect(false)` on the function: the user's word stands.
      if (decidingAttr(*Latest))
        continue;
      // Only a function with both copies can be reached from a host vtable;
      // one without any directive gets its device copy implicitly.
      bool Directive = Latest->hasAttr<OMPDeclareTargetDeclAttr>();
      if (Directive ? hasBothCopies(*Latest) : Implicit)
        markIndirect(Ctx, *Latest);
    }
    return true;
  }

private:
  /// \p RD, or a base of it, is called by virtual dispatch on the device.
  bool calledOnDevice(const CXXRecordDecl &RD) const {
    if (Called.count(RD.getCanonicalDecl()))
      return true;
    return llvm::any_of(Called, [&](const CXXRecordDecl *C) {
      return RD.isDerivedFrom(C);
    });
  }
  /// Every virtual function \p RD declares has a device copy or a
  /// definition here (which gets an implicit one): marking them cannot ask
  /// the device link for a function no unit compiles for the device.
  static bool allDefinedHere(const CXXRecordDecl &RD) {
    return llvm::all_of(RD.methods(), [](const CXXMethodDecl *MD) {
      return !MD->isVirtual() || MD->isImplicit() || MD->isDefined() ||
             isPureVirtual(*MD) || hasDeviceCopy(*MD);
    });
  }

  ASTContext &Ctx;
  const llvm::DenseSet<const CXXRecordDecl *> &Called;
};
} // namespace

void addDeviceVirtualAttrs(
    ASTContext &Ctx, const llvm::DenseSet<const CXXRecordDecl *> &Called) {
  if (!Ctx.getLangOpts().CPlusPlus)
    return;
  DeviceVirtuals(Ctx, Called).TraverseDecl(Ctx.getTranslationUnitDecl());
}

std::vector<FoundVTable> findIndirectVTables(ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CPlusPlus ||
      !isa<ItaniumVTableContext>(Ctx.getVTableContext()))
    return {};
  Finder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(F.Found);
}

} // namespace omp_indirect
