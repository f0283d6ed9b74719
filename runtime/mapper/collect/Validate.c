/*===- collect/Validate.c - each component checked before data moves -------===*
 *
 * See Validate.h: the cold half, which names a bad component and stops.
 *
 *===----------------------------------------------------------------------===*/
#include "Validate.h"

#include "Construct.h"

#include <stdio.h>
#include <string.h>

void omp_indirect_check_begin(omp_indirect_check *C,
                              const omp_indirect_deep *Deep) {
  memset(C, 0, sizeof *C);
  C->Limit = omp_indirect_check_limit();
  C->Entry = -1;
  C->Deep = Deep;
}

void omp_indirect_check_entry(omp_indirect_check *C, int32_t Entry,
                              const void *Begin, int64_t Size) {
  C->Entry = Entry;
  C->ItemLo = (uintptr_t)Begin;
  C->ItemSize = Size > 0 ? (uint64_t)Size : 0;
  C->ElemSize = C->MaxEnd = 0;
  C->DeepBase = C->Deep ? C->Deep->NP : 0;
}

void omp_indirect_check_learn(omp_indirect_check *C, const void *Base,
                              const void *Begin, int64_t Size, int64_t Type) {
  uint64_t Off = (uintptr_t)Base - C->ItemLo;
  uintptr_t B = (uintptr_t)Begin;
  uint64_t S = (uint64_t)Size;
  if (Off >= C->ItemSize || (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ))
    return;
  if (Off && Off >= C->MaxEnd && C->ItemSize % Off == 0) {
    C->ElemSize = Off;
  } else if (B >= C->ItemLo && S < C->ItemSize) {
    /* Element 0's ranges (the whole item is an array's own push). */
    uint64_t End = B - C->ItemLo + S;
    if (End > C->MaxEnd && End <= C->ItemSize)
      C->MaxEnd = End;
  } else if (B == C->ItemLo && S == C->ItemSize && C->MaxEnd == S) {
    C->ElemSize = S; /* Element 0 is the whole item: one element. */
  }
}

/* The element being expanded when a component with base \p Base came: its
   base's, if that lies in the item, else that of the slot of the entry's
   last pointee whose pointer lies in the item (a nested pointee's). */
static int64_t elementOf(const omp_indirect_check *C, const void *Base) {
  uintptr_t A = (uintptr_t)Base;
  if (A - C->ItemLo >= C->ItemSize && C->Deep)
    for (int64_t I = C->Deep->NP; I-- > C->DeepBase;)
      if (C->Deep->P[I].Parent < 0) {
        A = (uintptr_t)C->Deep->P[I].Slot;
        break;
      }
  if (!C->ItemSize)
    return -1;
  if (A - C->ItemLo >= C->ItemSize)
    return 0;
  return C->ElemSize ? (int64_t)((A - C->ItemLo) / C->ElemSize) : 0;
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

void omp_indirect_check_rare(const omp_indirect_check *C, const void *Base,
                             const void *Begin, int64_t Size, int64_t Type,
                             const void *Name) {
  uintptr_t B = (uintptr_t)Begin;
  uint64_t S = (uint64_t)Size;
  int Pointee = (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) != 0;
  int Null = S && B < 4096 &&
             (!B || (Pointee && (!Base || !*(void *const *)Base)));
  if (!Null && S <= C->Limit && B + S >= B)
    return; /* Zero length, or a begin the fault guard names. */
  char What[400];
  describe(C, Base, Begin, Type, Name, What, sizeof What);
  int64_t Elem = elementOf(C, Base);
  static const char Stop[] = "; stopping before any data moves";
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
  omp_indirect_construct_fail(
      C->Entry, Elem,
      "%s has a NULL pointer and a length of %lld bytes (only a "
      "zero-length section of a NULL pointer maps nothing)%s",
      What, (long long)Size, Stop);
}
