//===- MapperSection.cpp - keep the unit's `declare mapper` list in the binary -===//
//
// The clang plugin records every `declare mapper` of a translation unit in
// !omp_indirect.mappers. Metadata does not survive code generation, so on the
// host this file copies it into the object, as one read-only string record
// per unit in section omp_indirect_mappers; the linker concatenates the
// records, and omp-indirect-dump prints them. docs/format.md gives the
// layout. Nothing at run time reads it.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect host.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

static cl::opt<bool> DisableMapperSection(
    "omp-indirect-disable-mapper-section", cl::Hidden, cl::init(false),
    cl::desc("Do not copy !omp_indirect.mappers into the object"));

namespace omp_indirect {

/// Appends \p S and its terminating NUL to \p Out.
static void put(std::string &Out, StringRef S) {
  Out.append(S.data(), S.size());
  Out.push_back('\0');
}

/// The operand \p I of \p N as a string, or "" when it is not one.
static StringRef str(const MDNode *N, unsigned I) {
  if (auto *S = dyn_cast_or_null<MDString>(N->getOperand(I).get()))
    return S->getString();
  return "";
}

unsigned emitMapperSection(Module &M, const TUInfo &Info) {
  const NamedMDNode *MD = M.getNamedMetadata(MappersMDName);
  std::string Name = (MapperRecordPrefix + Info.Id).str();
  if (DisableMapperSection || isDeviceModule(M) || !MD ||
      !MD->getNumOperands() || M.getGlobalVariable(Name, true))
    return 0;
  std::string Record;
  put(Record, MapperRecordMagic);
  put(Record, Info.Id);
  put(Record, std::to_string(MD->getNumOperands()));
  for (const MDNode *N : MD->operands()) {
    unsigned NumItems = N->getNumOperands() < 2 ? 0 : N->getNumOperands() - 2;
    put(Record, N->getNumOperands() > 0 ? str(N, 0) : "");
    put(Record, N->getNumOperands() > 1 ? str(N, 1) : "");
    put(Record, std::to_string(NumItems));
    for (unsigned I = 2; I < N->getNumOperands(); ++I) {
      auto *Item = dyn_cast_or_null<MDNode>(N->getOperand(I).get());
      put(Record, Item && Item->getNumOperands() > 0 ? str(Item, 0) : "");
      put(Record, Item && Item->getNumOperands() > 1 ? str(Item, 1) : "");
    }
  }
  Constant *Init = ConstantDataArray::getString(M.getContext(), Record,
                                                /*AddNull=*/false);
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::InternalLinkage, Init, Name);
  GV->setSection(MapperSectionName);
  GV->setAlignment(Align(1));
  appendToUsed(M, {GV});
  return 1;
}

} // namespace omp_indirect
