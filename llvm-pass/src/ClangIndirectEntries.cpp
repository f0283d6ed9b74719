//===- ClangIndirectEntries.cpp - keep clang's own indirect entries apart -===//
//
// Since LLVM 17 clang emits an offload entry of its own for every `indirect`
// function (flag OMP_DECLARE_TARGET_INDIRECT, 0x8), in libomptarget's entry
// section (LLVMCompat.h: its name and layout), and libomptarget maps the function's host address
// to its device address from it. Both sides name the entry after the
// function and the line of its definition only:
//
//   device: @__omp_offloading_<dev>_<file>_<fn>_l<line> = protected constant
//               ptr @fn
//           @.offloading.entry.<that name> = weak constant { ptr @<that
//               global>, ptr <"that name">, i64 8, i32 8, i32 0 }
//   host:   @.offloading.entry.<that name> = weak constant { ptr @fn, ptr
//               <"that name">, i64 8, i32 8, i32 0 }
//   both:   !omp_offload.info entry {i32 1, !"<that name>", i32 8, i32 order}
//
// (a GPU's device module has the global and the metadata but no entry). So
// one source compiled twice into one program (two sets of options), or
// a class with indirect members included in two units, defines the device
// global twice (ld and nvlink stop: "multiple definition"), and the weak
// host entries of the two units merge into one. This appends the unit's
// identifier (`!omp_indirect.tu`, equal on host and device) to the name on
// both sides: the device global, the entry, and the name string the runtime
// matches them by. We keep clang's entries rather than drop them: the
// mapping libomptarget builds from them is the one `omp_get_mapped_ptr`
// reports, and it agrees with our table. Modules without such entries (all
// of LLVM 16's) are left alone; a name that already ends in the identifier
// is not renamed again.
//
// Clang 22 also registers the vtable of each class of a `declare target
// indirect` block that a target region uses (flag 0x20), and to do so
// defines the vtable, on the host and the device, in every unit that uses
// the class, with external linkage, even where the key function lives in
// another unit: two such units, or one and the key function's unit, stop
// the link with "multiple definition of `vtable for D'" (stock clang-22
// too). Every copy is the same vtable, so a unit that clang made define a
// vtable which our metadata does not list for it (kind 3: the unit the
// Itanium rules make emit it, docs/format.md) defines it weak_odr instead.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect in.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"
#include "LLVMCompat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumClangEntriesRenamed,
          "clang indirect-function entries given the unit's identifier");
STATISTIC(NumClangVTablesWeakened,
          "vtables clang defined outside their unit made weak_odr");

namespace omp_indirect {

/// Flag of an offload entry for an `indirect` function.
static constexpr uint64_t ClangIndirectFlag = 0x8;
/// Flag of clang's offload entry for a vtable (LLVM 22).
static constexpr uint64_t ClangVTableFlag = 0x20;

/// The name string of clang's offload entry \p Entry for an `indirect`
/// function, and that string's global; {"", nullptr} for any other global.
static std::pair<StringRef, GlobalVariable *>
indirectEntryName(const GlobalVariable &Entry) {
  if (Entry.getSection() != OffloadSectionName || !Entry.hasInitializer())
    return {};
  const auto *Init = dyn_cast<ConstantStruct>(Entry.getInitializer());
  if (!Init || Init->getNumOperands() <= std::max(EntryNameField,
                                                 EntryFlagsField))
    return {};
  const auto *Flags = dyn_cast<ConstantInt>(Init->getOperand(EntryFlagsField));
  if (!Flags || !(Flags->getZExtValue() & ClangIndirectFlag))
    return {};
  auto *Str = dyn_cast<GlobalVariable>(
      Init->getOperand(EntryNameField)->stripPointerCasts());
  if (!Str || !Str->hasInitializer())
    return {};
  const auto *Data = dyn_cast<ConstantDataArray>(Str->getInitializer());
  if (!Data || !Data->isCString())
    return {};
  return {Data->getAsCString(), Str};
}

/// The names clang's `!omp_offload.info` gives the device globals of
/// `indirect` functions: kind 1 (a global) with flag 0x8.
static SmallVector<StringRef, 8> indirectGlobalNames(const Module &M) {
  SmallVector<StringRef, 8> Names;
  const NamedMDNode *MD = M.getNamedMetadata("omp_offload.info");
  if (!MD)
    return Names;
  for (const MDNode *N : MD->operands()) {
    if (N->getNumOperands() < 3)
      continue;
    auto *Kind = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(0));
    auto *Name = dyn_cast_or_null<MDString>(N->getOperand(1));
    auto *Flags = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(2));
    if (Kind && Name && Flags && Kind->getZExtValue() == 1 &&
        (Flags->getZExtValue() & ClangIndirectFlag))
      Names.push_back(Name->getString());
  }
  return Names;
}

/// The vtables clang registered with flag 0x20: the address of such an
/// entry, or what a global that `!omp_offload.info` names with that flag
/// holds (a GPU's device module has no entries).
static SmallPtrSet<GlobalVariable *, 4> clangVTables(Module &M) {
  SmallPtrSet<GlobalVariable *, 4> VTables;
  auto Add = [&](Constant *C) {
    if (auto *GV = dyn_cast<GlobalVariable>(C->stripPointerCasts()))
      VTables.insert(GV);
  };
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getSection() != OffloadSectionName || !GV.hasInitializer())
      continue;
    auto *Init = dyn_cast<ConstantStruct>(GV.getInitializer());
    if (!Init ||
        Init->getNumOperands() <= std::max(EntryAddrField, EntryFlagsField))
      continue;
    const auto *Flags =
        dyn_cast<ConstantInt>(Init->getOperand(EntryFlagsField));
    if (Flags && (Flags->getZExtValue() & ClangVTableFlag))
      Add(Init->getOperand(EntryAddrField));
  }
  if (const NamedMDNode *MD = M.getNamedMetadata("omp_offload.info"))
    for (const MDNode *N : MD->operands()) {
      if (N->getNumOperands() < 3)
        continue;
      auto *Name = dyn_cast_or_null<MDString>(N->getOperand(1));
      auto *Flags = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(2));
      if (!Name || !Flags || !(Flags->getZExtValue() & ClangVTableFlag))
        continue;
      if (GlobalVariable *Holder = M.getNamedGlobal(Name->getString()))
        if (Holder->hasInitializer())
          Add(Holder->getInitializer());
    }
  return VTables;
}

/// Gives weak_odr linkage to the vtables clang defined for its flag-0x20
/// entries in a unit that \p Info does not list them for.
static unsigned weakenClangVTables(Module &M, const TUInfo &Info) {
  unsigned Changed = 0;
  for (GlobalVariable *VT : clangVTables(M)) {
    if (VT->isDeclaration() || !VT->hasExternalLinkage() ||
        llvm::any_of(Info.Entries, [&](const IndirectEntry &E) {
          return E.Kind == VTableKind && E.Name == VT->getName();
        }))
      continue;
    VT->setLinkage(GlobalValue::WeakODRLinkage);
    ++NumClangVTablesWeakened;
    ++Changed;
  }
  return Changed;
}

unsigned uniquifyClangIndirectEntries(Module &M, const TUInfo &Info) {
  unsigned Weakened = weakenClangVTables(M, Info);
  if (Info.Id.empty())
    return Weakened;
  std::string Suffix = "_" + Info.Id;
  unsigned Changed = 0;
  // Device: the globals holding the device addresses.
  if (isDeviceModule(M))
    for (StringRef Name : indirectGlobalNames(M))
      if (GlobalVariable *GV = M.getNamedGlobal(Name)) {
        GV->setName(Name + Suffix);
        ++Changed;
      }
  // Both: the entries, and the name strings libomptarget matches them by.
  // Collected first: renaming adds and erases globals.
  struct ClangEntry {
    GlobalVariable *Entry;
    StringRef Name;
    GlobalVariable *Str;
  };
  SmallVector<ClangEntry, 8> Entries;
  for (GlobalVariable &GV : M.globals()) {
    auto [Name, Str] = indirectEntryName(GV);
    if (Str && !Name.ends_with(Suffix))
      Entries.push_back({&GV, Name, Str});
  }
  for (auto [Entry, Name, Str] : Entries) {
    std::string NewName = (Name + Suffix).str();
    auto *Init = cast<ConstantStruct>(Entry->getInitializer());
    Constant *Chars = ConstantDataArray::getString(M.getContext(), NewName);
    auto *NewStr = new GlobalVariable(M, Chars->getType(), /*isConstant=*/true,
                                      GlobalValue::InternalLinkage, Chars,
                                      Str->getName());
    NewStr->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    NewStr->setAlignment(Str->getAlign());
    SmallVector<Constant *, 9> Fields;
    for (unsigned I = 0, E = Init->getNumOperands(); I != E; ++I)
      Fields.push_back(Init->getOperand(I));
    Fields[EntryNameField] = ConstantExpr::getPointerBitCastOrAddrSpaceCast(
        NewStr, Init->getOperand(EntryNameField)->getType());
    Entry->setInitializer(ConstantStruct::get(Init->getType(), Fields));
    Entry->setName(".offloading.entry." + NewName);
    Str->removeDeadConstantUsers();
    if (Str->use_empty())
      Str->eraseFromParent();
    ++NumClangEntriesRenamed;
    ++Changed;
  }
  return Changed + Weakened;
}

} // namespace omp_indirect
