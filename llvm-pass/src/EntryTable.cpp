//===- EntryTable.cpp - emit the OMP_DECLARE_TARGET_FPTR entry table ------===//
//
// For a translation unit with indirect functions, both the host and the
// device module get a global of the same name, one entry per function in
// the same order. The host's entries carry the names:
//
//   @__omp_offloading_fptr_entries_<tu> = global [N x %struct.__tgt_offload_entry]
//       [{ ptr @f, ptr @name.f, i64 0, i32 8, i32 <name hash> }, ...]
//
// and sit in section omp_offloading_fptr_entries, where the runtime finds
// every unit's table. The device's table carries no names (nothing on the
// device reads them; the dump tool takes them from the host table): a
// 16-byte header and 8 bytes a function (DeviceEntryTable.cpp).
//
// Stock libomptarget never sees the FPTR entries themselves (it would take
// a size-0 entry for a kernel): the host registers its table as one
// ordinary declare-target global of the device table's size (flags 0, size
// 16 + 8N), so libomptarget maps it and the runtime can read the device
// copy back.
//
// The globals the device runtime searches, and the host's registration of
// the image, are emitted by ImageRegistration.cpp.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect host.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"
#include "LLVMCompat.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumFptrEntries, "FPTR entries emitted");
STATISTIC(NumVTableEntries, "FPTR entries of vtable address points");

static cl::opt<bool>
    DisableFptrTable("omp-indirect-disable-fptr-table", cl::Hidden,
                     cl::init(false),
                     cl::desc("Do not emit the FPTR entry table"));

namespace omp_indirect {

StructType *getFptrEntryType(Module &M) {
  LLVMContext &Ctx = M.getContext();
  if (StructType *T = StructType::getTypeByName(Ctx, FptrEntryTypeName))
    return T;
  PointerType *Ptr = PointerType::get(Ctx, 0);
  return StructType::create(
      {Ptr, Ptr, Type::getInt64Ty(Ctx), Type::getInt32Ty(Ctx),
       Type::getInt32Ty(Ctx)},
      FptrEntryTypeName);
}

static Constant *makeString(Module &M, StringRef S, const Twine &Name) {
  Constant *Init = ConstantDataArray::getString(M.getContext(), S);
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Init, Name);
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return GV;
}

/// \p Addr and a C string of \p Name, as generic pointers.
static std::pair<Constant *, Constant *>
entryPointers(Module &M, Constant *Addr, StringRef Name) {
  PointerType *Ptr = PointerType::get(M.getContext(), 0);
  return {ConstantExpr::getPointerBitCastOrAddrSpaceCast(Addr, Ptr),
          ConstantExpr::getPointerBitCastOrAddrSpaceCast(
              makeString(M, Name, ".omp_offloading.entry_name"), Ptr)};
}

/// An FPTR entry (docs/format.md) of the function or address point \p Addr,
/// its name at \p NameAt.
static Constant *makeFptrEntry(Module &M, Constant *Addr, Constant *NameAt,
                               uint64_t Size, uint32_t Flags,
                               uint32_t Reserved) {
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  Constant *Fields[] = {
      ConstantExpr::getPointerBitCastOrAddrSpaceCast(Addr, Ptr), NameAt,
      ConstantInt::get(Type::getInt64Ty(Ctx), Size),
      ConstantInt::get(Type::getInt32Ty(Ctx), Flags),
      ConstantInt::get(Type::getInt32Ty(Ctx), Reserved)};
  return ConstantStruct::get(getFptrEntryType(M), Fields);
}

void registerWithLibomptarget(Module &M, GlobalVariable &GV,
                              std::optional<uint64_t> DeviceSize) {
  uint64_t Size = DeviceSize ? *DeviceSize
                             : M.getDataLayout().getTypeAllocSize(
                                   GV.getValueType());
  auto [A, N] = entryPointers(M, &GV, GV.getName());
  Constant *Init =
      makeOffloadEntry(M, getFptrEntryType(M), A, N, Size, /*Flags=*/0);
  auto *Entry = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                   GlobalValue::WeakAnyLinkage, Init,
                                   ".omp_offloading.entry." + GV.getName());
  Entry->setVisibility(GlobalValue::HiddenVisibility);
  Entry->setSection(OffloadSectionName);
  Entry->setAlignment(Align(1));
  appendToCompilerUsed(M, {Entry});
}

/// Parses one type of an entry signature ("i32", "ptr", "double", ...).
static Type *parseType(LLVMContext &Ctx, StringRef S) {
  if (S == "void")
    return Type::getVoidTy(Ctx);
  if (S == "ptr")
    return PointerType::get(Ctx, 0);
  if (S == "float")
    return Type::getFloatTy(Ctx);
  if (S == "double")
    return Type::getDoubleTy(Ctx);
  unsigned Bits;
  if (S.consume_front("i") && !S.getAsInteger(10, Bits))
    return Type::getIntNTy(Ctx, Bits);
  return nullptr;
}

/// The function type of a signature "ret(arg,arg,...)", or void() when it
/// is absent or unreadable (hand-written IR, aggregates): enough for ELF
/// linkers, not for nvlink, which checks prototypes.
static FunctionType *parseSignature(LLVMContext &Ctx, StringRef Sig) {
  FunctionType *Fallback = FunctionType::get(Type::getVoidTy(Ctx), false);
  auto [Ret, Rest] = Sig.split('(');
  Type *RetTy = parseType(Ctx, Ret);
  if (!RetTy || !Rest.consume_back(")"))
    return Fallback;
  bool Variadic = Rest.consume_back("...");
  Rest.consume_back(",");
  SmallVector<Type *, 8> Params;
  SmallVector<StringRef, 8> Parts;
  if (!Rest.empty())
    Rest.split(Parts, ',');
  for (StringRef P : Parts) {
    Type *T = parseType(Ctx, P);
    if (!T || T->isVoidTy())
      return Fallback;
    Params.push_back(T);
  }
  return FunctionType::get(RetTy, Params, Variadic);
}

static Function *getOrDeclare(Module &M, const IndirectEntry &E) {
  if (Function *F = M.getFunction(E.Name))
    return F;
  return Function::Create(parseSignature(M.getContext(), E.Signature),
                          GlobalValue::ExternalLinkage, E.Name, M);
}

/// The address an object's vptr holds: vtable \p E.Name plus \p E.Offset
/// bytes. A vtable the module lacks is declared (the unit that defines it
/// is linked in).
static Constant *getVTableAddressPoint(Module &M, const IndirectEntry &E) {
  Type *I8 = Type::getInt8Ty(M.getContext());
  GlobalVariable *VT = M.getNamedGlobal(E.Name);
  if (!VT)
    VT = new GlobalVariable(M, I8, /*isConstant=*/true,
                            GlobalValue::ExternalLinkage, nullptr, E.Name);
  return ConstantExpr::getGetElementPtr(
      I8, VT, ConstantInt::get(Type::getInt64Ty(M.getContext()), E.Offset));
}

/// The plugin marks each indirect function `used` so that clang emits it,
/// which lists it in `llvm.compiler.used`. Once the table refers to the
/// functions, that list only lengthens the bitcode every later job writes
/// and reads, so they leave it (the table keeps them).
static void dropFromCompilerUsed(Module &M, ArrayRef<Constant *> Addrs) {
  SmallPtrSet<const Constant *, 16> InTable(Addrs.begin(), Addrs.end());
  GlobalVariable *Used = M.getNamedGlobal("llvm.compiler.used");
  if (!Used || !Used->hasInitializer())
    return;
  bool Any = false;
  for (const Use &U : Used->getInitializer()->operands())
    Any |= InTable.count(cast<Constant>(U.get())->stripPointerCasts()) != 0;
  if (Any)
    removeFromUsedLists(M, [&](Constant *C) {
      return InTable.count(C) != 0;
    });
}

unsigned emitFptrTable(Module &M, const TUInfo &Info) {
  if (DisableFptrTable || Info.Entries.empty())
    return 0;
  std::string TableName = (FptrTablePrefix + Info.Id).str();
  if (M.getNamedGlobal(TableName))
    return 0; // Already emitted (the pass ran twice on this module).
  bool Device = isDeviceModule(M);
  SmallVector<Constant *, 16> Addrs;
  SmallVector<uint32_t, 16> Hashes;
  SmallVector<std::string, 16> Names;
  for (const IndirectEntry &E : Info.Entries) {
    Constant *Addr = nullptr;
    std::string Name = E.Name;
    if (E.Kind == VTableKind) {
      Addr = getVTableAddressPoint(M, E);
      Name += "+" + std::to_string(E.Offset);
      ++NumVTableEntries;
    } else {
      Addr = getOrDeclare(M, E);
    }
    // `reserved` carries a hash of the name: the runtime compares it between
    // the host and the device table before it pairs any address.
    Addrs.push_back(Addr);
    Hashes.push_back(uint32_t(xxHash64(Name)));
    Names.push_back(std::move(Name));
  }
  NumFptrEntries += Addrs.size();
  if (Device) {
    emitDeviceFptrTable(M, TableName, Addrs, Hashes);
    dropFromCompilerUsed(M, Addrs);
    return Addrs.size();
  }
  // The names, as one global of C strings one after another: a global per
  // name cost every later stage of the compile (bitcode, the device job's
  // read of the host IR, the optimizer's global passes, the assembler) as
  // much as a small function each.
  std::string Blob;
  SmallVector<uint64_t, 16> NameAt;
  for (const std::string &N : Names) {
    NameAt.push_back(Blob.size());
    Blob += N;
    Blob += '\0';
  }
  LLVMContext &Ctx = M.getContext();
  Constant *BlobInit =
      ConstantDataArray::getString(Ctx, Blob, /*AddNull=*/false);
  auto *BlobGV = new GlobalVariable(M, BlobInit->getType(), /*isConstant=*/true,
                                    GlobalValue::PrivateLinkage, BlobInit,
                                    ".omp_indirect.entry_names");
  BlobGV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  BlobGV->setAlignment(Align(1));
  // The first entry's `size` is the table's length, so the runtime finds
  // where each unit's table starts in the host section without asking
  // libomptarget about every entry.
  SmallVector<Constant *, 16> Entries;
  Type *I8 = Type::getInt8Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  for (size_t K = 0; K < Addrs.size(); ++K) {
    Constant *Name = ConstantExpr::getInBoundsGetElementPtr(
        I8, BlobGV, ConstantInt::get(I64, NameAt[K]));
    uint64_t Size = K == 0 ? Addrs.size() : 0;
    Entries.push_back(makeFptrEntry(M, Addrs[K], Name, Size,
                                    DeclareTargetFptrFlag, Hashes[K]));
  }
  auto *ArrTy = ArrayType::get(getFptrEntryType(M), Entries.size());
  auto *Table = new GlobalVariable(M, ArrTy, /*isConstant=*/false,
                                   GlobalValue::ExternalLinkage,
                                   ConstantArray::get(ArrTy, Entries),
                                   TableName);
  Table->setAlignment(Align(8));
  // Hidden: each image's tables are its own (docs/runtime.md).
  Table->setVisibility(GlobalValue::HiddenVisibility);
  Table->setSection(FptrSectionName);
  appendToUsed(M, {Table});
  // The size of the device table, the same on every target: libomptarget's
  // CUDA plugin (and the ELF reader of later releases) checks it against
  // the device symbol's.
  registerWithLibomptarget(M, *Table, fptrDeviceTableBytes(Entries.size()));
  dropFromCompilerUsed(M, Addrs);
  return Entries.size();
}

} // namespace omp_indirect
