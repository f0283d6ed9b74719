//===- FlangIndirect.cpp - Fortran `declare target ... indirect` ---------===//
//
// flang-22 cannot lower the INDIRECT clause, so omp-indirect-flang compiles
// a copy of each source that has it, the clause blanked, and tells the pass
// what the clause said through the environment of flang's jobs (the host
// and the device compile alike):
//
//   OMP_INDIRECT_FLANG_INDIRECT   link names of the indirect procedures
//                                 the command's sources define, one a line
//   OMP_INDIRECT_FLANG_NAMED      link names of those a source only names
//                                 (a procedure of another module, an
//                                 interface body), one a line
//   OMP_INDIRECT_FLANG_EXPECT     "name<TAB>file:line:col" a line, with
//                                 one source: each procedure that source
//                                 defines, where its clause is
//   OMP_INDIRECT_FLANG_SOURCES    "copy<TAB>source as given" a line
//
// In a module flang made (source_filename "FIRModule"), each INDIRECT
// procedure the module defines, and each NAMED one (declared if the module
// lacks it; the unit that defines it links in), becomes an entry (sorted
// by name, so the host and the device table agree), as the clang plugin's
// metadata makes one for C; EntryTable.cpp then emits the tables, as for
// C. A clause is never blanked without its procedure registered: an
// EXPECT name the host module does not define is an error at its clause's
// line, and the compile fails. The unit's
// identifier is a hash of those names (flang's modules all have one source
// file name), and a host module whose code calls through a pointer gets the
// pointer-calls note (docs/runtime.md, the stop), so that no call through a
// host address runs a host copy silently on the host-offload device. With
// -g, the compile unit's file names the user's source, not the copy.
//
// USAGE: OMP_INDIRECT_FLANG_INDIRECT=_QPtwice \
//          /opt/omp-indirect/llvm-22/usr/lib/llvm-22/bin/opt -load-pass-plugin=build-22/lib/libomp-indirect-pass.so \
//            -passes=omp-indirect flang.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumFlangIndirect, "Fortran indirect procedures registered");

namespace omp_indirect {

bool isFlangModule(const Module &M) {
  return M.getSourceFileName() == "FIRModule";
}

/// The lines of environment variable \p Name.
static SmallVector<StringRef, 8> envLines(const char *Name) {
  SmallVector<StringRef, 8> Lines;
  if (const char *V = std::getenv(Name))
    for (StringRef L : split(StringRef(V), '\n'))
      if (!L.trim().empty())
        Lines.push_back(L.trim());
  return Lines;
}

/// True if a function \p M defines calls through a pointer (not a call of
/// the device runtime's own).
static bool callsThroughPointers(const Module &M) {
  for (const Function &F : M) {
    if (F.isDeclaration() || isDeviceRuntime(F))
      continue;
    for (const Instruction &I : instructions(F))
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (CB->isIndirectCall() && !CB->isInlineAsm())
          return true;
  }
  return false;
}

/// With -g, the compile unit flang made for a copy names the user's source.
static unsigned nameUserSources(Module &M) {
  SmallVector<StringRef, 4> Rows = envLines("OMP_INDIRECT_FLANG_SOURCES");
  if (Rows.empty())
    return 0;
  unsigned Changed = 0;
  for (DICompileUnit *CU : M.debug_compile_units()) {
    DIFile *File = CU->getFile();
    if (!File)
      continue;
    SmallString<256> Full(File->getFilename());
    if (!sys::path::is_absolute(Full)) {
      Full = File->getDirectory();
      sys::path::append(Full, File->getFilename());
    }
    for (StringRef Row : Rows) {
      auto [Copy, Source] = Row.split('\t');
      if (Copy != Full)
        continue;
      File->replaceOperandWith(0, MDString::get(M.getContext(), Source));
      ++Changed;
      break;
    }
  }
  return Changed;
}

/// Each procedure the one source's clauses name as defined there must be
/// defined in its host module; otherwise the clause was blanked and nothing
/// registers the procedure, and the compile stops here, not the program.
static void checkExpected(Module &M) {
  for (StringRef Row : envLines("OMP_INDIRECT_FLANG_EXPECT")) {
    auto [Name, Where] = Row.split('\t');
    const Function *F = M.getFunction(Name);
    if (F && !F->isDeclaration())
      continue;
    M.getContext().emitError(
        Twine(Where) + ": omp-indirect-flang: the INDIRECT clause here names "
        "procedure '" + Name + "', which flang's module does not define, so "
        "it cannot be registered");
  }
}

unsigned addFlangIndirect(Module &M, TUInfo &Info) {
  if (!isFlangModule(M))
    return 0;
  unsigned Changed = nameUserSources(M);
  if (!isDeviceModule(M) && callsThroughPointers(M))
    Info.PointerCalls = true;
  if (!Info.Entries.empty())
    return Changed; // The pass ran before on this module.
  if (!isDeviceModule(M))
    checkExpected(M);
  SmallVector<StringRef, 8> Names;
  for (StringRef Name : envLines("OMP_INDIRECT_FLANG_INDIRECT"))
    if (const Function *F = M.getFunction(Name))
      if (!F->isDeclaration())
        Names.push_back(Name);
  for (StringRef Name : envLines("OMP_INDIRECT_FLANG_NAMED"))
    Names.push_back(Name);
  llvm::sort(Names);
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  if (Names.empty())
    return Changed;
  std::string Joined;
  for (StringRef N : Names) {
    Info.Entries.push_back({N.str(), unsigned(Info.Entries.size())});
    Joined += N;
    Joined += '\n';
  }
  Info.Id.clear();
  raw_string_ostream OS(Info.Id);
  OS << "f" << format_hex_no_prefix(xxHash64(Joined), 16);
  OS.flush();
  NumFlangIndirect += Names.size();
  return Changed + Names.size();
}

} // namespace omp_indirect
