/*===- ImageScan.c - find images with offload code that did not register --===*
 *
 * An image compiled without the plugin still registers its kernels with
 * libomptarget, but not with us: its device code calls host addresses through
 * function pointers, and its launches do not upload the table. We cannot see
 * libomptarget's list, so we look at each loaded object's file once: a host
 * image with offload code (clang's omp_offloading_entries section and a call
 * to __tgt_register_lib) without a dynamic reference to
 * __omp_indirect_register_image (which every image compiled with the plugin
 * has) gets one line naming it. Dynamic symbols survive `strip`, and
 * the answer does not depend on whether a dlopen is still running the
 * image's constructors.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "OmpIndirectRT.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
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
   non-empty omp_offloading_entries section, and a dynamic reference to
   libomptarget's __tgt_register_lib, which device images lack) but without a
   reference to our registration function. Dynamic symbols survive strip. A
   file it cannot read is taken as fine. */
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
  int Offloads = section(F, Len, "omp_offloading_entries", &Size) != NULL &&
                 Dyn && memmem(Dyn, DynSize, Lib, sizeof Lib) != NULL;
  int Registers = Dyn && memmem(Dyn, DynSize, Reg, sizeof Reg) != NULL;
  munmap((void *)F, Len);
  return Offloads && !Registers;
}

/* Objects already looked at, by load address: each is looked at once. */
static uintptr_t *Seen;
static size_t NumSeen, SeenCap;
static int ExeSeen;

static int seenBefore(uintptr_t Base) {
  for (size_t I = 0; I < NumSeen; ++I)
    if (Seen[I] == Base)
      return 1;
  if (NumSeen == SeenCap) {
    size_t Cap = SeenCap ? 2 * SeenCap : 16;
    uintptr_t *New = realloc(Seen, Cap * sizeof *New);
    if (!New)
      return 1; /* Out of memory: skip the report, not the program. */
    Seen = New;
    SeenCap = Cap;
  }
  Seen[NumSeen++] = Base;
  return 0;
}

static int visit(struct dl_phdr_info *Info, size_t Size, void *Data) {
  (void)Size;
  (void)Data;
  const char *Name = Info->dlpi_name;
  /* The first nameless object is the executable. */
  int IsExe = (!Name || !*Name) && !ExeSeen;
  if (IsExe)
    ExeSeen = 1;
  else if (!Name || !*Name || seenBefore(Info->dlpi_addr))
    return 0;
  if (offloadsWithoutPlugin(IsExe ? "/proc/self/exe" : Name))
    fprintf(stderr,
            "omp-indirect: image '%s' has target regions but was compiled "
            "without the omp-indirect plugin: its kernels call host addresses "
            "through function pointers, and its launches do not upload the "
            "table; rebuild it with omp-indirect-clang\n",
            IsExe ? "the executable" : Name);
  return 0;
}

void omp_indirect_report_unregistered_images(void) {
  dl_iterate_phdr(visit, NULL);
}
