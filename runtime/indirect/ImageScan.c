/*===- ImageScan.c - find images with offload code that did not register --===*
 *
 * An image compiled without the plugin still registers its kernels with
 * libomptarget, but not with us: its device code calls host addresses through
 * function pointers, and its launches do not upload the table. We cannot see
 * libomptarget's list, so we look at the loaded objects themselves, each one
 * once, and only when the loader reports objects added since the last look:
 *
 *  1. In memory: an object whose dynamic section needs no libomptarget
 *     (libc, libLLVM, most of a process) cannot register kernels. Nor can
 *     one whose dynamic string table names __omp_indirect_register_image,
 *     which every image compiled with the plugin references (and our runtime
 *     defines), or does not name __tgt_register_lib (the device images the
 *     host-offload plugin loads, which need libomptarget). This reads a few
 *     hundred bytes per object and opens no file.
 *  2. From the file, for what is left: a host image with offload code
 *     (clang's section of libomptarget entries, omp_offloading_entries or,
 *     from LLVM 20 on, llvm_offload_entries, and a dynamic reference to
 *     __tgt_register_lib) gets one line naming it.
 *
 * Dynamic symbols survive `strip`, and the answer does not depend on whether
 * a dlopen is still running the image's constructors.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "LoadedObject.h"
#include "OffloadEntries.h"
#include "OmpIndirectRT.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The section headers of a mapped ELF file, or NULL when it is not one we
   can read. */
static const Elf64_Shdr *sections(const unsigned char *F, size_t Len,
                                  unsigned *Num) {
  const Elf64_Ehdr *E = (const Elf64_Ehdr *)F;
  if (Len < sizeof *E || memcmp(E->e_ident, ELFMAG, SELFMAG) ||
      E->e_ident[EI_CLASS] != ELFCLASS64 ||
      E->e_shentsize != sizeof(Elf64_Shdr) || E->e_shoff >= Len ||
      E->e_shnum > (Len - E->e_shoff) / sizeof(Elf64_Shdr) ||
      E->e_shstrndx >= E->e_shnum)
    return NULL;
  const Elf64_Shdr *S = (const Elf64_Shdr *)(F + E->e_shoff);
  const Elf64_Shdr *Str = &S[E->e_shstrndx];
  if (Str->sh_offset > Len || Str->sh_size > Len - Str->sh_offset)
    return NULL;
  *Num = E->e_shnum;
  return S;
}

/* The contents of section Name, or NULL when absent, empty or out of range. */
static const unsigned char *section(const unsigned char *F, size_t Len,
                                    const char *Name, size_t *Size) {
  unsigned Num;
  const Elf64_Shdr *S = sections(F, Len, &Num);
  if (!S)
    return NULL;
  const Elf64_Shdr *Str = &S[((const Elf64_Ehdr *)F)->e_shstrndx];
  size_t NameLen = strlen(Name) + 1;
  for (unsigned I = 0; I < Num; ++I) {
    if (S[I].sh_name >= Str->sh_size ||
        Str->sh_size - S[I].sh_name < NameLen ||
        memcmp(F + Str->sh_offset + S[I].sh_name, Name, NameLen))
      continue;
    if (!S[I].sh_size || S[I].sh_type == SHT_NOBITS ||
        S[I].sh_offset > Len || S[I].sh_size > Len - S[I].sh_offset)
      return NULL;
    *Size = S[I].sh_size;
    return F + S[I].sh_offset;
  }
  return NULL;
}

/* True when the ELF file at Path is a host image with target regions (a
   non-empty section of libomptarget entries, in either layout, and a
   dynamic reference to libomptarget's __tgt_register_lib, which device
   images lack) but without a reference to our registration function.
   Dynamic symbols survive strip. A file it cannot read is taken as fine. */
static int offloadsWithoutPlugin(const char *Path) {
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return 0;
  struct stat St;
  if (fstat(Fd, &St) || St.st_size <= 0) {
    close(Fd);
    return 0;
  }
  size_t Len = (size_t)St.st_size;
  const unsigned char *F = mmap(NULL, Len, PROT_READ, MAP_PRIVATE, Fd, 0);
  close(Fd);
  if (F == MAP_FAILED)
    return 0;
  size_t Size, DynSize = 0;
  const unsigned char *Dyn = section(F, Len, ".dynstr", &DynSize);
  static const char Lib[] = "__tgt_register_lib";
  static const char Reg[] = "__omp_indirect_register_image";
  int Entries =
      section(F, Len, OMP_INDIRECT_OFFLOAD_SECTION, &Size) != NULL ||
      section(F, Len, OMP_INDIRECT_OFFLOAD_SECTION_LEGACY, &Size) != NULL;
  int Offloads =
      Entries && Dyn && memmem(Dyn, DynSize, Lib, sizeof Lib) != NULL;
  int Registers = Dyn && memmem(Dyn, DynSize, Reg, sizeof Reg) != NULL;
  munmap((void *)F, Len);
  return Offloads && !Registers;
}

/* Step 1, from the object's dynamic section in memory: true when the file
   must tell (step 2), because the section cannot be read there (none, or a
   string table outside the object), or because the object needs
   libomptarget without naming our registration function. */
static int needsFileCheck(const struct dl_phdr_info *Info) {
  size_t StrSize;
  const char *Str = omp_indirect_dynamic_strings(Info, &StrSize);
  if (!Str)
    return 1;
  static const char Lib[] = "__tgt_register_lib";
  static const char Reg[] = "__omp_indirect_register_image";
  /* Step 2's test of __tgt_register_lib reads the same string table from
     the file: without the name here it would find no offload code either
     (the host-offload device's images need libomptarget but lack it). */
  if (omp_indirect_object_needs(Info, "libomptarget"))
    return memmem(Str, StrSize, Lib, sizeof Lib) &&
           !memmem(Str, StrSize, Reg, sizeof Reg);
  return 0;
}

/* Objects already looked at, by load address and a hash of the name, so
   that a library opened where a closed one was is looked at too. */
typedef struct {
  uintptr_t base;
  uint64_t name;
} seen_object;
static seen_object *Seen;
static size_t NumSeen, SeenCap;
static int ExeSeen;

static uint64_t hashName(const char *Name) {
  uint64_t H = 0xcbf29ce484222325ULL; /* FNV-1a */
  for (; *Name; ++Name)
    H = (H ^ (unsigned char)*Name) * 0x100000001b3ULL;
  return H;
}

static int seenBefore(uintptr_t Base, const char *Name) {
  seen_object Key = {Base, hashName(Name)};
  for (size_t I = 0; I < NumSeen; ++I)
    if (Seen[I].base == Key.base && Seen[I].name == Key.name)
      return 1;
  if (NumSeen == SeenCap) {
    size_t Cap = SeenCap ? 2 * SeenCap : 16;
    seen_object *New = realloc(Seen, Cap * sizeof *New);
    if (!New)
      return 1; /* Out of memory: skip the report, not the program. */
    Seen = New;
    SeenCap = Cap;
  }
  Seen[NumSeen++] = Key;
  return 0;
}

/* The loader's count of objects added, when the last walk started (0
   before the first: the count starts at the objects loaded with the
   program); a walk that finds it unchanged (nothing was opened since) stops
   at once. */
static unsigned long long LastAdds;

static int visit(struct dl_phdr_info *Info, size_t Size, void *Data) {
  int *First = Data;
  if (*First) {
    *First = 0;
    if (Size >= offsetof(struct dl_phdr_info, dlpi_subs)) {
      if (Info->dlpi_adds == LastAdds)
        return 1;
      LastAdds = Info->dlpi_adds;
    }
  }
  const char *Name = Info->dlpi_name;
  /* The first nameless object is the executable. */
  int IsExe = (!Name || !*Name) && !ExeSeen;
  if (IsExe)
    ExeSeen = 1;
  else if (!Name || !*Name || seenBefore(Info->dlpi_addr, Name))
    return 0;
  if (needsFileCheck(Info) &&
      offloadsWithoutPlugin(IsExe ? "/proc/self/exe" : Name))
    fprintf(stderr,
            "omp-indirect: image '%s' has target regions but was compiled "
            "without the omp-indirect plugin: its kernels call host addresses "
            "through function pointers, and its launches do not upload the "
            "table; rebuild it with omp-indirect-clang\n",
            IsExe ? "the executable" : Name);
  return 0;
}

void omp_indirect_report_unregistered_images(void) {
  int First = 1;
  dl_iterate_phdr(visit, &First);
}
