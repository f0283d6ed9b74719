//===- ElfTables.cpp - FPTR tables and mapper records of one ELF file -----===//
//
// Finds each __omp_offloading_fptr_entries_<tu> table in an ELF file (a host
// executable, shared library or object, or a device image) and decodes its
// entries: 32 bytes on the host; on the device a 16-byte header, then 8
// bytes an entry, an offset from the entry and the name's hash, or an
// address (docs/format.md, section 2). The `addr` and `name` fields are
// pointers, which ElfFile.cpp resolves (relocations or plain values). An
// offset is a PC-relative relocation in an object, a plain value once
// linked. Every read is bounds-checked; a bad file gives an Error, never a
// crash.
//
// USAGE: omp-indirect-dump FILE
//
//===----------------------------------------------------------------------===//
#include "Dump.h"
#include "ElfFile.h"
#include "FptrFormat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <set>
#include <tuple>

using namespace llvm;
using namespace llvm::object;

namespace omp_indirect_dump {

static constexpr StringLiteral TablePrefix = "__omp_offloading_fptr_entries_";
static constexpr StringLiteral HostSectionName = "omp_offloading_fptr_entries";
static constexpr uint64_t HostEntrySize = 32,
                          DeviceEntrySize = OMP_INDIRECT_FPTR_ENTRY_BYTES,
                          DeviceHeaderSize = OMP_INDIRECT_FPTR_HEADER_BYTES;
static constexpr uint32_t LayoutOffsets = OMP_INDIRECT_FPTR_RELATIVE,
                          LayoutAddresses = OMP_INDIRECT_FPTR_ABSOLUTE;

uint32_t nameHash(StringRef Name) { return uint32_t(xxHash64(Name)); }

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

uint64_t hashDigest(const Table &T) {
  uint64_t D = OMP_INDIRECT_FPTR_DIGEST_BASIS;
  for (const Entry &E : T.Entries)
    D = omp_indirect_fptr_digest_step(D, E.Hash);
  return D;
}

Expected<uint32_t> readDeviceHeader(ArrayRef<uint8_t> Header, uint64_t Size,
                                    Table &T) {
  if (Header.size() < DeviceHeaderSize)
    return fail("a device FPTR table is shorter than its header");
  uint32_t Layout = support::endian::read32le(Header.data());
  uint32_t Count = support::endian::read32le(Header.data() + 4);
  if (Layout != LayoutOffsets && Layout != LayoutAddresses)
    return fail("device FPTR table " + T.Unit +
                " is not in this release's format (rebuild it)");
  if (Size < DeviceHeaderSize + uint64_t(Count) * DeviceEntrySize)
    return fail("device FPTR table " + T.Unit + " holds fewer entries than "
                "its header says");
  T.Layout = Layout == LayoutOffsets ? "offsets" : "addresses";
  T.Digest = support::endian::read64le(Header.data() + 8);
  return Count;
}

Error ElfFile::readTable(StringRef Unit, bool Host, unsigned Sec, uint64_t Off,
                         uint64_t Size, std::vector<Table> &Out) {
  Table T;
  T.Unit = Unit.str();
  uint64_t Count = Size / HostEntrySize;
  if (!Host) {
    auto Data = F.getSectionContents(Sections[Sec]);
    if (!Data)
      return Data.takeError();
    if (Off > Data->size())
      return fail("device FPTR table " + T.Unit + " lies outside its section");
    auto N = readDeviceHeader(Data->drop_front(Off), Size, T);
    if (!N)
      return N.takeError();
    Count = *N;
  }
  for (uint64_t I = 0; I < Count; ++I) {
    Entry E;
    E.Order = unsigned(I);
    if (Error Err = Host ? readHostEntry(Sec, Off + I * HostEntrySize, E)
                         : readDeviceEntry(T, Sec,
                                           Off + DeviceHeaderSize +
                                               I * DeviceEntrySize,
                                           E))
      return Err;
    T.Entries.push_back(std::move(E));
  }
  Out.push_back(std::move(T));
  return Error::success();
}

/// A host entry {addr, name, size, flags, hash} at \p At.
Error ElfFile::readHostEntry(unsigned Sec, uint64_t At, Entry &E) {
  auto Addr = resolve(Sec, At);
  if (!Addr)
    return Addr.takeError();
  auto NamePtr = resolve(Sec, At + 8);
  if (!NamePtr)
    return NamePtr.takeError();
  auto Name = readString(*NamePtr);
  if (!Name)
    return Name.takeError();
  auto Flags = readWord(Sec, At + 24, 4);
  if (!Flags)
    return Flags.takeError();
  auto Hash = readWord(Sec, At + 28, 4);
  if (!Hash)
    return Hash.takeError();
  E.Name = *Name;
  E.HasName = true;
  setAddress(*Addr, E);
  E.Flags = uint32_t(*Flags);
  E.Hash = uint32_t(*Hash);
  return Error::success();
}

/// A device entry at \p At of table \p T: {offset, hash} or an address.
Error ElfFile::readDeviceEntry(const Table &T, unsigned Sec, uint64_t At,
                               Entry &E) {
  if (T.Layout == "addresses") {
    auto Addr = resolve(Sec, At);
    if (!Addr)
      return Addr.takeError();
    setAddress(*Addr, E);
    E.HasHash = false;
    return Error::success();
  }
  auto Hash = readWord(Sec, At + 4, 4);
  if (!Hash)
    return Hash.takeError();
  E.Hash = uint32_t(*Hash);
  if (isObject() && Fixups.count({Sec, At})) { // PC-relative to a symbol.
    auto Addr = resolve(Sec, At);
    if (!Addr)
      return Addr.takeError();
    setAddress(*Addr, E);
    return Error::success();
  }
  auto Rel = readWord(Sec, At, 4);
  if (!Rel)
    return Rel.takeError();
  Target X;
  if (!isObject())
    X.Addr = Sections[Sec].sh_addr + At + uint64_t(int64_t(int32_t(*Rel)));
  setAddress(X, E);
  return Error::success();
}

void ElfFile::setAddress(const Target &T, Entry &E) {
  E.HasAddr = T.Addr.has_value();
  E.Addr = T.Addr.value_or(0);
  E.Symbol = symbolAt(T);
}

Error ElfFile::readTables(bool HostSection, std::vector<Table> &Out) {
  // (section, offset, size, unit) of each table, read in section order:
  // the link order of the units.
  std::vector<std::tuple<unsigned, uint64_t, uint64_t, std::string>> Found;
  std::set<std::string> Seen;
  auto Host = ByName.find(HostSectionName.str());
  for (const auto &[Symtab, Syms] : Symtabs) {
    auto Strtab = F.getStringTableForSymtab(*Symtab);
    if (!Strtab)
      return Strtab.takeError();
    for (const Sym &Y : Syms) {
      auto Name = Y.getName(*Strtab);
      if (!Name)
        return Name.takeError();
      if (!Name->starts_with(TablePrefix) || Y.st_shndx == ELF::SHN_UNDEF ||
          Y.st_shndx >= Sections.size() || !Y.st_size)
        continue;
      if (HostSection && (Host == ByName.end() || Y.st_shndx != Host->second))
        continue;
      StringRef Unit = Name->drop_front(TablePrefix.size());
      if (!Seen.insert(Unit.str()).second)
        continue;
      uint64_t Off = Y.st_value;
      if (!isObject()) {
        if (Off < Sections[Y.st_shndx].sh_addr)
          return fail("symbol " + *Name + " lies outside its section");
        Off -= Sections[Y.st_shndx].sh_addr;
      }
      Found.emplace_back(Y.st_shndx, Off, Y.st_size, Unit.str());
    }
  }
  llvm::sort(Found);
  for (const auto &[Sec, Off, Size, Unit] : Found)
    if (Error E = readTable(Unit, HostSection, Sec, Off, Size, Out))
      return E;
  // A stripped file: the host section without symbols is one nameless table.
  if (HostSection && Found.empty() && Host != ByName.end())
    return readTable("", true, Host->second, 0, Sections[Host->second].sh_size,
                     Out);
  return Error::success();
}

Error readElfTables(StringRef Buf, bool HostSection, std::vector<Table> &Tables,
                    std::string &Kind, std::vector<Mapper> *Mappers,
                    bool *HasOffload) {
  if (Buf.size() < ELF::EI_NIDENT || !Buf.starts_with("\x7f"
                                                     "ELF"))
    return fail("not an ELF file");
  if (Buf[ELF::EI_CLASS] != ELF::ELFCLASS64 ||
      Buf[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return fail("not a 64-bit little-endian ELF file");
  auto F = ELFFile<ELFT>::create(Buf);
  if (!F)
    return F.takeError();
  ElfFile File(std::move(*F));
  if (Error E = File.init())
    return E;
  Kind = File.kind();
  if (HasOffload)
    *HasOffload = File.hasSection(HostSectionName) ||
                  File.hasSection("omp_indirect_mappers") ||
                  File.hasSection(".llvm.offloading") ||
                  File.hasSection("omp_offloading_entries") || // LLVM 16, 19
                  File.hasSection("llvm_offload_entries");     // LLVM 20 on
  if (Error E = File.readTables(HostSection, Tables))
    return E;
  if (!Mappers)
    return Error::success();
  bool Found = false;
  auto Data = File.contentsOf("omp_indirect_mappers", Found);
  if (!Data)
    return Data.takeError();
  if (Found)
    return parseMapperRecords(toStringRef(*Data), *Mappers);
  return Error::success();
}

} // namespace omp_indirect_dump
