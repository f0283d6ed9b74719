/*===- ElfSymbols.c - names from an ELF file's symbol table ---------------===*
 *
 * See ElfSymbols.h. Every offset and count read from the file is checked
 * against its size: a damaged file yields no name, never a fault.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "ElfSymbols.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The section headers, *Num of them, or NULL when they lie outside. */
static const Elf64_Shdr *headers(const omp_indirect_elf *F, unsigned *Num) {
  const Elf64_Ehdr *E = (const Elf64_Ehdr *)F->file;
  *Num = E->e_shnum;
  if (E->e_shentsize != sizeof(Elf64_Shdr) || E->e_shoff > F->size ||
      (F->size - E->e_shoff) / sizeof(Elf64_Shdr) < E->e_shnum)
    return NULL;
  return (const Elf64_Shdr *)(F->file + E->e_shoff);
}

/* True when section S's bytes lie inside the file. */
static int inFile(const omp_indirect_elf *F, const Elf64_Shdr *S) {
  return S->sh_offset <= F->size && S->sh_size <= F->size - S->sh_offset;
}

/* The section header of type Type, or NULL. */
static const Elf64_Shdr *sectionOfType(const omp_indirect_elf *F,
                                       uint32_t Type) {
  unsigned N;
  const Elf64_Shdr *S = headers(F, &N);
  for (unsigned I = 0; S && I < N; ++I)
    if (S[I].sh_type == Type && S[I].sh_link < N && inFile(F, &S[I]))
      return &S[I];
  return NULL;
}

/* Points F at the symbol table of type Type and its strings; 0 on success. */
static int useTable(omp_indirect_elf *F, uint32_t Type) {
  unsigned N;
  const Elf64_Shdr *Sym = sectionOfType(F, Type);
  if (!Sym)
    return 1;
  const Elf64_Shdr *Str = headers(F, &N) + Sym->sh_link;
  if (!inFile(F, Str) || !Str->sh_size)
    return 1;
  F->syms = F->file + Sym->sh_offset;
  F->num_syms = Sym->sh_size / sizeof(Elf64_Sym);
  F->strs = (const char *)F->file + Str->sh_offset;
  F->strs_size = Str->sh_size;
  return 0;
}

int omp_indirect_elf_open(omp_indirect_elf *F, const char *Path) {
  memset(F, 0, sizeof *F);
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return 1;
  struct stat St;
  void *Map = MAP_FAILED;
  if (!fstat(Fd, &St) && St.st_size >= (off_t)sizeof(Elf64_Ehdr))
    Map = mmap(NULL, (size_t)St.st_size, PROT_READ, MAP_PRIVATE, Fd, 0);
  close(Fd);
  if (Map == MAP_FAILED)
    return 1;
  F->file = Map;
  F->size = (size_t)St.st_size;
  const Elf64_Ehdr *E = Map;
  if (memcmp(E->e_ident, ELFMAG, SELFMAG) ||
      E->e_ident[EI_CLASS] != ELFCLASS64 ||
      (useTable(F, SHT_SYMTAB) && useTable(F, SHT_DYNSYM))) {
    omp_indirect_elf_close(F);
    return 1;
  }
  return 0;
}

void omp_indirect_elf_close(omp_indirect_elf *F) {
  if (F->file)
    munmap((void *)F->file, F->size);
  memset(F, 0, sizeof *F);
}

int omp_indirect_elf_section(const omp_indirect_elf *F, const char *Name,
                             uint64_t *Addr, uint64_t *Size) {
  unsigned N;
  const Elf64_Shdr *S = headers(F, &N);
  unsigned Index = ((const Elf64_Ehdr *)F->file)->e_shstrndx;
  if (!S || Index >= N || !inFile(F, &S[Index]))
    return 1;
  const char *Strs = (const char *)F->file + S[Index].sh_offset;
  size_t Len = strlen(Name) + 1;
  for (unsigned I = 0; I < N; ++I)
    if (S[I].sh_name < S[Index].sh_size &&
        S[Index].sh_size - S[I].sh_name >= Len &&
        !memcmp(Strs + S[I].sh_name, Name, Len)) {
      *Addr = S[I].sh_addr;
      *Size = S[I].sh_size;
      return 0;
    }
  return 1;
}

/* Symbol I's name, or NULL when its offset is out of the table. */
static const char *nameOf(const omp_indirect_elf *F, const Elf64_Sym *S) {
  if (S->st_name >= F->strs_size ||
      !memchr(F->strs + S->st_name, 0, F->strs_size - S->st_name))
    return NULL;
  return F->strs + S->st_name;
}

const char *omp_indirect_elf_symbol_at(const omp_indirect_elf *F,
                                       uint64_t Vaddr, unsigned Type) {
  const Elf64_Sym *S = F->syms;
  const char *Best = NULL;
  for (size_t I = 0; I < F->num_syms; ++I) {
    if (ELF64_ST_TYPE(S[I].st_info) != Type || S[I].st_shndx == SHN_UNDEF ||
        Vaddr < S[I].st_value)
      continue;
    uint64_t Off = Vaddr - S[I].st_value;
    if (Off < S[I].st_size || (!Off && !S[I].st_size)) {
      const char *Name = nameOf(F, &S[I]);
      /* A global name beats a local alias of the same bytes. */
      if (Name && *Name &&
          (!Best || ELF64_ST_BIND(S[I].st_info) != STB_LOCAL))
        Best = Name;
    }
  }
  return Best;
}

int omp_indirect_elf_defines_function(const omp_indirect_elf *F,
                                      const char *Name) {
  const Elf64_Sym *S = F->syms;
  for (size_t I = 0; I < F->num_syms; ++I) {
    if (ELF64_ST_TYPE(S[I].st_info) != STT_FUNC || S[I].st_shndx == SHN_UNDEF)
      continue;
    const char *N = nameOf(F, &S[I]);
    if (N && !strcmp(N, Name))
      return 1;
  }
  return 0;
}

typedef char *demangle_fn(const char *, char *, size_t *, int *);

const char *omp_indirect_demangle(const char *Name, char *Buf, size_t Len) {
  demangle_fn *Demangle =
      Name[0] == '_' && Name[1] == 'Z'
          ? (demangle_fn *)dlsym(RTLD_DEFAULT, "__cxa_demangle")
          : NULL;
  int Status = -1;
  char *Out = Demangle ? Demangle(Name, NULL, NULL, &Status) : NULL;
  snprintf(Buf, Len, "%s", Out && !Status ? Out : Name);
  free(Out);
  return Buf;
}
