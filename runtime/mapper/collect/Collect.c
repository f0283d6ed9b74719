/*===- collect/Collect.c - clang's mapper functions, pushed into a tree ----===*
 *
 * The first half of the expansion (Expand.h): the runtime's collector,
 * which clang's mapper functions push their components to, and the tree
 * those components become as they arrive (Tree.h): anchors, member
 * ranges, and the pointees written straight into the deep list. Nothing
 * per component is kept but what the tree needs; the per-component path is
 * one function with no calls.
 *
 *===----------------------------------------------------------------------===*/
#include "Collect.h"
#include "Cycle.h"
#include "CycleReplay.h"

#include "Foreign.h"
#include "Libomptarget.h"
#include "MapperStack.h"
#include "OmpIndirectRT.h"

#include <stdio.h>

#define MOTION OMP_INDIRECT_MAP_MOTION

/* libomptarget's collector, for mapper functions it runs itself. The
   runtime defines these names too (below), so that mapper functions
   compiled without the plugin feed our expansion. */
void __tgt_push_mapper_component(void *Handle, void *Base, void *Begin,
                                 int64_t Size, int64_t Type, void *Name);
int64_t __tgt_mapper_num_components(void *Handle);

/* The collector of the expansion running on this thread; any other handle
   belongs to libomptarget. */
static _Thread_local collector *Active
    __attribute__((tls_model("initial-exec")));

/* The components of an array of structs whose mapper maps the struct and
   sections of its pointers (`map(s, s.d[0:s.len])`), once element 1
   began: a range of the item that extends its last member, or a pointee
   whose pointer lies in the item, with room in the deep list and the
   stack. Does what addComponent does for them, with few registers and no
   calls, and returns FAST_DONE; returns FAST_ITEM for a range of the item
   once it keeps its members per direction (pushRest), and 0 (and may have
   closed an open pointee without members, which addComponent would close
   too) for every other component. */
enum { FAST_NO, FAST_DONE, FAST_ITEM };
HOT int pushFast(collector *C, void *Base, void *Begin, int64_t Size,
                 int64_t Type) {
  tree *T = &C->T;
  uint64_t S = (uint64_t)Size;
  uintptr_t B = (uintptr_t)Begin, E = B + S;
  /* Not the rare cases of omp_indirect_check_component, nor element 0
     (one branch each: cheaper here than combining the compares). */
  if (__builtin_expect(!C->Fast, 0) ||
      __builtin_expect(S - 1 >= C->FastLimit, 0) ||
      __builtin_expect(B < 4096, 0) || __builtin_expect(E < B, 0) ||
      __builtin_expect((Type & OMP_INDIRECT_MAP_ATTACH) != 0, 0))
    return 0;
  if (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) {
    uintptr_t P = (uintptr_t)Base;
    omp_indirect_deep *D = T->D;
    if (openAnchorOf(T, P, P + sizeof(void *)) != 0 || T->SP == T->CapS ||
        (size_t)D->NP == D->CapP || D->NP >= INT32_MAX)
      return 0;
    extendHull(T, P, P + sizeof(void *));
    D->P[D->NP] = (omp_indirect_pointee){(void **)P, B, E, (uint16_t)Type,
                                         (uint16_t)T->Entry, -1};
    omp_indirect_bound_add(D, B, E);
    T->Stack[T->SP++] = (open_anchor){B, E, DEEP(D->NP), -1, -1};
    D->NP++;
  } else {
    if (openAnchorOf(T, B, E) != 0)
      return 0;
    extendHull(T, B, E);
    int64_t Motion = Type & MOTION;
    int32_t Last = T->A[0].Last;
    if (Motion && T->ItemHulls) {
      return FAST_ITEM; /* flang's records: pushRest. */
    } else if (Motion) { /* S > 0 here. */
      if (Last < 0)
        return 0; /* A new member: addMember. */
      member *L = &T->M[Last];
      if (L->Motion != Motion || B < L->Lo || B > L->Hi)
        return 0;
      if (E > L->Hi)
        L->Hi = E;
    }
  }
  C->Seen++;
  return FAST_DONE;
}

/* A component for one of libomptarget's handles (a mapper function that
   libomptarget runs itself). */
static __attribute__((noinline)) void
pushForeign(void *Handle, void *Base, void *Begin, int64_t Size, int64_t Type,
            void *Name) {
  if (Size > 0) /* libomptarget may map it: Foreign.h. */
    omp_indirect_foreign_note((uintptr_t)Begin, (uintptr_t)Begin + Size);
  OMP_INDIRECT_NEXT(__tgt_push_mapper_component)(Handle, Base, Begin, Size,
                                                 Type, Name);
}

/* Every other component of ours: C->Arg. */
static __attribute__((noinline)) void pushSlow(collector *C) {
  const component *A = &C->Arg;
  /* Clang's mapper functions (16 to 22) push a pointer and its pointee as
     one PTR_AND_OBJ component; an ATTACH component (MapTypes.h), which
     only clang 22's constructs use, would name a pointee pushed apart that
     the tree cannot tie to its pointer: stop rather than leave a host
     pointer on the device. */
  C->Slow++;
  omp_indirect_check_component(&C->Check, A->Base, A->Begin, A->Size,
                               A->Type, A->Name);
  if ((A->Type & OMP_INDIRECT_MAP_ATTACH) && !C->Failed) {
    fprintf(stderr, "omp-indirect: a mapper function pushed an ATTACH "
                    "component, which the deep copy does not take\n");
    C->Failed = C->Refused = 1;
  }
  if (!C->Failed)
    C->Failed = omp_indirect_tree_add(&C->T, C->Seen == 0, A->Base, A->Begin,
                             A->Size, A->Type);
  C->Seen++;
  C->Fast = !C->Failed && C->Check.ElemSize;
}

/* What the fast path left of the component C->Arg, Fast its answer: a
   range of the item (pushFast extended the item's hull) goes into the
   item's lists per direction, and the cycle (Cycle.c) watches each
   component the fast path took (pushOne lets those pass that only count
   down its wait); every other component goes the general way. Out of
   memory for a range: the general path adds it again (a range already in
   a list merges into it) and fails. */
static __attribute__((noinline)) void pushRest(collector *C, int Fast) {
  const component *A = &C->Arg;
  if (Fast == FAST_ITEM) {
    uintptr_t B = (uintptr_t)A->Begin, E = B + (uintptr_t)A->Size;
    if (addItemMember(&C->T, B, E, A->Type & MOTION))
      Fast = FAST_NO;
    else
      C->Seen++;
  }
  if (Fast == FAST_NO) {
    pushSlow(C);
    return;
  }
  omp_indirect_cycle_watch(C, A->Base, A->Begin, A->Size, A->Type);
}

/* A component outside a replayed cycle. The fast path needs the arguments
   only until it takes the component; the general paths read them from
   C->Arg, so the entry saves 2 callee-saved registers instead of 6 (about
   10 instructions a component less, the five stores counted). */
static inline __attribute__((always_inline)) void
pushOne(collector *C, void *Base, void *Begin, int64_t Size, int64_t Type,
        void *Name) {
  C->Arg = (component){Base, Begin, Size, Type, Name};
  int Fast = pushFast(C, Base, Begin, Size, Type);
  /* The cycle (Cycle.h) waits for a number of pointees to pass before it
     learns: the count is kept here, and only a pointee that ends the wait
     goes to it. */
  omp_indirect_cycle *Y = &C->Cycle;
  if (__builtin_expect(Fast == FAST_DONE, 1) && !C->T.ItemHulls &&
      Y->State == CYCLE_WAIT &&
      (!(Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) || --Y->Wait > 0))
    return;
  pushRest(C, Fast);
}

/* A component that ends the replay. */
static __attribute__((noinline)) void
pushCycleOther(collector *C, void *Base, void *Begin, int64_t Size,
               int64_t Type, void *Name) {
  omp_indirect_cycle_stop(C);
  pushOne(C, Base, Begin, Size, Type, Name);
}

/* A pointee while the cycle repeats (out of line, as the replay's path for
   ranges keeps to a few registers and saves none; and apart from the
   component that ends the replay, which saves them all). */
static __attribute__((noinline)) void
pushCycleAnyPointee(collector *C, void *Base, void *Begin, int64_t Size,
                    int64_t Type, void *Name) {
  if (__builtin_expect(pushCyclePointee(C, Base, Begin, Size, Type), 1))
    return;
  if (omp_indirect_cycle_room(C) &&
      pushCyclePointee(C, Base, Begin, Size, Type))
    return;
  pushCycleOther(C, Base, Begin, Size, Type, Name);
}

/* A component while no cycle replays (out of line: the entry point then
   saves no register on the replay's path for ranges). */
static __attribute__((noinline)) void pushOneOut(collector *C, void *Base,
                                                 void *Begin, int64_t Size,
                                                 int64_t Type, void *Name) {
  pushOne(C, Base, Begin, Size, Type, Name);
}

void __omp_indirect_push_mapper_component(void *Handle, void *Base,
                                          void *Begin, int64_t Size,
                                          int64_t Type, void *Name) {
  collector *C = Handle;
  if (__builtin_expect(C != Active, 0)) {
    pushForeign(Handle, Base, Begin, Size, Type, Name);
    return;
  }
  if (C->Cycle.State == CYCLE_ON) {
    if (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) {
      pushCycleAnyPointee(C, Base, Begin, Size, Type, Name);
      return;
    }
    if (__builtin_expect(pushCycleRange(C, Begin, Size, Type), 1))
      return;
    pushCycleOther(C, Base, Begin, Size, Type, Name);
    return;
  }
  pushOneOut(C, Base, Begin, Size, Type, Name);
}

/* Clang's mapper adds this count, shifted, to MEMBER_OF. We rebuild the
   structure from addresses and ignore MEMBER_OF, so 0 keeps it small. */
int64_t __omp_indirect_mapper_num_components(void *Handle) {
  if (Handle != Active)
    return OMP_INDIRECT_NEXT(__tgt_mapper_num_components)(Handle);
  return 0;
}

/* The same function under libomptarget's name, which flang's mapper
   functions call (no plugin renames their calls): no second jump through
   the PLT on each of their five components a record. */
void __tgt_push_mapper_component(void *Handle, void *Base, void *Begin,
                                 int64_t Size, int64_t Type, void *Name)
    __attribute__((alias("__omp_indirect_push_mapper_component")));

int64_t __tgt_mapper_num_components(void *Handle) {
  return __omp_indirect_mapper_num_components(Handle);
}

int omp_indirect_collect_run(collector *C, const omp_indirect_map_list *In,
                             int K) {
  tree *T = &C->T;
  T->NA = T->NM = T->SP = T->NC = 0;
  T->ItemHulls = 0;
  T->ItemMembers = 0;
  omp_indirect_dir_free(&T->ItemTo);
  omp_indirect_dir_free(&T->ItemFrom);
  T->HullLo = UINTPTR_MAX;
  T->HullHi = 0;
  T->DBase = T->D->NP;
  T->Entry = K;
  C->Seen = C->Slow = 0;
  C->Failed = C->Refused = C->Fast = 0;
  omp_indirect_check_entry(&C->Check, K, In->Begins[K], In->Sizes[K]);
  C->FastLimit =
      C->Check.Limit < UINT32_MAX ? C->Check.Limit : (uint64_t)UINT32_MAX;
  /* The entry itself moves nothing: its motion comes from the mapper's
     items, folded in below. */
  uintptr_t Lo = (uintptr_t)In->Begins[K];
  if (omp_indirect_tree_open(T, Lo, Lo + (uintptr_t)In->Sizes[K], In->Bases[K],
                In->Types[K] & ~MOTION, TOP, NO_ANCHOR))
    return 1;
  omp_indirect_cycle_reset(&C->Cycle);
  collector *Saved = Active;
  Active = C;
  int NoStack = omp_indirect_call_mapper(
      (omp_indirect_mapper_fn)In->Mappers[K], C, In->Bases[K], In->Begins[K],
      In->Sizes[K], In->Types[K], In->Names ? In->Names[K] : NULL);
  Active = Saved;
  omp_indirect_cycle_stop(C);
  if (NoStack) {
    C->Failed = C->Refused = 1;
    return 1;
  }
  omp_indirect_check_entry_done(&C->Check);
  return C->Failed;
}
