//===- Metadata.cpp - omp-indirect module metadata and plugin handoff -----===//
//
// The clang plugin records each translation unit's indirect functions as
// named metadata, {kind 2, mangled name, order}, plus an identifier that is
// the same in the host and the device compilation of that unit. This file
// writes and reads that metadata (docs/format.md) and holds the in-process
// handoff from the plugin's AST consumer to the pass.
//
// USAGE: linked into libomp-indirect.so.
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <optional>

using namespace llvm;

namespace omp_indirect {

bool isDeviceModule(const Module &M) {
  return M.getModuleFlag("openmp-device") != nullptr;
}

/// !omp_indirect.mappers = !{!{!"id", !"type", !{!"item", !"maptype"}, ...}}
static void writeMappers(Module &M, const std::vector<MapperRecord> &Mappers) {
  if (Mappers.empty() || M.getNamedMetadata(MappersMDName))
    return;
  LLVMContext &Ctx = M.getContext();
  NamedMDNode *N = M.getOrInsertNamedMetadata(MappersMDName);
  for (const MapperRecord &R : Mappers) {
    SmallVector<Metadata *, 8> Ops = {MDString::get(Ctx, R.Id),
                                      MDString::get(Ctx, R.Type)};
    for (const MapperItem &I : R.Items)
      Ops.push_back(MDNode::get(
          Ctx, {MDString::get(Ctx, I.Expr), MDString::get(Ctx, I.MapType)}));
    N->addOperand(MDNode::get(Ctx, Ops));
  }
}

void writeTUInfo(Module &M, const TUInfo &Info) {
  writeMappers(M, Info.Mappers);
  if (Info.PointerCalls)
    M.getOrInsertNamedMetadata(PointerCallsMDName);
  if (Info.Entries.empty() || M.getNamedMetadata(EntriesMDName))
    return;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  NamedMDNode *Entries = M.getOrInsertNamedMetadata(EntriesMDName);
  for (const IndirectEntry &E : Info.Entries) {
    SmallVector<Metadata *, 4> Ops = {
        ConstantAsMetadata::get(ConstantInt::get(I32, E.Kind)),
        MDString::get(Ctx, E.Name),
        ConstantAsMetadata::get(ConstantInt::get(I32, E.Order))};
    if (E.Kind == VTableKind)
      Ops.push_back(ConstantAsMetadata::get(
          ConstantInt::get(Type::getInt64Ty(Ctx), E.Offset)));
    else if (!E.Signature.empty())
      Ops.push_back(MDString::get(Ctx, E.Signature));
    Entries->addOperand(MDNode::get(Ctx, Ops));
  }
  NamedMDNode *TU = M.getOrInsertNamedMetadata(TUMDName);
  TU->clearOperands();
  TU->addOperand(MDNode::get(Ctx, {MDString::get(Ctx, Info.Id)}));
}

static std::optional<uint64_t> getConstInt(const MDOperand &Op) {
  if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op))
    return C->getZExtValue();
  return std::nullopt;
}

TUInfo readTUInfo(const Module &M) {
  TUInfo Info;
  if (const NamedMDNode *Entries = M.getNamedMetadata(EntriesMDName)) {
    for (const MDNode *N : Entries->operands()) {
      if (N->getNumOperands() != 3 && N->getNumOperands() != 4)
        continue;
      std::optional<uint64_t> Kind = getConstInt(N->getOperand(0));
      std::optional<uint64_t> Order = getConstInt(N->getOperand(2));
      auto *Name = dyn_cast_or_null<MDString>(N->getOperand(1).get());
      if (!Kind || (*Kind != IndirectFuncKind && *Kind != VTableKind) ||
          !Order || !Name)
        continue;
      IndirectEntry E{Name->getString().str(), unsigned(*Order), "",
                      unsigned(*Kind)};
      if (*Kind == VTableKind) {
        // {3, vtable symbol, order, byte offset of the address point}
        std::optional<uint64_t> Off;
        if (N->getNumOperands() == 4)
          Off = getConstInt(N->getOperand(3));
        if (!Off)
          continue;
        E.Offset = *Off;
      } else if (N->getNumOperands() == 4) {
        if (auto *S = dyn_cast_or_null<MDString>(N->getOperand(3).get()))
          E.Signature = S->getString().str();
      }
      Info.Entries.push_back(std::move(E));
    }
  }
  llvm::sort(Info.Entries, [](const IndirectEntry &A, const IndirectEntry &B) {
    return A.Order < B.Order;
  });
  Info.PointerCalls = M.getNamedMetadata(PointerCallsMDName) != nullptr;
  if (const NamedMDNode *TU = M.getNamedMetadata(TUMDName))
    if (TU->getNumOperands() && TU->getOperand(0)->getNumOperands())
      if (auto *S = dyn_cast<MDString>(TU->getOperand(0)->getOperand(0)))
        Info.Id = S->getString().str();
  if (Info.Id.empty()) {
    raw_string_ostream OS(Info.Id);
    OS << format_hex_no_prefix(xxHash64(M.getSourceFileName()), 16);
  }
  return Info;
}

static std::optional<TUInfo> Pending;
static bool PasslessJob = false;

void setPendingTUInfo(TUInfo Info) { Pending = std::move(Info); }

bool takePendingTUInfo(TUInfo &Out) {
  if (!Pending)
    return false;
  Out = std::move(*Pending);
  Pending.reset();
  return true;
}

void setPasslessJob(bool V) { PasslessJob = V; }
bool isPasslessJob() { return PasslessJob; }

} // namespace omp_indirect
