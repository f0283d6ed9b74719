//===- Print.cpp - omp-indirect-dump's text and JSON output ----------------===//
//
// Text for people: the file, its host FPTR tables (order, name, host address
// or symbol, flags, name-hash check), its `declare mapper` records, then each
// device image with its tables, every entry checked against the host entry of
// the same unit and order, whose name it shows (device entries carry none). JSON carries the same facts (docs/user-guide.md
// lists the keys).
//
// USAGE: omp-indirect-dump [--json] FILE
//
//===----------------------------------------------------------------------===//
#include "Dump.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace omp_indirect_dump {

static const Table *findUnit(const std::vector<Table> &Tables, StringRef Unit) {
  for (const Table &T : Tables)
    if (T.Unit == Unit)
      return &T;
  return nullptr;
}

std::string matchEntry(const Table *Host, const Table &T, const Entry &E) {
  if (!Host)
    return "no host table";
  if (E.Order >= Host->Entries.size())
    return "no host entry";
  const Entry &H = Host->Entries[E.Order];
  if (E.HasName && H.Name != E.Name)
    return "host has " + H.Name;
  if (!E.HasHash)
    return Host->Entries.size() == T.Entries.size() &&
                   hashDigest(*Host) == T.Digest
               ? "match"
               : "digest differs from the host table's";
  if (H.Hash != E.Hash)
    return E.HasName ? "hash differs" : "hash differs: host has " + H.Name;
  return "match";
}

std::string entryName(const Table *Host, const Entry &E) {
  if (E.HasName)
    return E.Name;
  if (Host && E.Order < Host->Entries.size())
    return Host->Entries[E.Order].Name;
  return E.Symbol.empty() ? "?" : E.Symbol; // The symbol its address names.
}

static std::string addrText(const Entry &E) {
  std::string S;
  raw_string_ostream OS(S);
  if (E.HasAddr)
    OS << format_hex(E.Addr, 10);
  if (!E.Symbol.empty())
    OS << (E.HasAddr ? " <" : "<") << E.Symbol << ">";
  if (!E.HasAddr && E.Symbol.empty())
    OS << "?";
  return OS.str();
}

static void printTable(raw_ostream &OS, const Table &T, const Table *Host,
                       bool Device) {
  OS << "  unit " << (T.Unit.empty() ? "(unnamed, stripped)" : T.Unit) << ": "
     << T.Entries.size() << " entr" << (T.Entries.size() == 1 ? "y" : "ies");
  if (!T.Layout.empty())
    OS << " (" << T.Layout << ")";
  OS << "\n";
  for (const Entry &E : T.Entries) {
    OS << "    " << E.Order << "  " << entryName(Host, E) << "  "
       << (Device ? "device " : "host ") << addrText(E);
    if (!Device)
      OS << "  flags " << format_hex(E.Flags, 3);
    if (E.HasName && E.Hash != nameHash(E.Name))
      OS << "  BAD NAME HASH";
    if (Device)
      OS << "  " << matchEntry(Host, T, E);
    OS << "\n";
  }
}

void printText(raw_ostream &OS, const Dump &D) {
  OS << D.File << ": " << D.Kind << "\n";
  OS << "FPTR entries (host): " << D.Tables.size() << " unit"
     << (D.Tables.size() == 1 ? "" : "s") << "\n";
  for (const Table &T : D.Tables)
    printTable(OS, T, nullptr, false);
  OS << "declare mapper: " << D.Mappers.size() << "\n";
  for (const Mapper &M : D.Mappers) {
    OS << "  unit " << M.Unit << ": declare mapper(" << M.Id << ": " << M.Type
       << ")";
    for (const auto &[Item, MapType] : M.Items)
      OS << " map(" << MapType << ": " << Item << ")";
    OS << "\n";
  }
  OS << "device images: " << D.Images.size() << "\n";
  for (size_t I = 0; I < D.Images.size(); ++I) {
    const Image &Img = D.Images[I];
    OS << "image " << I << ": " << Img.Triple;
    if (!Img.Arch.empty())
      OS << " " << Img.Arch;
    OS << " (" << Img.Kind << ", " << Img.Producer << ", " << Img.Size
       << " bytes): " << Img.Tables.size() << " unit"
       << (Img.Tables.size() == 1 ? "" : "s") << "\n";
    if (!Img.Note.empty())
      OS << "  " << Img.Note << "\n";
    for (const Table &T : Img.Tables)
      printTable(OS, T, findUnit(D.Tables, T.Unit), true);
  }
}

static json::Array entriesJson(const Table &T, const Table *Host, bool Device) {
  json::Array A;
  for (const Entry &E : T.Entries) {
    std::string Name = entryName(Host, E);
    json::Object O{{"order", E.Order}, {"name", Name}};
    if (!Device)
      O["flags"] = E.Flags;
    if (E.HasHash) {
      O["hash"] = E.Hash;
      O["hash_ok"] = E.Hash == nameHash(Name);
    }
    if (E.HasAddr)
      O["address"] = E.Addr;
    if (!E.Symbol.empty())
      O["symbol"] = E.Symbol;
    if (Device)
      O["host_match"] = matchEntry(Host, T, E);
    A.push_back(std::move(O));
  }
  return A;
}

static json::Array tablesJson(const std::vector<Table> &Tables,
                              const std::vector<Table> *Host) {
  json::Array A;
  for (const Table &T : Tables) {
    json::Object O{
        {"unit", T.Unit},
        {"entries",
         entriesJson(T, Host ? findUnit(*Host, T.Unit) : nullptr, Host)}};
    if (!T.Layout.empty()) {
      O["layout"] = T.Layout;
      O["digest"] = "0x" + utohexstr(T.Digest, /*LowerCase=*/true);
    }
    A.push_back(std::move(O));
  }
  return A;
}

void printJson(raw_ostream &OS, const Dump &D) {
  json::Array Mappers;
  for (const Mapper &M : D.Mappers) {
    json::Array Items;
    for (const auto &[Item, MapType] : M.Items)
      Items.push_back(json::Object{{"item", Item}, {"map_type", MapType}});
    Mappers.push_back(json::Object{{"unit", M.Unit},
                                   {"id", M.Id},
                                   {"type", M.Type},
                                   {"items", std::move(Items)}});
  }
  json::Array Images;
  for (const Image &Img : D.Images) {
    json::Object O{{"triple", Img.Triple},     {"arch", Img.Arch},
                   {"kind", Img.Kind},         {"producer", Img.Producer},
                   {"size", Img.Size},
                   {"tables", tablesJson(Img.Tables, &D.Tables)}};
    if (!Img.Note.empty())
      O["note"] = Img.Note;
    Images.push_back(std::move(O));
  }
  json::Value V = json::Object{{"file", D.File},
                               {"kind", D.Kind},
                               {"tables", tablesJson(D.Tables, nullptr)},
                               {"mappers", std::move(Mappers)},
                               {"images", std::move(Images)}};
  OS << formatv("{0:2}", V) << "\n";
}

} // namespace omp_indirect_dump
