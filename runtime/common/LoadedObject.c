/*===- LoadedObject.c - what the loader shows of a loaded ELF object ------===*
 *
 * See LoadedObject.h.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "LoadedObject.h"

#include <string.h>
#include <unistd.h>

const ElfW(Dyn) *omp_indirect_dynamic_section(const struct dl_phdr_info *Info,
                                              size_t *Num) {
  for (int I = 0; I < Info->dlpi_phnum; ++I)
    if (Info->dlpi_phdr[I].p_type == PT_DYNAMIC) {
      *Num = Info->dlpi_phdr[I].p_memsz / sizeof(ElfW(Dyn));
      return (const ElfW(Dyn) *)(Info->dlpi_addr +
                                 Info->dlpi_phdr[I].p_vaddr);
    }
  *Num = 0;
  return NULL;
}

uintptr_t omp_indirect_dynamic_address(const struct dl_phdr_info *Info,
                                       uintptr_t Ptr) {
  return Ptr && Ptr < Info->dlpi_addr ? Ptr + Info->dlpi_addr : Ptr;
}

/* True when one loaded segment of Info holds [Addr, Addr + Len). */
static int inLoadedSegment(const struct dl_phdr_info *Info, uintptr_t Addr,
                           size_t Len) {
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) *P = &Info->dlpi_phdr[I];
    uintptr_t Lo = Info->dlpi_addr + P->p_vaddr;
    if (P->p_type == PT_LOAD && Addr >= Lo && Len <= P->p_memsz &&
        Addr - Lo <= P->p_memsz - Len)
      return 1;
  }
  return 0;
}

const char *omp_indirect_dynamic_strings(const struct dl_phdr_info *Info,
                                         size_t *Size) {
  size_t NumDyn;
  const ElfW(Dyn) *Dyn = omp_indirect_dynamic_section(Info, &NumDyn);
  uintptr_t StrTab = 0;
  *Size = 0;
  for (size_t I = 0; Dyn && I < NumDyn && Dyn[I].d_tag != DT_NULL; ++I) {
    if (Dyn[I].d_tag == DT_STRTAB)
      StrTab = Dyn[I].d_un.d_ptr;
    else if (Dyn[I].d_tag == DT_STRSZ)
      *Size = Dyn[I].d_un.d_val;
  }
  StrTab = omp_indirect_dynamic_address(Info, StrTab);
  if (!StrTab || !*Size || !inLoadedSegment(Info, StrTab, *Size))
    return NULL;
  return (const char *)StrTab;
}

int omp_indirect_object_needs(const struct dl_phdr_info *Info,
                              const char *Prefix) {
  size_t NumDyn, StrSize;
  const ElfW(Dyn) *Dyn = omp_indirect_dynamic_section(Info, &NumDyn);
  const char *Str = omp_indirect_dynamic_strings(Info, &StrSize);
  size_t Len = strlen(Prefix);
  for (size_t I = 0; Str && I < NumDyn && Dyn[I].d_tag != DT_NULL; ++I)
    if (Dyn[I].d_tag == DT_NEEDED && Dyn[I].d_un.d_val < StrSize &&
        !strncmp(Str + Dyn[I].d_un.d_val, Prefix, Len))
      return 1;
  return 0;
}

int omp_indirect_is_host_offload_image(const struct dl_phdr_info *Info) {
  static const char Lib[] = "__tgt_register_lib";
  size_t Size;
  const char *Str = omp_indirect_dynamic_strings(Info, &Size);
  return Str && omp_indirect_object_needs(Info, "libomptarget") &&
         !memmem(Str, Size, Lib, sizeof Lib);
}

const char *omp_indirect_object_name(const char *LoaderName, char *Buf,
                                     size_t Len) {
  if (LoaderName && *LoaderName)
    return LoaderName;
  ssize_t L = readlink("/proc/self/exe", Buf, Len - 1);
  Buf[L > 0 ? L : 0] = 0;
  return L > 0 ? Buf : "the executable";
}
