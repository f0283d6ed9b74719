/*===- base/MapperName.c - the name of a mapper function, for messages -----===*
 *
 * clang gives each `declare mapper` a function named
 * `.omp_mapper.<mangled type>.<identifier>` (`.omp_mapper._ZTS1S.default`),
 * internal to its unit, so the loader's tables (dladdr) do not know it:
 * the name is read from the object file's symbol table. Only a message
 * calls this, so it reads the file each time.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "MapperName.h"
#include "LoadedObject.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct lookup {
  uintptr_t Addr;
  uintptr_t Bias;
  char Path[4096];
  int Found;
} lookup;

static int containing(struct dl_phdr_info *Info, size_t Size, void *Ctx) {
  (void)Size;
  lookup *L = Ctx;
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) *P = &Info->dlpi_phdr[I];
    uintptr_t Lo = Info->dlpi_addr + P->p_vaddr;
    if (P->p_type == PT_LOAD && L->Addr >= Lo && L->Addr < Lo + P->p_memsz) {
      char Buf[4096];
      const char *Name = omp_indirect_object_name(Info->dlpi_name, Buf,
                                                  sizeof Buf);
      strncpy(L->Path, Name, sizeof L->Path - 1);
      L->Bias = Info->dlpi_addr;
      L->Found = 1;
      return 1;
    }
  }
  return 0;
}

/* The name of the function symbol at file address \p At in the ELF image
   \p F of \p Size bytes, copied into \p Out; 1 when there is none. */
static int symbolAt(const char *F, size_t Size, uintptr_t At, char *Out,
                    size_t Len) {
  const ElfW(Ehdr) *E = (const void *)F;
  if (Size < sizeof *E || memcmp(E->e_ident, ELFMAG, SELFMAG) ||
      E->e_shoff + (size_t)E->e_shnum * sizeof(ElfW(Shdr)) > Size)
    return 1;
  const ElfW(Shdr) *S = (const void *)(F + E->e_shoff);
  for (int Kind = 0; Kind < 2; ++Kind)
    for (int I = 0; I < E->e_shnum; ++I) {
      if (S[I].sh_type != (Kind ? SHT_DYNSYM : SHT_SYMTAB) ||
          S[I].sh_link >= E->e_shnum ||
          S[I].sh_offset + S[I].sh_size > Size)
        continue;
      const ElfW(Shdr) *Str = &S[S[I].sh_link];
      if (Str->sh_offset + Str->sh_size > Size)
        continue;
      const ElfW(Sym) *Sym = (const void *)(F + S[I].sh_offset);
      size_t N = S[I].sh_size / sizeof *Sym;
      for (size_t K = 0; K < N; ++K)
        if (Sym[K].st_value == At && Sym[K].st_name < Str->sh_size &&
            ELF64_ST_TYPE(Sym[K].st_info) == STT_FUNC) {
          const char *Name = F + Str->sh_offset + Sym[K].st_name;
          size_t L = strnlen(Name, Str->sh_size - Sym[K].st_name);
          if (L >= Len)
            L = Len - 1;
          memcpy(Out, Name, L);
          Out[L] = 0;
          return 0;
        }
    }
  return 1;
}

/* The type named by the mangled \p M (without "_ZTS"): the process's
   demangler if it has one (C++ programs), a plain <length><name>, or \p M. */
static void demangle(const char *M, char *Out, size_t Len) {
  typedef char *(*demangler)(const char *, char *, size_t *, int *);
  demangler D = (demangler)dlsym(RTLD_DEFAULT, "__cxa_demangle");
  int Status = -1;
  char *R = D ? D(M, NULL, NULL, &Status) : NULL;
  if (R && Status == 0) {
    strncpy(Out, R, Len - 1);
    Out[Len - 1] = 0;
    free(R);
    return;
  }
  free(R);
  char *End;
  long N = strtol(M, &End, 10);
  if (End != M && N > 0 && (size_t)N == strlen(End))
    M = End;
  strncpy(Out, M, Len - 1);
  Out[Len - 1] = 0;
}

int omp_indirect_mapper_name(const void *Fn, char *Id, size_t IdLen,
                             char *Type, size_t TypeLen) {
  static const char Prefix[] = ".omp_mapper.";
  lookup L = {(uintptr_t)Fn, 0, "", 0};
  dl_iterate_phdr(containing, &L);
  if (!L.Found)
    return 1;
  int Fd = open(L.Path, O_RDONLY | O_CLOEXEC);
  struct stat St;
  if (Fd < 0 || fstat(Fd, &St) || St.st_size <= 0) {
    if (Fd >= 0)
      close(Fd);
    return 1;
  }
  void *F = mmap(NULL, (size_t)St.st_size, PROT_READ, MAP_PRIVATE, Fd, 0);
  close(Fd);
  if (F == MAP_FAILED)
    return 1;
  char Name[1024];
  int Missing = symbolAt(F, (size_t)St.st_size, L.Addr - L.Bias, Name,
                         sizeof Name);
  munmap(F, (size_t)St.st_size);
  if (Missing || strncmp(Name, Prefix, sizeof Prefix - 1))
    return 1;
  char *Mangled = Name + sizeof Prefix - 1;
  char *Dot = strrchr(Mangled, '.');
  if (!Dot)
    return 1;
  *Dot = 0;
  strncpy(Id, Dot + 1, IdLen - 1);
  Id[IdLen - 1] = 0;
  if (!strncmp(Mangled, "_ZTS", 4))
    Mangled += 4;
  demangle(Mangled, Type, TypeLen);
  return 0;
}
