//===- ElfTables.cpp - FPTR tables and mapper records of one ELF file -------===//
//
// Finds each __omp_offloading_fptr_entries_<tu> table in an ELF file (a host
// executable, shared library or object, or a device image) and decodes its
// entries: 32 bytes on the host; on the device a 16-byte header, then 8
// bytes an entry, an offset from the entry and the name's hash, or an
// address (docs/format.md, section 2). The `addr` and `name` fields are
// pointers: in an object file they are relocations against symbols, in a
// linked file dynamic relocations (R_X86_64_RELATIVE and the like) or plain
// values; a cubin keeps section relocations even when linked. An offset is
// a PC-relative relocation in an object, a plain value once linked. Every read is
// bounds-checked; a bad file gives an Error, never a crash.
//
// USAGE: omp-indirect-dump FILE
//
//===----------------------------------------------------------------------===//
#include "Dump.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Object/ELFTypes.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

using namespace llvm;
using namespace llvm::object;

namespace omp_indirect_dump {

static constexpr StringLiteral TablePrefix = "__omp_offloading_fptr_entries_";
static constexpr StringLiteral HostSectionName = "omp_offloading_fptr_entries";
static constexpr uint64_t HostEntrySize = 32, DeviceEntrySize = 8,
                          DeviceHeaderSize = 16;
/// A device table header's layouts, "FPR1" and "FPA1" as little-endian.
static constexpr uint32_t LayoutOffsets = 0x31525046,
                          LayoutAddresses = 0x31415046;

uint32_t nameHash(StringRef Name) { return uint32_t(xxHash64(Name)); }

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

uint64_t hashDigest(const Table &T) {
  uint64_t D = 0xcbf29ce484222325ULL; // FNV-1a over the 32-bit hashes.
  for (const Entry &E : T.Entries)
    D = (D ^ E.Hash) * 0x100000001b3ULL;
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


namespace {
using ELFT = ELF64LE;
using Shdr = ELFT::Shdr;
using Sym = ELFT::Sym;

/// Where a pointer field points: a section offset (objects) or an address
/// (linked files), and the symbol it names, if any.
struct Target {
  std::optional<unsigned> Sec; ///< Section index, for objects.
  std::optional<uint64_t> Addr;
  uint64_t Off = 0;
  std::string Symbol;
};

/// A relocation that fills a pointer field.
struct Fixup {
  const Shdr *Symtab = nullptr;
  uint32_t SymIdx = 0;
  int64_t Addend = 0;
  bool Implicit = false; ///< SHT_REL: the addend is in the field itself.
};

class ElfFile {
public:
  explicit ElfFile(ELFFile<ELFT> F) : F(std::move(F)) {}
  Error init();
  /// Objects, and cubins of any type, address data by section and offset;
  /// other linked files by virtual address.
  bool isObject() const {
    return F.getHeader().e_type == ELF::ET_REL ||
           F.getHeader().e_machine == ELF::EM_CUDA;
  }
  std::string kind() const;
  Error readTables(bool HostSection, std::vector<Table> &Out);
  Expected<ArrayRef<uint8_t>> contentsOf(StringRef Name, bool &Found);
  bool hasSection(StringRef Name) const { return ByName.count(Name.str()); }

private:
  Expected<uint64_t> readWord(unsigned Sec, uint64_t Off, unsigned Size);
  Expected<Target> resolve(unsigned Sec, uint64_t Off);
  Expected<std::string> readString(const Target &T);
  std::string symbolAt(const Target &T);
  Error readTable(StringRef Unit, bool Host, unsigned Sec, uint64_t Off,
                  uint64_t Size,
                  std::vector<Table> &Out);
  Error readHostEntry(unsigned Sec, uint64_t At, Entry &E);
  Error readDeviceEntry(const Table &T, unsigned Sec, uint64_t At, Entry &E);
  void setAddress(const Target &T, Entry &E);

  ELFFile<ELFT> F;
  ArrayRef<Shdr> Sections;
  std::map<std::string, unsigned> ByName;
  /// Fixups keyed by (section index, offset) in objects, (~0u, address) else.
  std::map<std::pair<unsigned, uint64_t>, Fixup> Fixups;
  /// Function and object symbols by (section or ~0u, value).
  std::map<std::pair<unsigned, uint64_t>, std::string> Symbols;
  std::vector<std::pair<const Shdr *, ArrayRef<Sym>>> Symtabs;
};
} // namespace

Error ElfFile::init() {
  auto Secs = F.sections();
  if (!Secs)
    return Secs.takeError();
  Sections = *Secs;
  for (unsigned I = 0; I < Sections.size(); ++I) {
    auto Name = F.getSectionName(Sections[I]);
    if (!Name)
      return Name.takeError();
    ByName.emplace(Name->str(), I);
  }
  for (const Shdr &S : Sections) {
    if (S.sh_type != ELF::SHT_SYMTAB && S.sh_type != ELF::SHT_DYNSYM)
      continue;
    auto Syms = F.symbols(&S);
    if (!Syms)
      return Syms.takeError();
    Symtabs.push_back({&S, *Syms});
    auto Strtab = F.getStringTableForSymtab(S);
    if (!Strtab)
      return Strtab.takeError();
    for (const Sym &Y : *Syms) {
      unsigned Type = Y.getType();
      if ((Type != ELF::STT_FUNC && Type != ELF::STT_OBJECT) ||
          Y.st_shndx == ELF::SHN_UNDEF || Y.st_shndx >= Sections.size())
        continue;
      auto Name = Y.getName(*Strtab);
      if (!Name)
        return Name.takeError();
      Symbols.emplace(std::make_pair(isObject() ? Y.st_shndx : ~0u,
                                     uint64_t(Y.st_value)),
                      Name->str());
    }
  }
  for (const Shdr &S : Sections) {
    bool Rela = S.sh_type == ELF::SHT_RELA;
    if (!Rela && S.sh_type != ELF::SHT_REL)
      continue;
    // Objects: relocations of section sh_info. Linked files: dynamic ones.
    if (isObject() ? S.sh_info >= Sections.size()
                   : !(S.sh_flags & ELF::SHF_ALLOC))
      continue;
    const Shdr *Symtab = nullptr;
    if (S.sh_link && S.sh_link < Sections.size())
      Symtab = &Sections[S.sh_link];
    unsigned Key = isObject() ? unsigned(S.sh_info) : ~0u;
    if (Rela) {
      auto Relas = F.relas(S);
      if (!Relas)
        return Relas.takeError();
      for (const auto &R : *Relas)
        Fixups[{Key, R.r_offset}] = {Symtab, R.getSymbol(false), R.r_addend,
                                     false};
    } else {
      auto Rels = F.rels(S);
      if (!Rels)
        return Rels.takeError();
      for (const auto &R : *Rels)
        Fixups[{Key, R.r_offset}] = {Symtab, R.getSymbol(false), 0, true};
    }
  }
  return Error::success();
}

std::string ElfFile::kind() const {
  if (F.getHeader().e_machine == ELF::EM_CUDA)
    return "cubin";
  switch (F.getHeader().e_type) {
  case ELF::ET_REL:
    return "object";
  case ELF::ET_EXEC:
    return "executable";
  case ELF::ET_DYN: {
    auto Phdrs = F.program_headers();
    if (Phdrs)
      for (const auto &P : *Phdrs)
        if (P.p_type == ELF::PT_INTERP)
          return "executable";
    consumeError(Phdrs.takeError());
    return "shared library";
  }
  default:
    return "ELF file";
  }
}

Expected<ArrayRef<uint8_t>> ElfFile::contentsOf(StringRef Name, bool &Found) {
  auto It = ByName.find(Name.str());
  Found = It != ByName.end() && Sections[It->second].sh_type != ELF::SHT_NOBITS;
  if (!Found)
    return ArrayRef<uint8_t>();
  return F.getSectionContents(Sections[It->second]);
}

Expected<uint64_t> ElfFile::readWord(unsigned Sec, uint64_t Off,
                                     unsigned Size) {
  if (Sections[Sec].sh_type == ELF::SHT_NOBITS)
    return 0; // Zero-initialized.
  auto Data = F.getSectionContents(Sections[Sec]);
  if (!Data)
    return Data.takeError();
  if (Off > Data->size() || Data->size() - Off < Size)
    return fail("an entry table runs past the end of its section");
  return Size == 8 ? support::endian::read64le(Data->data() + Off)
                   : support::endian::read32le(Data->data() + Off);
}

/// Section index holding address \p Addr in a linked file, if any.
static std::optional<unsigned> sectionOf(ArrayRef<Shdr> Sections,
                                         uint64_t Addr) {
  for (unsigned I = 1; I < Sections.size(); ++I) {
    const Shdr &S = Sections[I];
    if ((S.sh_flags & ELF::SHF_ALLOC) && S.sh_addr <= Addr &&
        Addr - S.sh_addr < S.sh_size)
      return I;
  }
  return std::nullopt;
}

Expected<Target> ElfFile::resolve(unsigned Sec, uint64_t Off) {
  Target T;
  uint64_t Where = isObject() ? Off : Sections[Sec].sh_addr + Off;
  auto It = Fixups.find({isObject() ? Sec : ~0u, Where});
  if (It == Fixups.end()) {
    auto Raw = readWord(Sec, Off, 8);
    if (!Raw)
      return Raw.takeError();
    if (!isObject() && *Raw)
      T.Addr = *Raw;
    return T;
  }
  const Fixup &X = It->second;
  int64_t Addend = X.Addend;
  if (X.Implicit) {
    auto Raw = readWord(Sec, Off, 8);
    if (!Raw)
      return Raw.takeError();
    Addend = int64_t(*Raw);
  }
  if (X.SymIdx == 0 || !X.Symtab) { // R_X86_64_RELATIVE and the like.
    if (!isObject())
      T.Addr = uint64_t(Addend);
    return T;
  }
  auto Y = F.getSymbol(X.Symtab, X.SymIdx);
  if (!Y)
    return Y.takeError();
  auto Strtab = F.getStringTableForSymtab(*X.Symtab);
  if (!Strtab)
    return Strtab.takeError();
  if ((*Y)->getType() != ELF::STT_SECTION) {
    auto Name = (*Y)->getName(*Strtab);
    if (!Name)
      return Name.takeError();
    T.Symbol = Name->str();
  }
  unsigned Shndx = (*Y)->st_shndx;
  if (Shndx == ELF::SHN_UNDEF || Shndx >= Sections.size())
    return T; // Defined elsewhere: only the name is known.
  uint64_t Value = (*Y)->st_value + uint64_t(Addend);
  if (isObject()) {
    T.Sec = Shndx;
    T.Off = Value;
  } else {
    T.Addr = Value;
  }
  return T;
}

Expected<std::string> ElfFile::readString(const Target &T) {
  std::optional<unsigned> Sec = T.Sec;
  uint64_t Off = T.Off;
  if (!Sec && T.Addr) {
    Sec = sectionOf(Sections, *T.Addr);
    if (Sec)
      Off = *T.Addr - Sections[*Sec].sh_addr;
  }
  if (!Sec)
    return T.Symbol.empty() ? "" : "<" + T.Symbol + ">";
  auto Data = F.getSectionContents(Sections[*Sec]);
  if (!Data)
    return Data.takeError();
  if (Off >= Data->size())
    return fail("an entry name points past the end of its section");
  StringRef Rest(reinterpret_cast<const char *>(Data->data()) + Off,
                 Data->size() - Off);
  size_t End = Rest.find('\0');
  if (End == StringRef::npos)
    return fail("an entry name is not NUL-terminated");
  return Rest.substr(0, End).str();
}

std::string ElfFile::symbolAt(const Target &T) {
  if (!T.Symbol.empty())
    return T.Symbol;
  auto It = T.Sec ? Symbols.find({*T.Sec, T.Off})
                  : T.Addr ? Symbols.find({~0u, *T.Addr}) : Symbols.end();
  return It == Symbols.end() ? "" : It->second;
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
