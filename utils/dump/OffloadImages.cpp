//===- OffloadImages.cpp - device images in .llvm.offloading ----------------===//
//
// clang-16 embeds each device image in an OffloadBinary (magic 0x10FF10AD):
// in an object file, section .llvm.offloading holds one per offload target
// (aligned to 8); clang-linker-wrapper puts the linked device images, still
// wrapped, in the executable's .llvm.offloading. This file walks those
// binaries with its own bounds checks (a damaged section gives an Error, not
// a crash) and reads the FPTR tables of each image: an ELF object, shared
// object or cubin through ElfTables.cpp, LLVM bitcode (-foffload-lto)
// through the IR reader.
//
// USAGE: omp-indirect-dump FILE
//
//===----------------------------------------------------------------------===//
#include "Dump.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace omp_indirect_dump {

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static uint64_t read64(StringRef B, uint64_t Off) {
  return support::endian::read64le(B.data() + Off);
}

/// Whether [Off, Off+Len) lies inside \p B.
static bool inside(StringRef B, uint64_t Off, uint64_t Len) {
  return Off <= B.size() && Len <= B.size() - Off;
}

/// The NUL-terminated string at \p Off of \p B, or an Error.
static Expected<StringRef> cstr(StringRef B, uint64_t Off) {
  if (Off >= B.size())
    return fail("an offload binary string lies outside it");
  StringRef S = B.drop_front(Off);
  size_t End = S.find('\0');
  if (End == StringRef::npos)
    return fail("an offload binary string is not NUL-terminated");
  return S.substr(0, End);
}

static const char *imageKind(uint16_t K) {
  static const char *Names[] = {"none", "object", "bitcode", "cubin",
                                "fatbinary", "ptx"};
  return K < std::size(Names) ? Names[K] : "unknown";
}

static std::string producer(uint16_t K) {
  switch (K) {
  case 1:
    return "openmp";
  case 2:
    return "cuda";
  case 3:
    return "hip";
  default:
    return "unknown (" + std::to_string(K) + ")";
  }
}

/// Reads one OffloadBinary that starts \p B; sets \p Size to its length.
static Error readOne(StringRef B, uint64_t &Size, std::vector<Image> &Out) {
  // Header: magic[4], version u32, size u64, entry offset u64, entry size u64.
  // Entry: image kind u16, offload kind u16, flags u32, string offset u64,
  // string count u64, image offset u64, image size u64.
  if (!inside(B, 0, 32))
    return fail("truncated offload binary header");
  if (support::endian::read32le(B.data() + 4) != 1)
    return fail("offload binary of an unknown version");
  Size = read64(B, 8);
  if (Size < 32 || !inside(B, 0, Size))
    return fail("offload binary runs past the end of its section");
  StringRef Bin = B.take_front(Size);
  uint64_t EntryOff = read64(Bin, 16);
  if (!inside(Bin, EntryOff, 48))
    return fail("offload binary entry lies outside it");
  Image I;
  I.Kind = imageKind(support::endian::read16le(Bin.data() + EntryOff));
  I.Producer = producer(support::endian::read16le(Bin.data() + EntryOff + 2));
  uint64_t StrOff = read64(Bin, EntryOff + 8), NumStr = read64(Bin, EntryOff + 16);
  uint64_t ImgOff = read64(Bin, EntryOff + 24);
  I.Size = read64(Bin, EntryOff + 32);
  if (NumStr > Bin.size() / 16 || !inside(Bin, StrOff, NumStr * 16))
    return fail("offload binary string table lies outside it");
  for (uint64_t S = 0; S < NumStr; ++S) {
    auto Key = cstr(Bin, read64(Bin, StrOff + 16 * S));
    if (!Key)
      return Key.takeError();
    auto Value = cstr(Bin, read64(Bin, StrOff + 16 * S + 8));
    if (!Value)
      return Value.takeError();
    if (*Key == "triple")
      I.Triple = Value->str();
    else if (*Key == "arch")
      I.Arch = Value->str();
  }
  if (!inside(Bin, ImgOff, I.Size))
    return fail("offload binary image lies outside it");
  StringRef Img = Bin.substr(ImgOff, I.Size);
  Error E = Error::success();
  if (Img.starts_with("\x7f"
                     "ELF")) {
    std::string Kind;
    E = readElfTables(Img, false, I.Tables, Kind, nullptr, nullptr);
  } else if (Img.starts_with("BC")) {
    E = readBitcodeTables(Img, I.Tables);
  } else {
    I.Note = "a " + I.Kind + " image: no entry tables to read";
  }
  if (E)
    I.Note = "cannot read its tables: " + toString(std::move(E));
  Out.push_back(std::move(I));
  return Error::success();
}

Error readOffloadSection(StringRef Data, std::vector<Image> &Out) {
  uint64_t Off = 0;
  while (Off < Data.size()) {
    StringRef Rest = Data.drop_front(Off);
    if (Rest.front() == '\0') { // Alignment padding between binaries.
      ++Off;
      continue;
    }
    if (!Rest.starts_with("\x10\xff\x10\xad"))
      return fail(".llvm.offloading holds something other than an offload "
                  "binary at offset " + Twine(Off));
    uint64_t Size = 0;
    if (Error E = readOne(Rest, Size, Out))
      return E;
    Off += Size;
  }
  return Error::success();
}

Error readBitcodeTables(StringRef Buf, std::vector<Table> &Out) {
  LLVMContext Ctx;
  auto M = parseBitcodeFile(MemoryBufferRef(Buf, "device image"), Ctx);
  if (!M)
    return M.takeError();
  for (const GlobalVariable &GV : (*M)->globals()) {
    StringRef Name = GV.getName();
    if (!Name.consume_front("__omp_offloading_fptr_entries_") ||
        !GV.hasInitializer())
      continue;
    Table T;
    T.Unit = Name.str();
    auto *Arr = dyn_cast<ConstantArray>(GV.getInitializer());
    for (unsigned I = 0; Arr && I < Arr->getNumOperands(); ++I) {
      // {addr, flags, hash} (docs/format.md, section 2), or the host
      // layout {addr, name, size, flags, hash} of earlier releases.
      auto *S = dyn_cast<ConstantStruct>(Arr->getOperand(I));
      if (!S || (S->getNumOperands() != 3 && S->getNumOperands() != 5))
        continue;
      unsigned FlagsAt = S->getNumOperands() == 3 ? 1 : 3;
      Entry E;
      E.Order = I;
      if (auto *F = dyn_cast<GlobalValue>(
              S->getOperand(0)->stripPointerCasts()))
        E.Symbol = F->getName().str();
      if (FlagsAt == 3)
        if (auto *N = dyn_cast<GlobalVariable>(
                S->getOperand(1)->stripPointerCasts()))
          if (auto *Str = dyn_cast_or_null<ConstantDataSequential>(
                  N->hasInitializer() ? N->getInitializer() : nullptr))
            if (Str->isCString()) {
              E.Name = Str->getAsCString().str();
              E.HasName = true;
            }
      if (auto *C = dyn_cast<ConstantInt>(S->getOperand(FlagsAt)))
        E.Flags = uint32_t(C->getZExtValue());
      if (auto *C = dyn_cast<ConstantInt>(S->getOperand(FlagsAt + 1)))
        E.Hash = uint32_t(C->getZExtValue());
      T.Entries.push_back(std::move(E));
    }
    Out.push_back(std::move(T));
  }
  return Error::success();
}

} // namespace omp_indirect_dump
