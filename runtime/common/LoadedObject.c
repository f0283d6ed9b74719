/*===- LoadedObject.c - what the loader shows of a loaded ELF object ------===*
 *
 * See LoadedObject.h.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "LoadedObject.h"

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

const char *omp_indirect_object_name(const char *LoaderName, char *Buf,
                                     size_t Len) {
  if (LoaderName && *LoaderName)
    return LoaderName;
  ssize_t L = readlink("/proc/self/exe", Buf, Len - 1);
  Buf[L > 0 ? L : 0] = 0;
  return L > 0 ? Buf : "the executable";
}
