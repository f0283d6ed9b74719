//===- ElfFile.cpp - sections, symbols and relocations of one ELF file ----===//
//
// Reads an ELF file (a host executable, shared library or object, or a
// device image) for omp-indirect-dump and resolves its pointer fields. A
// pointer field in an object file is a relocation against a symbol; in a
// linked file a dynamic relocation (R_X86_64_RELATIVE and the like) or a
// plain value; a cubin keeps section relocations even when linked. Every
// read is bounds-checked; a bad file gives an Error, never a crash.
//
// USAGE: omp-indirect-dump FILE
//
//===----------------------------------------------------------------------===//
#include "ElfFile.h"

#include "llvm/Support/Endian.h"

using namespace llvm;

namespace omp_indirect_dump {

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

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

} // namespace omp_indirect_dump
