//===- ReadFile.cpp - read one file for omp-indirect-dump ------------------===//
//
// Opens the file, reads its host FPTR tables and `declare mapper` records
// (ElfTables.cpp) and its device images (OffloadImages.cpp), and turns every
// problem into one line: not ELF, truncated, malformed, or no offload
// sections at all.
//
// USAGE: omp-indirect-dump FILE
//
//===----------------------------------------------------------------------===//
#include "Dump.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace llvm;

namespace omp_indirect_dump {

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Record layout (docs/format.md): NUL-terminated strings
///   "omp_indirect.mappers.v1" unit N, then N times: id type M, then M times:
///   item maptype.
namespace {
class Strings {
public:
  explicit Strings(StringRef D) : D(D) {}
  bool done() const { return Off >= D.size(); }
  void skipPadding() {
    while (Off < D.size() && D[Off] == '\0')
      ++Off;
  }
  Expected<StringRef> next() {
    size_t End = D.find('\0', Off);
    if (End == StringRef::npos)
      return fail("malformed mapper record: unterminated string at offset " +
                  Twine(Off));
    StringRef S = D.slice(Off, End);
    Off = End + 1;
    return S;
  }
  Expected<uint64_t> count() {
    auto S = next();
    if (!S)
      return S.takeError();
    uint64_t N;
    if (S->getAsInteger(10, N) || N > D.size())
      return fail("malformed mapper record: bad count '" + *S + "'");
    return N;
  }

private:
  StringRef D;
  size_t Off = 0;
};
} // namespace

Error parseMapperRecords(StringRef Data, std::vector<Mapper> &Out) {
  Strings S(Data);
  for (S.skipPadding(); !S.done(); S.skipPadding()) {
    auto Magic = S.next();
    if (!Magic)
      return Magic.takeError();
    if (*Magic != "omp_indirect.mappers.v1")
      return fail("malformed mapper record: expected omp_indirect.mappers.v1, "
                  "found '" + *Magic + "'");
    auto Unit = S.next();
    auto N = Unit ? S.count() : Unit.takeError();
    if (!N)
      return N.takeError();
    for (uint64_t I = 0; I < *N; ++I) {
      Mapper M;
      M.Unit = Unit->str();
      auto Id = S.next();
      auto Type = Id ? S.next() : Id.takeError();
      auto Items = Type ? S.count() : Type.takeError();
      if (!Items)
        return Items.takeError();
      M.Id = Id->str();
      M.Type = Type->str();
      for (uint64_t J = 0; J < *Items; ++J) {
        auto Item = S.next();
        auto MapType = Item ? S.next() : Item.takeError();
        if (!MapType)
          return MapType.takeError();
        M.Items.push_back({Item->str(), MapType->str()});
      }
      Out.push_back(std::move(M));
    }
  }
  return Error::success();
}

Expected<Dump> readFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return fail(Buf.getError().message());
  StringRef B = (*Buf)->getBuffer();
  file_magic Magic = identify_magic(B);
  if (Magic == file_magic::archive)
    return fail("an archive: give one of its members (ar x)");
  if (Magic == file_magic::bitcode)
    return fail("LLVM bitcode, not ELF: give the object or the executable");
  if (!B.starts_with("\x7f"
                    "ELF"))
    return fail("not an ELF file");
  if (B.size() < sizeof(object::ELF64LE::Ehdr))
    return fail("truncated ELF file (" + Twine(B.size()) + " bytes)");
  Dump D;
  D.File = Path.str();
  if (Error E = readElfTables(B, true, D.Tables, D.Kind, &D.Mappers,
                              &D.HasOffloadSections)) {
    return fail("truncated or malformed ELF file: " + toString(std::move(E)));
  }
  if (!D.HasOffloadSections)
    return fail("no OpenMP offload sections (omp_offloading_fptr_entries, "
                "omp_indirect_mappers, .llvm.offloading, "
                "omp_offloading_entries, llvm_offload_entries): not built "
                "with -fopenmp -fopenmp-targets");
  // The images: section .llvm.offloading, read again as raw bytes.
  auto F = object::ELFFile<object::ELF64LE>::create(B);
  if (!F)
    return F.takeError();
  auto Secs = F->sections();
  if (!Secs)
    return Secs.takeError();
  for (const auto &S : *Secs) {
    auto Name = F->getSectionName(S);
    if (!Name)
      return Name.takeError();
    if (*Name != ".llvm.offloading" || S.sh_type == ELF::SHT_NOBITS)
      continue;
    auto Data = F->getSectionContents(S);
    if (!Data)
      return Data.takeError();
    if (Error E = readOffloadSection(toStringRef(*Data), D.Images))
      return fail("malformed .llvm.offloading: " + toString(std::move(E)));
  }
  // Device tables in the host's (link) order; units the host lacks last.
  auto Rank = [&](const Table &T) {
    for (size_t I = 0; I < D.Tables.size(); ++I)
      if (D.Tables[I].Unit == T.Unit)
        return I;
    return D.Tables.size();
  };
  for (Image &Img : D.Images)
    std::stable_sort(Img.Tables.begin(), Img.Tables.end(),
                     [&](const Table &A, const Table &B) {
                       return Rank(A) < Rank(B);
                     });
  return D;
}

} // namespace omp_indirect_dump
