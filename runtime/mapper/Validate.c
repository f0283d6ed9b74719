/*===- Validate.c - every pushed component checked before data moves ------===*
 *
 * See Validate.h: the cold half, which names a bad component and stops.
 *
 *===----------------------------------------------------------------------===*/
#include "Validate.h"

#include "Construct.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The most a device can hold: the host's memory. A section larger than
   that cannot be host data the program filled, and no device of this
   machine allocates it (the host-offload device allocates host memory). */
static uint64_t deviceLimit(void) {
  static uint64_t Limit; /* Threads may compute it at once: same value. */
  uint64_t L = __atomic_load_n(&Limit, __ATOMIC_RELAXED);
  if (!L) {
    long Pages = sysconf(_SC_PHYS_PAGES), Page = sysconf(_SC_PAGESIZE);
    L = Pages > 0 && Page > 0 ? (uint64_t)Pages * (uint64_t)Page
                              : (uint64_t)INT64_MAX;
    __atomic_store_n(&Limit, L, __ATOMIC_RELAXED);
  }
  return L;
}

void omp_indirect_check_begin(omp_indirect_check *C,
                              omp_indirect_map_kind Kind) {
  memset(C, 0, sizeof *C);
  C->Limit = deviceLimit();
  C->TotalLimit = Kind == OMP_INDIRECT_MAP_ENTER ? C->Limit : UINT64_MAX;
  C->Entry = -1;
}

void omp_indirect_check_entry(omp_indirect_check *C, int32_t Entry,
                              const void *Begin, int64_t Size) {
  C->Entry = Entry;
  C->ItemLo = (uintptr_t)Begin;
  C->ItemSize = Size > 0 ? (uint64_t)Size : 0;
  C->ElemSize = C->MaxEnd = 0;
  C->Last = C->ItemLo;
}

void omp_indirect_check_entry_done(omp_indirect_check *C) {
  omp_indirect_construct *K = omp_indirect_construct_current();
  if (K && K->ElemSize && C->Entry >= 0 && C->Entry < K->In->Count)
    K->ElemSize[C->Entry] =
        (int64_t)(C->ElemSize ? C->ElemSize : C->ItemSize);
}

/* "section s.d[0:s.len] (mapper at t.c:4)" from clang's component name
   (debug info), else where the section's pointer lies. */
static void describe(const omp_indirect_check *C, const void *Base,
                     const void *Begin, int64_t Type, const void *Name,
                     char *Buf, size_t Len) {
  const char *N = Name;
  if (N && *N == ';' && N[1] && N[1] != ';') {
    char Expr[256], File[256];
    int Line = 0;
    size_t L = strcspn(N + 1, ";");
    snprintf(Expr, sizeof Expr, "%.*s", (int)L, N + 1);
    const char *Rest = N + 1 + L;
    File[0] = 0;
    if (*Rest == ';') {
      size_t F = strcspn(Rest + 1, ";");
      snprintf(File, sizeof File, "%.*s", (int)F, Rest + 1);
      if (Rest[1 + F] == ';')
        sscanf(Rest + 2 + F, "%d", &Line);
    }
    if (Line > 0)
      snprintf(Buf, Len, "section %s (mapper at %s:%d)", Expr, File, Line);
    else
      snprintf(Buf, Len, "section %s", Expr);
    return;
  }
  if (!(Type & OMP_INDIRECT_MAP_PTR_AND_OBJ)) {
    snprintf(Buf, Len, "the range at %p", Begin);
    return;
  }
  uint64_t Off = (uintptr_t)Base - C->ItemLo;
  if (Off < C->ItemSize)
    snprintf(Buf, Len, "the section whose pointer is at offset %llu of the "
                       "element",
             (unsigned long long)(C->ElemSize ? Off % C->ElemSize : Off));
  else
    snprintf(Buf, Len, "the section whose pointer is at %p", Base);
}

void omp_indirect_check_reject(const omp_indirect_check *C, const void *Base,
                               const void *Begin, int64_t Size, int64_t Type,
                               const void *Name) {
  char What[400];
  describe(C, Base, Begin, Type, Name, What, sizeof What);
  int64_t Elem = C->ItemSize ? (int64_t)(C->ElemSize ? (C->Last - C->ItemLo) /
                                                           C->ElemSize
                                                     : 0)
                             : -1;
  static const char Stop[] = "; stopping before any data moves";
  uintptr_t B = (uintptr_t)Begin;
  uint64_t S = (uint64_t)Size;
  if (Size < 0)
    omp_indirect_construct_fail(C->Entry, Elem,
                                "%s has a negative length (%lld bytes)%s",
                                What, (long long)Size, Stop);
  if (B + S < B)
    omp_indirect_construct_fail(
        C->Entry, Elem,
        "%s, %llu bytes at %p, ends past the end of the address space%s",
        What, (unsigned long long)S, Begin, Stop);
  if (S > C->Limit)
    omp_indirect_construct_fail(
        C->Entry, Elem,
        "%s is %llu bytes, more than the device can hold (%llu bytes)%s",
        What, (unsigned long long)S, (unsigned long long)C->Limit, Stop);
  if (!B || (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ))
    if (!B || !Base || !*(void *const *)Base)
      omp_indirect_construct_fail(
          C->Entry, Elem,
          "%s has a NULL pointer and a length of %lld bytes (only a "
          "zero-length section of a NULL pointer maps nothing)%s",
          What, (long long)Size, Stop);
  omp_indirect_construct_fail(
      C->Entry, Elem,
      "%s (%llu bytes) brings the construct's sections to %llu bytes, more "
      "than the device can hold (%llu bytes)%s",
      What, (unsigned long long)S, (unsigned long long)C->Total,
      (unsigned long long)C->Limit, Stop);
}
