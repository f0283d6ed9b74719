//===- ElfFile.h - one 64-bit little-endian ELF file, for the dump tool ---===//
//
// Internal to omp-indirect-dump: an ELF file's sections, symbols and
// relocations, and where a pointer field in it points. ElfFile.cpp reads
// the file and resolves pointer fields; ElfTables.cpp decodes the FPTR
// tables with them. Dump.h is the tool's interface; only these two files
// include this one.
//
// USAGE: omp-indirect-dump FILE
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_DUMP_ELFFILE_H
#define OMP_INDIRECT_DUMP_ELFFILE_H

#include "Dump.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Object/ELFTypes.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace omp_indirect_dump {

/// The one ELF flavour read: 64-bit little-endian.
///{
using ELFT = llvm::object::ELF64LE;
using Shdr = ELFT::Shdr;
using Sym = ELFT::Sym;
///}

/// Where a pointer field points: a section offset (objects) or an address
/// (linked files), and the symbol it names, if any.
struct Target {
  std::optional<unsigned> Sec;  ///< Section index, for objects.
  std::optional<uint64_t> Addr; ///< Address, for linked files.
  uint64_t Off = 0;             ///< Offset in section \c Sec.
  std::string Symbol;           ///< The relocation's symbol, if named.
};

/// A relocation that fills a pointer field.
struct Fixup {
  const Shdr *Symtab = nullptr; ///< Its symbol table, if any.
  uint32_t SymIdx = 0;          ///< Its symbol; 0 for none (RELATIVE).
  int64_t Addend = 0;           ///< Its explicit addend (SHT_RELA).
  bool Implicit = false;        ///< SHT_REL: the addend is in the field itself.
};

/// An ELF file with its sections by name, its symbols by place and its
/// relocations by the field they fill. Every read is bounds-checked.
class ElfFile {
public:
  explicit ElfFile(llvm::object::ELFFile<ELFT> F) : F(std::move(F)) {}

  /// Indexes sections, function and object symbols, and relocations.
  llvm::Error init();
  /// Objects, and cubins of any type, address data by section and offset;
  /// other linked files by virtual address.
  bool isObject() const {
    return F.getHeader().e_type == llvm::ELF::ET_REL ||
           F.getHeader().e_machine == llvm::ELF::EM_CUDA;
  }
  /// "object", "executable", "shared library", "cubin" or "ELF file".
  std::string kind() const;
  /// Appends the FPTR tables (only those in the host section
  /// omp_offloading_fptr_entries when \p HostSection) to \p Out, in link
  /// order (ElfTables.cpp).
  llvm::Error readTables(bool HostSection, std::vector<Table> &Out);
  /// The contents of section \p Name; \p Found says whether it has any.
  llvm::Expected<llvm::ArrayRef<uint8_t>> contentsOf(llvm::StringRef Name,
                                                     bool &Found);
  /// Whether the file has a section called \p Name.
  bool hasSection(llvm::StringRef Name) const {
    return ByName.count(Name.str());
  }

private:
  /// ELF plumbing (ElfFile.cpp).
  ///{
  /// The \p Size-byte (4 or 8) little-endian word at \p Off in \p Sec.
  llvm::Expected<uint64_t> readWord(unsigned Sec, uint64_t Off, unsigned Size);
  /// Where the pointer field at \p Off in \p Sec points.
  llvm::Expected<Target> resolve(unsigned Sec, uint64_t Off);
  /// The NUL-terminated string at \p T; when it lies in no section of
  /// this file, "<symbol>" with its symbol, else "".
  llvm::Expected<std::string> readString(const Target &T);
  /// The symbol naming \p T, or "".
  std::string symbolAt(const Target &T);
  ///}

  /// FPTR table readers (ElfTables.cpp).
  ///{
  /// Appends the table of \p Unit, \p Size bytes at \p Off in \p Sec.
  llvm::Error readTable(llvm::StringRef Unit, bool Host, unsigned Sec,
                        uint64_t Off, uint64_t Size, std::vector<Table> &Out);
  /// A host entry {addr, name, size, flags, hash} at \p At.
  llvm::Error readHostEntry(unsigned Sec, uint64_t At, Entry &E);
  /// A device entry at \p At of table \p T: {offset, hash} or an address.
  llvm::Error readDeviceEntry(const Table &T, unsigned Sec, uint64_t At,
                              Entry &E);
  /// Sets \p E's address and symbol from \p T.
  void setAddress(const Target &T, Entry &E);
  ///}

  llvm::object::ELFFile<ELFT> F;
  llvm::ArrayRef<Shdr> Sections;
  std::map<std::string, unsigned> ByName; ///< Section index by name.
  /// Fixups keyed by (section index, offset) in objects, (~0u, address) else.
  std::map<std::pair<unsigned, uint64_t>, Fixup> Fixups;
  /// Function and object symbols by (section or ~0u, value).
  std::map<std::pair<unsigned, uint64_t>, std::string> Symbols;
  /// Each symbol table (SHT_SYMTAB, SHT_DYNSYM) with its symbols.
  std::vector<std::pair<const Shdr *, llvm::ArrayRef<Sym>>> Symtabs;
};

} // namespace omp_indirect_dump

#endif // OMP_INDIRECT_DUMP_ELFFILE_H
