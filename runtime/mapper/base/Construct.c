/*===- base/Construct.c - the construct being mapped, as a user wrote it ---===*
 *
 * See Construct.h. clang describes a construct in two strings, both only
 * with debug info (-g or -gline-tables-only): the ident_t's psource,
 * ";file;function;line;column;;", and per map entry a map name,
 * ";expression;file;line;column;;". Without debug info psource reads
 * ";unknown;unknown;0;0;;" and there are no map names.
 *
 *===----------------------------------------------------------------------===*/
#include "Construct.h"
#include "MapperName.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Thread_local omp_indirect_construct *Current
    __attribute__((tls_model("initial-exec")));

void omp_indirect_construct_begin(omp_indirect_construct *C,
                                  omp_indirect_directive Directive,
                                  const void *Loc,
                                  const omp_indirect_map_list *In) {
  memset(C, 0, sizeof *C);
  C->Directive = Directive;
  C->Loc = Loc;
  C->In = In;
  C->ElemSize = calloc(In->Count ? (size_t)In->Count : 1, sizeof(int64_t));
  Current = C;
}

void omp_indirect_construct_end(omp_indirect_construct *C) {
  free(C->ElemSize);
  C->ElemSize = NULL;
  if (Current == C)
    Current = NULL;
}

omp_indirect_construct *omp_indirect_construct_current(void) {
  return Current;
}

int64_t omp_indirect_construct_element(int32_t Entry, uintptr_t A) {
  const omp_indirect_construct *C = Current;
  if (!C || Entry < 0 || Entry >= C->In->Count)
    return -1;
  uintptr_t Lo = (uintptr_t)C->In->Begins[Entry];
  uintptr_t Hi = Lo + (uintptr_t)C->In->Sizes[Entry];
  if (A < Lo || A >= Hi)
    return -1;
  int64_t E = C->ElemSize ? C->ElemSize[Entry] : 0;
  return E > 0 ? (int64_t)((A - Lo) / (uint64_t)E) : -1;
}

/* Field \p N (from 0) of a ";"-separated clang location string, copied
   into \p Buf; "" when absent. */
static const char *field(const char *S, int N, char *Buf, size_t Len) {
  Buf[0] = 0;
  if (!S || *S != ';')
    return Buf;
  for (++S; N > 0 && *S; --N) {
    const char *Next = strchr(S, ';');
    if (!Next)
      return Buf;
    S = Next + 1;
  }
  size_t L = strcspn(S, ";");
  if (L >= Len)
    L = Len - 1;
  memcpy(Buf, S, L);
  Buf[L] = 0;
  return Buf;
}

/* clang's ident_t: four 32-bit fields, then psource. */
typedef struct ident {
  int32_t Reserved1, Flags, Reserved2, Reserved3;
  const char *PSource;
} ident;

static void where(const omp_indirect_construct *C, char *Buf, size_t Len) {
  char File[256], Line[32];
  const char *PS = C->Loc ? ((const ident *)C->Loc)->PSource : NULL;
  field(PS, 0, File, sizeof File);
  field(PS, 2, Line, sizeof Line);
  if (atoi(Line) > 0 && strcmp(File, "unknown"))
    snprintf(Buf, Len, "at %s:%s", File, Line);
  else
    snprintf(Buf, Len, "at an unknown line (compile with -g or "
                       "-gline-tables-only to name the line and the clause)");
}

static const char *const DirectiveName[] = {
    "target", "target enter data", "target exit data", "target update"};

/* The map clause of entry K as written: "map(tofrom: p[0:n])", or for an
   update "to(p[0:n])"; without map names the item's bytes and address. */
static void clause(const omp_indirect_construct *C, int32_t K, char *Buf,
                   size_t Len) {
  const omp_indirect_map_list *In = C->In;
  char Expr[256];
  field(In->Names ? In->Names[K] : NULL, 0, Expr, sizeof Expr);
  if (!Expr[0])
    snprintf(Expr, sizeof Expr, "%lld bytes at %p",
             (long long)In->Sizes[K], In->Begins[K]);
  int64_t T = In->Types[K];
  if (C->Directive == OMP_INDIRECT_DIRECTIVE_UPDATE) {
    snprintf(Buf, Len, "%s(%s%s)", T & OMP_INDIRECT_MAP_TO ? "to" : "from",
             T & OMP_INDIRECT_MAP_PRESENT ? "present: " : "", Expr);
    return;
  }
  int64_t M = T & OMP_INDIRECT_MAP_MOTION;
  const char *Type =
      T & OMP_INDIRECT_MAP_DELETE ? "delete"
      : M == OMP_INDIRECT_MAP_MOTION ? "tofrom"
      : M == OMP_INDIRECT_MAP_TO     ? "to"
      : M == OMP_INDIRECT_MAP_FROM   ? "from"
      : C->Directive == OMP_INDIRECT_DIRECTIVE_EXIT ? "release"
                                                    : "alloc";
  snprintf(Buf, Len, "map(%s%s%s: %s)",
           T & OMP_INDIRECT_MAP_ALWAYS ? "always, " : "",
           T & OMP_INDIRECT_MAP_PRESENT ? "present, " : "", Type, Expr);
}

static void mapper(const omp_indirect_construct *C, int32_t K, char *Buf,
                   size_t Len) {
  const void *Fn = C->In->Mappers ? C->In->Mappers[K] : NULL;
  char Id[128], Type[256];
  if (!Fn)
    snprintf(Buf, Len, "without a mapper");
  else if (omp_indirect_mapper_name(Fn, Id, sizeof Id, Type, sizeof Type))
    snprintf(Buf, Len, "with the mapper function at %p (no symbol: the "
                       "program is stripped)", Fn);
  else
    snprintf(Buf, Len, "with mapper '%s' for '%s'", Id, Type);
}

void omp_indirect_construct_fail(int32_t Entry, int64_t Elem,
                                 const char *Fmt, ...) {
  const omp_indirect_construct *C = Current;
  char What[512], At[320], Clause[400], Mapper[512], Element[48] = "";
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(What, sizeof What, Fmt, Ap);
  va_end(Ap);
  if (Elem >= 0)
    snprintf(Element, sizeof Element, "element %lld: ", (long long)Elem);
  if (!C) {
    fprintf(stderr, "omp-indirect: deep copy through 'declare mapper': "
                    "%s%s\n", Element, What);
    abort();
  }
  where(C, At, sizeof At);
  if (Entry < 0 || Entry >= C->In->Count) {
    fprintf(stderr, "omp-indirect: %s %s: %s%s\n",
            DirectiveName[C->Directive], At, Element, What);
    abort();
  }
  clause(C, Entry, Clause, sizeof Clause);
  mapper(C, Entry, Mapper, sizeof Mapper);
  fprintf(stderr, "omp-indirect: %s %s, %s %s: %s%s\n",
          DirectiveName[C->Directive], At, Clause, Mapper, Element, What);
  abort();
}

int64_t omp_indirect_bulk_element(const omp_indirect_deep *D, int64_t I) {
  const omp_indirect_pointee *P = &D->P[I];
  int64_t E = omp_indirect_construct_element(P->Entry, (uintptr_t)P->Slot);
  while (E < 0 && P->Parent >= 0) {
    P = &D->P[P->Parent];
    E = omp_indirect_construct_element(P->Entry, (uintptr_t)P->Slot);
  }
  return E;
}

/* The most a device can hold: the host's memory. A section larger than
   that cannot be host data the program filled, and no device of this
   machine allocates it (the host-offload device allocates host memory). */
uint64_t omp_indirect_check_limit(void) {
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

void omp_indirect_check_total(const omp_indirect_deep *D) {
  uint64_t Limit = omp_indirect_check_limit(), Sum = 0;
  int64_t I = 0;
  for (; I < D->NP; ++I)
    if ((Sum += D->P[I].Hi - D->P[I].Lo) > Limit)
      break;
  if (I == D->NP)
    I = D->NP - 1;
  const omp_indirect_pointee *P = &D->P[I];
  omp_indirect_construct_fail(
      P->Entry, omp_indirect_bulk_element(D, I),
      "the section of %llu bytes at %p (its pointer at %p) brings the "
      "construct's sections to %llu bytes, more than the device can hold "
      "(%llu bytes); stopping before any data moves",
      (unsigned long long)(P->Hi - P->Lo), (void *)P->Lo, (void *)P->Slot,
      (unsigned long long)Sum, (unsigned long long)Limit);
}
