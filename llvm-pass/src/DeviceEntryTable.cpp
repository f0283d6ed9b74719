//===- DeviceEntryTable.cpp - a unit's FPTR table in the device module ----===//
//
// The device module's table of a unit (docs/format.md, section 2): a
// 16-byte header, then 8 bytes per indirect function, on every target, so
// the host registers one size for every device (libomptarget's CUDA plugin,
// and the ELF reader of later releases, compare it with the device
// symbol's).
//
//   { { i32 layout, i32 count, i64 digest }, [N x entry] }
//
// On x86_64 (the host-offload device) an entry is { i32 rel, i32 hash }:
// the function's address minus the entry's own, so a linked image has no
// relocation for it and the loader writes no page of the table. The
// functions become protected (their device copies cannot be interposed by
// another image anyway), which lets the linker resolve the difference. A
// unit that only declares one of its functions, and any target but x86_64
// (NVPTX), gets entries that are the functions' addresses; the header's
// digest of the name hashes stands for the hashes they leave out.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect device.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace omp_indirect {

uint64_t fptrDigest(ArrayRef<uint32_t> Hashes) {
  uint64_t D = OMP_INDIRECT_FPTR_DIGEST_BASIS;
  for (uint32_t H : Hashes)
    D = omp_indirect_fptr_digest_step(D, H);
  return D;
}

static StructType *namedType(Module &M, StringRef Name,
                             ArrayRef<Type *> Fields) {
  if (StructType *T = StructType::getTypeByName(M.getContext(), Name))
    return T;
  return StructType::create(Fields, Name);
}

StructType *getFptrDeviceHeaderType(Module &M) {
  LLVMContext &Ctx = M.getContext();
  return namedType(M, FptrDeviceHeaderTypeName,
                   {Type::getInt32Ty(Ctx), Type::getInt32Ty(Ctx),
                    Type::getInt64Ty(Ctx)});
}

StructType *getFptrRelEntryType(Module &M) {
  Type *I32 = Type::getInt32Ty(M.getContext());
  return namedType(M, FptrRelEntryTypeName, {I32, I32});
}

/// The global \p Addr refers to: a function, or a vtable plus an offset.
static GlobalValue *baseGlobal(Constant *Addr) {
  Value *V = Addr->stripPointerCasts();
  if (auto *CE = dyn_cast<ConstantExpr>(V))
    if (CE->getOpcode() == Instruction::GetElementPtr)
      V = CE->getOperand(0)->stripPointerCasts();
  return dyn_cast<GlobalValue>(V);
}

/// Whether every entry can be a 32-bit offset from the table: x86_64 only,
/// and each address a global this module defines. A declaration may be
/// defined in another image (a library's function that an executable
/// declares indirect), where no offset can reach it, so a unit with one
/// keeps addresses.
static bool canBeRelative(Module &M, ArrayRef<Constant *> Addrs) {
  if (Triple(M.getTargetTriple()).getArch() != Triple::x86_64)
    return false;
  for (Constant *A : Addrs) {
    GlobalValue *GV = baseGlobal(A);
    if (!GV || GV->isDeclarationForLinker() || GV->isThreadLocal() ||
        GV->getType()->getPointerAddressSpace() != 0)
      return false;
  }
  return true;
}

/// Makes \p GV non-preemptible: the linker then resolves a PC-relative
/// reference to it without a dynamic relocation.
static void makeNonPreemptible(GlobalValue &GV) {
  if (!GV.hasLocalLinkage() && GV.hasDefaultVisibility())
    GV.setVisibility(GlobalValue::ProtectedVisibility);
  GV.setDSOLocal(true);
}

GlobalVariable *emitDeviceFptrTable(Module &M, StringRef Name,
                                    ArrayRef<Constant *> Addrs,
                                    ArrayRef<uint32_t> Hashes) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  bool Relative = canBeRelative(M, Addrs);
  Type *EntryTy = Relative ? static_cast<Type *>(getFptrRelEntryType(M))
                           : PointerType::get(Ctx, 0);
  auto *ArrTy = ArrayType::get(EntryTy, Addrs.size());
  StructType *HeaderTy = getFptrDeviceHeaderType(M);
  auto *TableTy = StructType::get(Ctx, {HeaderTy, ArrTy});
  // A relative table holds no address, so it can be read-only.
  auto *Table = new GlobalVariable(M, TableTy, /*isConstant=*/Relative,
                                   GlobalValue::ExternalLinkage, nullptr, Name);
  Table->setAlignment(Align(8));
  Table->setVisibility(GlobalValue::ProtectedVisibility);

  SmallVector<Constant *, 16> Entries;
  StructType *RelTy = getFptrRelEntryType(M);
  // Entry K lies at the table plus 16 + 8K bytes: rel = (f - table) - that,
  // the same PC-relative relocation as the difference from a getelementptr
  // of the entry, at a fraction of the cost to build (one `ptrtoint` of the
  // table for all entries). Its `sub` of two `ptrtoint`s of globals is the
  // form that keeps the table out of relocated sections.
  Constant *TableAt = ConstantExpr::getPtrToInt(Table, I64);
  uint64_t EntriesAt = M.getDataLayout().getStructLayout(TableTy)
                           ->getElementOffset(1);
  uint64_t EntrySize = M.getDataLayout().getTypeAllocSize(EntryTy);
  for (size_t K = 0; K < Addrs.size(); ++K) {
    if (!Relative) {
      Entries.push_back(ConstantExpr::getPointerBitCastOrAddrSpaceCast(
          Addrs[K], PointerType::get(Ctx, 0)));
      continue;
    }
    makeNonPreemptible(*baseGlobal(Addrs[K]));
    Constant *FromTable =
        ConstantExpr::getSub(ConstantExpr::getPtrToInt(Addrs[K], I64), TableAt);
    Constant *Rel = ConstantExpr::getTrunc(
        ConstantExpr::getSub(FromTable,
                             ConstantInt::get(I64, EntriesAt + K * EntrySize)),
        I32);
    Entries.push_back(
        ConstantStruct::get(RelTy, {Rel, ConstantInt::get(I32, Hashes[K])}));
  }
  Constant *Header = ConstantStruct::get(
      HeaderTy,
      {ConstantInt::get(I32, Relative ? OMP_INDIRECT_FPTR_RELATIVE
                                : OMP_INDIRECT_FPTR_ABSOLUTE),
       ConstantInt::get(I32, Addrs.size()),
       ConstantInt::get(I64, fptrDigest(Hashes))});
  Table->setInitializer(ConstantStruct::get(
      TableTy, {Header, ConstantArray::get(ArrTy, Entries)}));
  appendToCompilerUsed(M, {Table});
  return Table;
}

} // namespace omp_indirect
