/*===- PltAliases.c - a library function's second address in the program --===*
 *
 * An executable built without PIE takes the address of a library function
 * as its own PLT entry (the canonical PLT entry): the dynamic linker gives
 * that address to every image that asks for the symbol, so that pointers
 * compare equal. A library linked with -Bsymbolic (or whose function has
 * protected visibility) does not ask: its FPTR table, and the pointers it
 * hands out, carry its own address. Then one function has two host
 * addresses, and both must reach its device copy.
 *
 * The executable's canonical PLT entries are its dynamic symbols that are
 * undefined yet have a value. For each one whose name is an indirect
 * function of a library, the table gets a second row: the PLT address, with
 * the library's device copy. They are read once, from the executable's
 * dynamic section in memory; a PIE executable usually has none.
 *
 * Two libraries that both define the name: the row takes the one
 * registered first (libraries register in load order, dependencies first),
 * which is the dynamic linker's choice for the usual link lines.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "PltAliases.h"
#include "LoadedObject.h"

#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct plt_symbol {
  const char *name; /* In the executable's dynamic string table. */
  uint64_t addr;
} plt_symbol;

static plt_symbol *Plt; /* Sorted by name. */
static size_t NumPlt;

/* The number of dynamic symbols, from DT_GNU_HASH or DT_HASH. */
static size_t symbolCount(const uint32_t *GnuHash, const uint32_t *Hash) {
  if (Hash)
    return Hash[1]; /* nchain */
  if (!GnuHash)
    return 0;
  uint32_t NumBuckets = GnuHash[0], SymOffset = GnuHash[1];
  const uint32_t *Buckets = GnuHash + 4 + 2 * (size_t)GnuHash[2];
  const uint32_t *Chains = Buckets + NumBuckets;
  uint32_t Last = 0;
  for (uint32_t B = 0; B < NumBuckets; ++B)
    if (Buckets[B] > Last)
      Last = Buckets[B];
  if (Last < SymOffset)
    return SymOffset;
  while (!(Chains[Last - SymOffset] & 1))
    ++Last;
  return (size_t)Last + 1;
}

static int byName(const void *A, const void *B) {
  return strcmp(((const plt_symbol *)A)->name, ((const plt_symbol *)B)->name);
}

/* dl_iterate_phdr callback for the first object, the executable. */
static int readExecutable(struct dl_phdr_info *Info, size_t Size, void *Data) {
  (void)Size;
  (void)Data;
  size_t NumDyn;
  const ElfW(Dyn) *Dyn = omp_indirect_dynamic_section(Info, &NumDyn);
  uintptr_t SymTab = 0, StrTab = 0, GnuHash = 0, Hash = 0;
  for (size_t I = 0; I < NumDyn && Dyn[I].d_tag != DT_NULL; ++I) {
    uintptr_t P = omp_indirect_dynamic_address(Info, Dyn[I].d_un.d_ptr);
    if (Dyn[I].d_tag == DT_SYMTAB)
      SymTab = P;
    else if (Dyn[I].d_tag == DT_STRTAB)
      StrTab = P;
    else if (Dyn[I].d_tag == DT_GNU_HASH)
      GnuHash = P;
    else if (Dyn[I].d_tag == DT_HASH)
      Hash = P;
  }
  if (!SymTab || !StrTab)
    return 1;
  size_t N = symbolCount((const uint32_t *)GnuHash, (const uint32_t *)Hash);
  const ElfW(Sym) *Syms = (const ElfW(Sym) *)SymTab;
  for (size_t I = 0; I < N; ++I) {
    const ElfW(Sym) *S = &Syms[I];
    if (S->st_shndx != SHN_UNDEF || !S->st_value ||
        ELF64_ST_TYPE(S->st_info) != STT_FUNC)
      continue;
    plt_symbol *New = realloc(Plt, (NumPlt + 1) * sizeof *New);
    if (!New)
      break; /* Out of memory: fewer aliases, the rest still works. */
    Plt = New;
    Plt[NumPlt++] = (plt_symbol){(const char *)StrTab + S->st_name,
                                 Info->dlpi_addr + S->st_value};
  }
  if (NumPlt > 1)
    qsort(Plt, NumPlt, sizeof *Plt, byName);
  return 1;
}

static void readOnce(void) { dl_iterate_phdr(readExecutable, NULL); }

size_t omp_indirect_plt_aliases(const omp_indirect_pair *Pairs, size_t N,
                                omp_indirect_pair **Out) {
  static pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, readOnce);
  *Out = NULL;
  if (!NumPlt)
    return 0;
  /* Per PLT symbol: the pair chosen for it, or NULL. */
  const omp_indirect_pair **Chosen = calloc(NumPlt, sizeof *Chosen);
  if (!Chosen)
    return 0;
  size_t Count = 0;
  for (size_t I = 0; I < N; ++I) {
    plt_symbol Key = {Pairs[I].name, 0};
    const plt_symbol *S = Pairs[I].name
                              ? bsearch(&Key, Plt, NumPlt, sizeof *Plt, byName)
                              : NULL;
    if (!S || S->addr == Pairs[I].host || Chosen[S - Plt])
      continue;
    Chosen[S - Plt] = &Pairs[I];
    ++Count;
  }
  omp_indirect_pair *Aliases = Count ? malloc(Count * sizeof *Aliases) : NULL;
  size_t At = 0;
  for (size_t I = 0; Aliases && I < NumPlt; ++I)
    if (Chosen[I]) {
      Aliases[At] = *Chosen[I];
      Aliases[At++].host = Plt[I].addr;
    }
  free(Chosen);
  *Out = Aliases;
  return Aliases ? Count : 0;
}
