/*===- OffloadEntries.c - clang's libomptarget entries, in either layout ---===*
 *
 * Reads an image's libomptarget entry table in the layout of LLVM 16 and 19
 * or in that of LLVM 20 on (OffloadEntries.h; docs/format.md, "What stock
 * libomptarget sees"). Entries are read with memcpy: the table is the
 * linker's concatenation, and nothing here relies on its alignment.
 *
 *===----------------------------------------------------------------------===*/
#include "OffloadEntries.h"

#include <string.h>

/// The layout of LLVM 16 and 19.
typedef struct {
  void *addr;
  char *name;
  uint64_t size;
  int32_t flags;
  int32_t data;
} legacy_entry;

/// The layout of LLVM 20 on (llvm::offloading::EntryTy).
typedef struct {
  uint64_t reserved; /* 0 */
  uint16_t version;  /* 1 */
  uint16_t kind;     /* 1: OpenMP */
  uint32_t flags;
  void *addr;
  char *name;
  uint64_t size;
  uint64_t data;
  void *aux;
} new_entry;

_Static_assert(sizeof(legacy_entry) == 32, "LLVM 16/19 entries are 32 bytes");
_Static_assert(sizeof(new_entry) == 56, "LLVM 20+ entries are 56 bytes");

enum { NewVersion = 1, KindOpenMP = 1 };

static int isNewEntry(const unsigned char *P, const unsigned char *End) {
  new_entry N;
  if ((size_t)(End - P) < sizeof N)
    return 0;
  memcpy(&N, P, sizeof N);
  return N.reserved == 0 && N.version == NewVersion;
}

void omp_indirect_offload_walk_begin(omp_indirect_offload_walk *W,
                                     const void *Begin, const void *End) {
  W->next = Begin;
  W->end = End;
  if (!Begin || !End || W->next >= W->end) {
    W->next = W->end = NULL;
    W->stride = sizeof(legacy_entry);
    return;
  }
  W->stride =
      isNewEntry(W->next, W->end) ? sizeof(new_entry) : sizeof(legacy_entry);
}

int omp_indirect_offload_walk_next(omp_indirect_offload_walk *W,
                                   omp_indirect_offload_entry *E) {
  while (W->next && (size_t)(W->end - W->next) >= W->stride) {
    const unsigned char *P = W->next;
    W->next += W->stride;
    if (W->stride == sizeof(legacy_entry)) {
      legacy_entry L;
      memcpy(&L, P, sizeof L);
      *E = (omp_indirect_offload_entry){L.addr, L.name, L.size,
                                        (uint32_t)L.flags};
      return 1;
    }
    if (!isNewEntry(P, W->end))
      break;
    new_entry N;
    memcpy(&N, P, sizeof N);
    if (N.kind != KindOpenMP)
      continue;
    *E = (omp_indirect_offload_entry){N.addr, N.name, N.size, N.flags};
    return 1;
  }
  W->next = W->end;
  return 0;
}
