/*===- entry/Presence.c - the runtime's answer for the pointees it owns ----===*
 *
 * Each call forwarded to libomptarget with map arrays comes here first
 * (Presence.h). The ranges a call may map are noted as libomptarget's
 * (Foreign.h; a few loads each when the thread noted them recently).
 * Without owned pointees that is all. Else each entry is looked up in the
 * table (Table.c), and an entry that lies inside an owned pointee is the
 * runtime's to count and move:
 *   - enter: one reference, unless the entry is a member (MEMBER_OF) and
 *     not a pointee (PTR_AND_OBJ), as libomptarget counts; `always, to`
 *     copies now;
 *   - exit: one reference back (all with `delete`); `from` copies back when
 *     the last one went, or with `always`; then the pointee is released;
 *   - kernel: enter before the launch, exit after it;
 *   - update: libomptarget moves the data itself (strided sections too),
 *     since it finds the pointee present.
 * libomptarget gets the entry without its motion and count bits (TO, FROM,
 * ALWAYS, DELETE) and finds the pointee through a loan, so it translates,
 * attaches and answers use_device_ptr as for data it mapped. An entry that
 * only overlaps an owned pointee is forwarded as it is, with the pointee
 * lent: libomptarget reports the extension, as for data it mapped itself.
 * An ATTACH entry (clang 22) maps and counts nothing: the pointer and the
 * pointee it names are only lent, so libomptarget can attach them.
 *
 *===----------------------------------------------------------------------===*/
#include "Presence.h"

#include "Foreign.h"
#include "MapTypes.h"
#include "OmpIndirectRT.h"
#include "Table.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NON_CONTIG OMP_INDIRECT_MAP_NON_CONTIG
#define MOTION_AND_COUNT                                                       \
  (int64_t)(OMP_INDIRECT_MAP_TO | OMP_INDIRECT_MAP_FROM |                      \
            OMP_INDIRECT_MAP_ALWAYS | OMP_INDIRECT_MAP_DELETE)

/* libomptarget's non-contiguous section: one per dimension, outermost
   first, strides in bytes. */
typedef struct non_contig {
  uint64_t Offset, Count, Stride;
} non_contig;

static void die(int Device, const char *What) {
  omp_indirect_error(Device,
                     "%s; stopping rather than keep two copies of host data",
                     What);
  abort();
}

/* Whether libomptarget would count a reference for an entry. */
static int counts(int64_t T) {
  return !(T & OMP_INDIRECT_MAP_MEMBER_OF) ||
         (T & OMP_INDIRECT_MAP_PTR_AND_OBJ);
}

/* The host bytes entry I can touch: [*Lo, *Hi); Hi == Lo for a point. */
static int entryRange(int32_t I, void **Bases, void **Begins,
                      const int64_t *Sizes, const int64_t *Types,
                      uintptr_t *Lo, uintptr_t *Hi) {
  if (Types[I] & OMP_INDIRECT_MAP_LITERAL)
    return 0;
  if (Types[I] & NON_CONTIG) {
    const non_contig *D = Begins[I];
    uintptr_t Base = (uintptr_t)Bases[I], End = Base;
    for (int64_t K = 0; K < Sizes[I]; ++K) {
      Base += D[K].Offset * D[K].Stride;
      End += (D[K].Offset + D[K].Count) * D[K].Stride;
    }
    *Lo = Base;
    *Hi = End;
    return End > Base;
  }
  *Lo = (uintptr_t)Begins[I];
  *Hi = *Lo + (uintptr_t)(Sizes[I] > 0 ? Sizes[I] : 0);
  return *Lo != 0;
}

typedef struct scan {
  omp_indirect_loan *L;
  int32_t Entry;
  int LendOnly; /* The pointer of a PTR_AND_OBJ entry, or what an ATTACH
                   entry names: found, not counted. */
  uintptr_t Lo, Hi;
} scan;

static int addHit(omp_indirect_owned *E, void *Ctx) {
  scan *S = Ctx;
  omp_indirect_loan *L = S->L;
  if (L->NumHits == L->Cap) {
    int64_t Cap = L->Cap ? 2 * L->Cap : 8;
    omp_indirect_hit *New = realloc(L->Hits, sizeof *New * (size_t)Cap);
    if (!New)
      die(L->Device, "out of host memory");
    L->Hits = New;
    L->Cap = Cap;
  }
  uintptr_t End = E->Lo + E->Size;
  int Within = !S->LendOnly && (S->Hi > S->Lo
                                    ? S->Lo >= E->Lo && S->Hi <= End
                                    : S->Lo >= E->Lo && S->Lo < End);
  L->Hits[L->NumHits++] = (omp_indirect_hit){S->Entry, Within, 0, 0, E->Lo};
  if (omp_indirect_owned_lend(E))
    die(L->Device, "libomptarget refused to find a pointee of a deep copy");
  return 0;
}

/* Lends the owned pointees that [Lo, Hi) touches, for entry I, without
   counting: libomptarget only has to find them. */
static void lendOnly(omp_indirect_loan *L, int32_t I, uintptr_t Lo,
                     uintptr_t Hi) {
  scan S = {L, I, 1, Lo, Hi};
  omp_indirect_owned_overlap(L->Device, Lo, Hi, addHit, &S);
}

static void copy(int Device, uintptr_t Host, char *Dev, size_t N, int To) {
  int Rc = To ? omp_target_memcpy(Dev, (void *)Host, N, 0, 0, Device,
                                  omp_get_initial_device())
              : omp_target_memcpy((void *)Host, Dev, N, 0, 0,
                                  omp_get_initial_device(), Device);
  if (Rc)
    die(Device, To ? "cannot copy to the device" : "cannot copy from the "
                                                   "device");
}

void omp_indirect_presence_before(omp_indirect_loan *L,
                                  omp_indirect_presence_kind Kind,
                                  int64_t DeviceId, int32_t N, void **Bases,
                                  void **Begins, int64_t *Sizes,
                                  int64_t *Types) {
  memset(L, 0, sizeof *L);
  L->Kind = Kind;
  L->Begins = Begins;
  L->Sizes = Sizes;
  L->UserTypes = Types;
  L->Types = Types;
  int Note = Kind == OMP_INDIRECT_PRESENCE_ENTER ||
             Kind == OMP_INDIRECT_PRESENCE_KERNEL;
  int Scan = omp_indirect_owned_any() &&
             (L->Device = omp_indirect_resolve_device(DeviceId)) >= 0;
  if (!Note && !Scan)
    return;
  if (Scan)
    omp_indirect_owned_lock();
  for (int32_t I = 0; I < N; ++I) {
    /* An ATTACH entry maps nothing and counts nothing: an entering call
       looks its pointer and its pointee up, after the other entries, and
       may set the device pointer (an exit ignores it). Both are found
       (lent), neither counted, and no range of it is libomptarget's. */
    if (Types[I] & OMP_INDIRECT_MAP_ATTACH) {
      if (Scan && Note && Bases[I] && Begins[I]) {
        uintptr_t Ptr = (uintptr_t)Bases[I];
        size_t PtrSize = Sizes[I] > 0 ? (size_t)Sizes[I] : sizeof(void *);
        lendOnly(L, I, Ptr, Ptr + PtrSize);
        lendOnly(L, I, (uintptr_t)Begins[I], (uintptr_t)Begins[I] + 1);
      }
      continue;
    }
    scan S = {L, I, 0, 0, 0};
    int HasRange = entryRange(I, Bases, Begins, Sizes, Types, &S.Lo, &S.Hi);
    /* What libomptarget may map now; the deep copy then leaves it alone. */
    if (Note && HasRange && !(Types[I] & NON_CONTIG))
      omp_indirect_foreign_note(S.Lo, S.Hi);
    if (!Scan)
      continue;
    if (HasRange)
      omp_indirect_owned_overlap(L->Device, S.Lo, S.Hi, addHit, &S);
    /* libomptarget attaches the pointee through the pointer at the base:
       a pointer inside an owned pointee must be found there too. */
    if ((Types[I] & OMP_INDIRECT_MAP_PTR_AND_OBJ) && Bases[I])
      lendOnly(L, I, (uintptr_t)Bases[I],
               (uintptr_t)Bases[I] + sizeof(void *));
  }
  if (!Scan)
    return;
  static const int64_t Moves[] = {
      [OMP_INDIRECT_PRESENCE_ENTER] = 0,
      [OMP_INDIRECT_PRESENCE_EXIT] = OMP_INDIRECT_MAP_FROM,
      [OMP_INDIRECT_PRESENCE_UPDATE] = OMP_INDIRECT_MAP_TO | OMP_INDIRECT_MAP_FROM,
      [OMP_INDIRECT_PRESENCE_KERNEL] = OMP_INDIRECT_MAP_FROM,
  };
  omp_indirect_shadow_before(&L->Shadow, Moves[Kind], L->Device, N, Begins,
                             Sizes, Types);
  if (L->NumHits) {
    L->Types = malloc(sizeof(int64_t) * (size_t)(N ? N : 1));
    if (!L->Types)
      die(L->Device, "out of host memory");
    memcpy(L->Types, Types, sizeof(int64_t) * (size_t)N);
  }
  for (int64_t H = 0; H < L->NumHits; ++H) {
    omp_indirect_hit *Hit = &L->Hits[H];
    int64_t T = Types[Hit->Entry];
    if (!Hit->Within || Kind == OMP_INDIRECT_PRESENCE_UPDATE ||
        (T & NON_CONTIG))
      continue;
    L->Types[Hit->Entry] &= ~MOTION_AND_COUNT;
    Hit->Moves = Sizes[Hit->Entry] > 0;
    if (Kind == OMP_INDIRECT_PRESENCE_EXIT || !Hit->Moves)
      continue;
    omp_indirect_owned *E = omp_indirect_owned_find(L->Device, Hit->Lo, NULL);
    if (counts(T)) {
      E->Refs++;
      Hit->Counted = 1;
    }
    if ((T & OMP_INDIRECT_MAP_ALWAYS) && (T & OMP_INDIRECT_MAP_TO)) {
      uintptr_t Lo = (uintptr_t)Begins[Hit->Entry];
      copy(L->Device, Lo, omp_indirect_owned_at(E, Lo), (size_t)Sizes[Hit->Entry], 1);
    }
  }
  omp_indirect_owned_unlock();
}

void omp_indirect_presence_after(omp_indirect_loan *L) {
  if (L->Shadow.N)
    omp_indirect_shadow_after(&L->Shadow);
  if (!L->NumHits)
    return;
  omp_indirect_owned_lock();
  int Exit = L->Kind == OMP_INDIRECT_PRESENCE_EXIT ||
             L->Kind == OMP_INDIRECT_PRESENCE_KERNEL;
  /* References first, so that `from` sees whether the last one went. */
  for (int64_t H = 0; Exit && H < L->NumHits; ++H) {
    omp_indirect_hit *Hit = &L->Hits[H];
    int64_t T = L->UserTypes[Hit->Entry];
    omp_indirect_owned *E = omp_indirect_owned_find(L->Device, Hit->Lo, NULL);
    if (!Hit->Moves || !E)
      continue;
    if (L->Kind == OMP_INDIRECT_PRESENCE_EXIT && (T & OMP_INDIRECT_MAP_DELETE))
      E->Refs = 0;
    else if ((L->Kind == OMP_INDIRECT_PRESENCE_KERNEL
                  ? Hit->Counted
                  : counts(T)) &&
             E->Refs > 0)
      E->Refs--;
  }
  for (int64_t H = 0; Exit && H < L->NumHits; ++H) {
    omp_indirect_hit *Hit = &L->Hits[H];
    int64_t T = L->UserTypes[Hit->Entry];
    omp_indirect_owned *E = omp_indirect_owned_find(L->Device, Hit->Lo, NULL);
    if (!Hit->Moves || !E || !(T & OMP_INDIRECT_MAP_FROM) ||
        (E->Refs > 0 && !(T & OMP_INDIRECT_MAP_ALWAYS)))
      continue;
    uintptr_t Lo = (uintptr_t)L->Begins[Hit->Entry];
    copy(L->Device, Lo, omp_indirect_owned_at(E, Lo), (size_t)L->Sizes[Hit->Entry], 0);
  }
  /* A pointee whose last reference went leaves with its last loan. */
  for (int64_t H = 0; H < L->NumHits; ++H)
    omp_indirect_owned_unlend(L->Device, L->Hits[H].Lo);
  omp_indirect_owned_unlock();
  if (L->Types != L->UserTypes)
    free(L->Types);
  free(L->Hits);
  L->Hits = NULL;
  L->NumHits = 0;
}
