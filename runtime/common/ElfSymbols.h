/*===- ElfSymbols.h - names from an ELF file's symbol table ---------------===*
 *
 * The loader keeps only the dynamic symbols of an object in memory; an
 * executable's own functions, and every static one, are in the file's
 * .symtab. Messages that must name a function (the stop of a call to host
 * code, HostCallStop.c) read it from the file. Nothing here runs on a hot
 * path: a file is mapped, searched once and unmapped.
 *
 * USAGE: omp_indirect_elf F;
 *        if (!omp_indirect_elf_open(&F, "/proc/self/exe")) {
 *          const char *Name = omp_indirect_elf_symbol_at(&F, Vaddr, STT_FUNC);
 *          ...; omp_indirect_elf_close(&F);
 *        }
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_ELFSYMBOLS_H
#define OMP_INDIRECT_ELFSYMBOLS_H

#include <stddef.h>
#include <stdint.h>

/// One ELF file mapped for reading, with its symbol table: .symtab, or
/// .dynsym when the file was stripped.
typedef struct omp_indirect_elf {
  const unsigned char *file; ///< The mapping, or NULL.
  size_t size;
  const void *syms; ///< Elf64_Sym[num_syms].
  size_t num_syms;
  const char *strs; ///< Their string table, strs_size bytes.
  size_t strs_size;
} omp_indirect_elf;

/// Maps \p Path and finds its symbol table. Returns nonzero (and leaves
/// nothing to close) when the file cannot be read or is no 64-bit ELF file
/// with a symbol table.
int omp_indirect_elf_open(omp_indirect_elf *F, const char *Path);

/// Unmaps a file opened by omp_indirect_elf_open.
void omp_indirect_elf_close(omp_indirect_elf *F);

/// The file address and size of the section named \p Name, in *\p Addr and
/// *\p Size; returns nonzero when there is none. Section headers survive
/// `strip`.
int omp_indirect_elf_section(const omp_indirect_elf *F, const char *Name,
                             uint64_t *Addr, uint64_t *Size);

/// The name of the defined symbol of type \p Type (STT_FUNC, STT_OBJECT)
/// whose bytes hold the file address \p Vaddr (for a zero-sized symbol:
/// that starts there), or NULL. The name lives in the mapping.
const char *omp_indirect_elf_symbol_at(const omp_indirect_elf *F,
                                       uint64_t Vaddr, unsigned Type);

/// True when \p F defines a function named \p Name (local symbols too).
int omp_indirect_elf_defines_function(const omp_indirect_elf *F,
                                      const char *Name);

/// A readable form of the symbol \p Name in \p Buf: the C++ demangling
/// (libstdc++'s __cxa_demangle, which libomptarget brings into every
/// offloading process; looked up when needed), or the name as it is.
const char *omp_indirect_demangle(const char *Name, char *Buf, size_t Len);

#endif /* OMP_INDIRECT_ELFSYMBOLS_H */
