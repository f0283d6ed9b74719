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
    // { { i32 layout, i32 count, i64 digest }, [N x entry] } (docs/format.md,
    // section 2); an entry is { i32 offset, i32 hash } or an address.
    auto *Init = dyn_cast<ConstantStruct>(GV.getInitializer());
    auto *Header = Init && Init->getNumOperands() == 2
                       ? dyn_cast<ConstantStruct>(Init->getOperand(0))
                       : nullptr;
    if (!Header || Header->getNumOperands() != 3)
      return createStringError(inconvertibleErrorCode(),
                               "device FPTR table " + T.Unit +
                                   " is not in this release's format");
    uint8_t Bytes[16] = {};
    auto Field = [&](unsigned I) {
      auto *C = dyn_cast<ConstantInt>(Header->getOperand(I));
      return C ? C->getZExtValue() : 0;
    };
    support::endian::write32le(Bytes, uint32_t(Field(0)));
    support::endian::write32le(Bytes + 4, uint32_t(Field(1)));
    support::endian::write64le(Bytes + 8, Field(2));
    auto N = readDeviceHeader(Bytes, ~0ull, T);
    if (!N)
      return N.takeError();
    auto *Arr = dyn_cast<ConstantArray>(Init->getOperand(1));
    for (unsigned I = 0; Arr && I < Arr->getNumOperands() && I < *N; ++I) {
      Entry E;
      E.Order = I;
      Constant *Addr = Arr->getOperand(I);
      if (auto *S = dyn_cast<ConstantStruct>(Addr)) { // { offset, hash }
        if (auto *C = dyn_cast<ConstantInt>(S->getOperand(1)))
          E.Hash = uint32_t(C->getZExtValue());
        Addr = S->getOperand(0);
        // trunc (sub (ptrtoint @f, ptrtoint <the entry>)): @f.
        while (auto *CE = dyn_cast<ConstantExpr>(Addr))
          if (CE->getOpcode() == Instruction::Trunc ||
              CE->getOpcode() == Instruction::Sub ||
              CE->getOpcode() == Instruction::PtrToInt)
            Addr = CE->getOperand(0);
          else
            break;
      } else {
        E.HasHash = false;
      }
      if (auto *F = dyn_cast<GlobalValue>(Addr->stripPointerCasts()))
        E.Symbol = F->getName().str();
      else if (auto *CE = dyn_cast<ConstantExpr>(Addr->stripPointerCasts()))
        if (CE->getOpcode() == Instruction::GetElementPtr)
          if (auto *VT = dyn_cast<GlobalValue>(CE->getOperand(0)))
            E.Symbol = VT->getName().str();
      T.Entries.push_back(std::move(E));
    }
    Out.push_back(std::move(T));
  }
  return Error::success();
}

} // namespace omp_indirect_dump
