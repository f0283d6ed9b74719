/*===- Libomptarget.c - find libomptarget's own entry points --------------===*
 *
 * The runtime defines some of libomptarget's names (Interpose.c), so a call
 * by name from here would come back to us. Its own definitions are found
 * past this runtime in the lookup order (RTLD_NEXT); where libomptarget was
 * loaded before us (a program linked without the wrapper that loads a
 * plugin-built library), in the loaded libomptarget itself.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "Libomptarget.h"

#include <dlfcn.h>
#include <link.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int findLibomptarget(struct dl_phdr_info *Info, size_t Size,
                            void *Out) {
  (void)Size;
  const char *Slash = strrchr(Info->dlpi_name, '/');
  const char *Base = Slash ? Slash + 1 : Info->dlpi_name;
  if (strncmp(Base, "libomptarget.so", 15) != 0)
    return 0;
  *(void **)Out = dlopen(Info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
  return *(void **)Out != NULL;
}

static void *lookup(const char *Name) {
  Dl_info Self, Found;
  void *P = dlsym(RTLD_NEXT, Name);
  if (P && dladdr((void *)&omp_indirect_libomptarget, &Self) &&
      dladdr(P, &Found) && Self.dli_fbase == Found.dli_fbase)
    P = NULL;
  if (!P) {
    void *Handle = NULL;
    dl_iterate_phdr(findLibomptarget, &Handle);
    P = Handle ? dlsym(Handle, Name) : NULL;
  }
  return P;
}

void *omp_indirect_libomptarget(const char *Name, void *_Atomic *Cache) {
  void *P = atomic_load_explicit(Cache, memory_order_acquire);
  if (P)
    return P;
  P = lookup(Name);
  if (!P) {
    fprintf(stderr,
            "omp-indirect: libomptarget defines no '%s' in this process\n",
            Name);
    abort();
  }
  atomic_store_explicit(Cache, P, memory_order_release);
  return P;
}
