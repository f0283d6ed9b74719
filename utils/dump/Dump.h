//===- Dump.h - what omp-indirect-dump reads out of a binary -----------------===//
//
// The model omp-indirect-dump fills and prints: a file's FPTR entry tables,
// its `declare mapper` records, and its embedded device images with their own
// tables. docs/format.md describes every structure read here.
//
// USAGE: omp-indirect-dump [--json] FILE
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_DUMP_H
#define OMP_INDIRECT_DUMP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace omp_indirect_dump {

/// One FPTR entry: a host entry (a libomptarget __tgt_offload_entry with
/// flags 0x8) or a device entry (an address, with the name's hash where the
/// table's layout has one; no name and no flags).
struct Entry {
  unsigned Order = 0;    ///< Position in its unit's table.
  bool HasName = false;  ///< A host entry: \c Name is its `name` field.
  std::string Name;      ///< The function's mangled name, if known.
  bool HasAddr = false;  ///< The `addr` field is a known address.
  uint64_t Addr = 0;     ///< That address (host or device).
  std::string Symbol;    ///< The symbol `addr` points to, if known.
  uint32_t Flags = 0;    ///< Host entries: 0x8 for indirect functions.
  bool HasHash = true;   ///< False in a device table of addresses.
  uint32_t Hash = 0;     ///< `reserved`: low 32 bits of xxHash64(Name).
};

/// One translation unit's table, __omp_offloading_fptr_entries_<Unit>.
struct Table {
  std::string Unit; ///< 16 hex digits; "" when the symbol is gone (stripped).
  std::vector<Entry> Entries;
  /// Device tables: "offsets" or "addresses" (docs/format.md, section 2),
  /// and the header's digest of the names' hashes.
  std::string Layout;
  uint64_t Digest = 0;
};

/// One `declare mapper`, from section omp_indirect_mappers.
struct Mapper {
  std::string Unit, Id, Type;
  std::vector<std::pair<std::string, std::string>> Items; ///< (item, map type)
};

/// One device image embedded in the file (.llvm.offloading).
struct Image {
  std::string Kind;     ///< object, bitcode, cubin, fatbinary, ptx, ...
  std::string Producer; ///< openmp, cuda, hip.
  std::string Triple, Arch;
  uint64_t Size = 0;
  std::vector<Table> Tables;
  std::string Note; ///< Why its tables could not be read, if so.
};

/// Everything read from one file.
struct Dump {
  std::string File;
  std::string Kind; ///< executable, shared library, object.
  std::vector<Table> Tables;
  std::vector<Mapper> Mappers;
  std::vector<Image> Images;
  bool HasOffloadSections = false;
};

/// Reads \p Path. Errors are one line each: not ELF, truncated, malformed.
llvm::Expected<Dump> readFile(llvm::StringRef Path);

/// Reads the FPTR tables of the ELF file in \p Buf (host or device image).
/// \p HostSection limits them to the host section omp_offloading_fptr_entries.
/// Also sets \p Kind to the file's ELF type, and, when \p Mappers is given,
/// reads the mapper records into it.
llvm::Error readElfTables(llvm::StringRef Buf, bool HostSection,
                          std::vector<Table> &Tables, std::string &Kind,
                          std::vector<Mapper> *Mappers, bool *HasOffload);

/// Parses the section omp_indirect_mappers (concatenated unit records).
llvm::Error parseMapperRecords(llvm::StringRef Data, std::vector<Mapper> &Out);

/// Parses the OffloadBinaries in a .llvm.offloading section and the FPTR
/// tables of each image they hold.
llvm::Error readOffloadSection(llvm::StringRef Data, std::vector<Image> &Out);

/// Reads the FPTR tables of a device bitcode image.
llvm::Error readBitcodeTables(llvm::StringRef Buf, std::vector<Table> &Out);

/// Prints \p D for people, or as JSON.
void printText(llvm::raw_ostream &OS, const Dump &D);
void printJson(llvm::raw_ostream &OS, const Dump &D);

/// "match" when device entry \p E of table \p T has the same hash (and
/// name, if it has one) as the host entry of the same order in \p Host, or,
/// without a hash, when \p T's digest is that of \p Host's hashes; "no host
/// table", or why it differs.
std::string matchEntry(const Table *Host, const Table &T, const Entry &E);

/// The digest a device table's header holds for the names' hashes \p T.
uint64_t hashDigest(const Table &T);

/// Decodes the 16-byte header of a device table (docs/format.md, section
/// 2) into \p T's layout and digest and returns its entry count, or an
/// Error when the header is not one.
llvm::Expected<uint32_t> readDeviceHeader(llvm::ArrayRef<uint8_t> Header,
                                          uint64_t Size, Table &T);

/// The name of \p E: its own, or for a device entry without one, the name
/// of the host entry of the same order in \p Host, else the symbol its
/// address names ("?" without one).
std::string entryName(const Table *Host, const Entry &E);

/// Low 32 bits of xxHash64(\p Name), as the pass writes in `reserved`.
uint32_t nameHash(llvm::StringRef Name);

} // namespace omp_indirect_dump

#endif // OMP_INDIRECT_DUMP_H
