//===- Main.cpp - omp-indirect-dump: what omp-indirect put in a binary ------===//
//
// Prints the FPTR entries, the `declare mapper` records and, for each
// embedded device image, its own entries checked against the host's, of an
// executable, a shared library or an object file. Bad input gets one line,
// "omp-indirect-dump: FILE: <why>", and exit status 1.
//
// USAGE: omp-indirect-dump [--json] FILE
//        omp-indirect-dump --version
//
//===----------------------------------------------------------------------===//
#include "Dump.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>

using namespace llvm;

static int usage(int Rc) {
  (Rc ? errs() : outs())
      << "usage: omp-indirect-dump [--json] FILE\n"
         "       omp-indirect-dump --version\n"
         "Prints the omp-indirect FPTR entries, declare mapper records and "
         "device images\nof an executable, a shared library or an object "
         "file.\n";
  return Rc;
}

/// The omp-indirect release and the LLVM release this tool reads for.
static int version() {
  outs() << "omp-indirect-dump (omp-indirect " OMP_INDIRECT_VERSION
            ") for LLVM " LLVM_VERSION_STRING "\n";
  return 0;
}

int main(int Argc, char **Argv) {
  bool Json = false;
  const char *Path = nullptr;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--json"))
      Json = true;
    else if (!std::strcmp(Argv[I], "--version"))
      return version();
    else if (!std::strcmp(Argv[I], "-h") || !std::strcmp(Argv[I], "--help"))
      return usage(0);
    else if ((Argv[I][0] == '-' && Argv[I][1]) || Path)
      return usage(2);
    else
      Path = Argv[I];
  }
  if (!Path)
    return usage(2);
  auto D = omp_indirect_dump::readFile(Path);
  if (!D) {
    std::string Msg = toString(D.takeError());
    std::replace(Msg.begin(), Msg.end(), '\n', ' ');
    errs() << "omp-indirect-dump: " << Path << ": " << Msg << "\n";
    return 1;
  }
  if (Json)
    omp_indirect_dump::printJson(outs(), *D);
  else
    omp_indirect_dump::printText(outs(), *D);
  return 0;
}
