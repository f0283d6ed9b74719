/*===- collect/Cycle.c - an array's records replayed by the collector ------===*
 *
 * Cycle.h. Why the replay leaves the tree as the per-component path does:
 * a verified cycle pushed every component of the cycle before it at a
 * fixed stride higher, each through the fast path, and changed each range
 * list in one of two ways (Step): all its ranges merged into the open one,
 * which ended a stride later (GROW); or one range did not merge and closed
 * the open one into the last run, which counted one more at that stride
 * (RUN). An item with a member list instead (fewer members than
 * ItemHull.h's minimum: a C struct's) had its ranges merge into its last
 * member, which ended a stride later (GROW), or none moved (NONE). Every
 * test omp_indirect_dir_add (or the fast path's merge into the last
 * member) makes compares addresses that all moved by the stride (and the
 * run's next start, which moves by its stride, equal to the cycle's), so
 * the next cycle takes the same branches and changes the ranges by the
 * same step. The other checks of the fast path (the range within the item,
 * a pointee outside it, room in the deep list) are made per component in
 * the replay.
 *
 *===----------------------------------------------------------------------===*/
#include "Cycle.h"
#include "Collector.h"

#include "OmpIndirectRT.h"
#include "Populate.h"
#include "Scratch.h"

#include <string.h>

static void snap(const omp_indirect_dir_ranges *L, omp_indirect_cycle_list *S) {
  S->N = L->N;
  S->OpenLo = L->OpenLo;
  S->OpenHi = L->OpenHi;
  S->Unsorted = L->Unsorted;
  S->RLo = S->RLen = S->RStride = S->RCount = 0;
  if (L->N) {
    const omp_indirect_run *R = &L->R[L->N - 1];
    S->RLo = R->Lo;
    S->RLen = R->Len;
    S->RStride = R->Stride;
    S->RCount = R->Count;
  }
  S->Step = CYCLE_STEP_NONE;
}

/* What one cycle did to list L (S: before it), or -1 when it is not a step
   the next cycle repeats. Pushed: some range of the cycle moves this way. */
static int stepOf(const omp_indirect_dir_ranges *L,
                  const omp_indirect_cycle_list *S, int Pushed,
                  uint64_t Stride) {
  omp_indirect_cycle_list Now;
  snap(L, &Now);
  if (!Pushed)
    return Now.N == S->N && Now.OpenLo == S->OpenLo &&
                   Now.OpenHi == S->OpenHi && Now.RCount == S->RCount
               ? CYCLE_STEP_NONE
               : -1;
  if (S->Unsorted || Now.Unsorted || S->OpenLo >= S->OpenHi ||
      Now.N != S->N || Now.RLo != S->RLo || Now.RLen != S->RLen ||
      Now.RStride != S->RStride)
    return -1;
  if (Now.RCount == S->RCount && Now.OpenLo == S->OpenLo &&
      Now.OpenHi == S->OpenHi + Stride)
    return CYCLE_STEP_GROW;
  if (S->N > 0 && S->RCount >= 2 && S->RStride == Stride &&
      Now.RCount == S->RCount + 1 && Now.OpenLo == S->OpenLo + Stride &&
      Now.OpenHi == S->OpenHi + Stride)
    return CYCLE_STEP_RUN;
  return -1;
}

static void snapMember(const tree *T, omp_indirect_cycle_member *S) {
  S->NM = T->NM;
  S->Last = T->A[0].Last;
  S->Lo = S->Hi = 0;
  S->Motion = 0;
  if (S->Last >= 0) {
    S->Lo = T->M[S->Last].Lo;
    S->Hi = T->M[S->Last].Hi;
    S->Motion = T->M[S->Last].Motion;
  }
  S->Step = CYCLE_STEP_NONE;
}

/* What one cycle did to the item's member list (S: before it), or -1 when
   the next cycle would not repeat it. Each range with motion merged into
   the item's last member, which ended a stride later (GROW; Pushed: some
   range of the cycle moves), or there was none (NONE). The fast path took
   every component, so a range merged only if it began inside the member
   and moved the same way; a cycle later, both have moved by the stride. */
static int memberStepOf(const tree *T, const omp_indirect_cycle_member *S,
                        int Pushed, uint64_t Stride) {
  omp_indirect_cycle_member Now;
  snapMember(T, &Now);
  if (Now.NM != S->NM || Now.Last != S->Last || Now.Lo != S->Lo ||
      Now.Motion != S->Motion)
    return -1;
  if (!Pushed)
    return Now.Hi == S->Hi ? CYCLE_STEP_NONE : -1;
  return S->Last >= 0 && Now.Hi == S->Hi + Stride ? CYCLE_STEP_GROW : -1;
}

/* Both forms of the item's ranges before the cycle that may start here. */
static void snapAll(const tree *T, omp_indirect_cycle *Y) {
  snap(&T->ItemTo, &Y->To);
  snap(&T->ItemFrom, &Y->From);
  snapMember(T, &Y->Member);
}

void omp_indirect_cycle_reset(omp_indirect_cycle *Y) {
  Y->State = CYCLE_WAIT;
  Y->Wait = 1;
  Y->Backoff = 1;
  Y->Replayed = 0;
}

/* The cycle did not repeat: try again later, and later each time. */
static void giveUp(omp_indirect_cycle *Y) {
  Y->State = CYCLE_WAIT;
  Y->Wait = Y->Backoff;
  if (Y->Backoff < 4096)
    Y->Backoff *= 2;
}

/* Room in the deep list for the pointees of every record left in the
   item, if each repeats the cycle, taken now in one buffer (Scratch.h):
   not doubled as the replay writes, and a buffer kept from an earlier
   construct of that size is taken whole. Its pages are made present a
   chunk at a time as the replay reaches them (omp_indirect_cycle_room), so
   a guess too large (records that stop repeating the cycle: null
   pointers, other lengths) costs address space, not memory. Out of
   memory, the replay stops where the list is full, as before. */
static void reserveRest(omp_indirect_deep *D, const omp_indirect_cycle *Y) {
  uint64_t PerCycle = 0;
  for (int J = 0; J < Y->K; ++J)
    PerCycle += (Y->C[J].Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) != 0;
  if (!PerCycle || !Y->Stride || Y->C[0].At > Y->ItemHi)
    return;
  uint64_t Left = (Y->ItemHi - Y->C[0].At) / Y->Stride + 1;
  uint64_t Need = (uint64_t)D->NP + PerCycle * Left;
  if (Left > INT32_MAX || Need > INT32_MAX)
    Need = INT32_MAX;
  omp_indirect_scratch_reserve((void **)&D->P, &D->CapP, (size_t)Need,
                               sizeof *D->P);
}

/* The replay's pointees are made present this many at a time. */
#define ROOM_CHUNK ((int64_t)1 << 16)

int omp_indirect_cycle_room(collector *C) {
  omp_indirect_cycle *Y = &C->Cycle;
  omp_indirect_deep *D = C->T.D;
  int64_t Cap = D->CapP < INT32_MAX ? (int64_t)D->CapP : INT32_MAX;
  if (D->NP != Y->NPMax || Y->NPMax >= Cap)
    return 0;
  int64_t To = Y->NPMax + ROOM_CHUNK < Cap ? Y->NPMax + ROOM_CHUNK : Cap;
  omp_indirect_populate(D->P + Y->NPMax, sizeof *D->P * (size_t)(To - Y->NPMax));
  Y->NPMax = To;
  return 1;
}

/* The verified cycle's last component came: turns the replay on, or gives
   up when a list did not change by a step the next cycle repeats. */
static void verified(collector *C) {
  omp_indirect_cycle *Y = &C->Cycle;
  tree *T = &C->T;
  int PushTo = 0, PushFrom = 0;
  for (int J = 0; J < Y->K; ++J)
    if (!(Y->C[J].Type & OMP_INDIRECT_MAP_PTR_AND_OBJ)) {
      PushTo |= (Y->C[J].Type & OMP_INDIRECT_MAP_TO) != 0;
      PushFrom |= (Y->C[J].Type & OMP_INDIRECT_MAP_FROM) != 0;
    }
  /* The item's ranges went into its lists per direction, or (before it
     has that many members) into its member list. */
  int Lists = T->ItemHulls;
  int To = stepOf(&T->ItemTo, &Y->To, Lists && PushTo, Y->Stride);
  int From = stepOf(&T->ItemFrom, &Y->From, Lists && PushFrom, Y->Stride);
  int Member =
      memberStepOf(T, &Y->Member, !Lists && (PushTo || PushFrom), Y->Stride);
  /* The pointee last pushed lies outside the item (as every replayed one
     must), so it holds none of the item's ranges. */
  if (To < 0 || From < 0 || Member < 0 || C->Slow != Y->SlowAt ||
      T->SP != 2 ||
      T->Stack[0].R != 0 || T->Stack[1].R >= 0 || T->Stack[1].First >= 0 ||
      (T->Stack[1].Hi > T->Stack[0].Lo && T->Stack[1].Lo < T->Stack[0].Hi)) {
    giveUp(Y);
    return;
  }
  snapAll(T, Y);
  Y->To.Step = To;
  Y->From.Step = From;
  Y->Member.Step = Member;
  Y->ItemLo = T->Stack[0].Lo;
  Y->ItemHi = T->Stack[0].Hi;
  reserveRest(T->D, Y);
  Y->NPMax = T->D->NP; /* The room comes a chunk at a time. */
  /* Each range within the item, each pointer in it: one compare of At. */
  for (int J = 0; J < Y->K; ++J) {
    uint64_t Size = Y->C[J].Type & OMP_INDIRECT_MAP_PTR_AND_OBJ
                        ? sizeof(void *)
                        : (uint64_t)Y->C[J].Size;
    Y->C[J].AtMax = Y->ItemHi - Y->ItemLo >= Size ? Y->ItemHi - Size : 0;
    omp_indirect_pointee R = {NULL, 0, 0, (uint16_t)Y->C[J].Type,
                              (uint16_t)T->Entry, -1};
    memcpy(&Y->C[J].Tail, &R.Type, sizeof Y->C[J].Tail);
  }
  Y->Cycles = 0;
  Y->Phase = 0;
  Y->Backoff = 1;
  Y->State = CYCLE_ON;
}

void omp_indirect_cycle_watch(collector *C, void *Base, void *Begin,
                              int64_t Size, int64_t Type) {
  omp_indirect_cycle *Y = &C->Cycle;
  tree *T = &C->T;
  uintptr_t P = (uintptr_t)Base, B = (uintptr_t)Begin;
  int Pointee = (Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) != 0;
  switch (Y->State) {
  case CYCLE_WAIT:
    if (Pointee && --Y->Wait <= 0) {
      Y->State = CYCLE_LEARN;
      Y->K = 0;
      Y->P0Base = P;
      Y->P0Type = Type;
      Y->SlowAt = C->Slow;
      snapAll(T, Y);
    }
    return;
  case CYCLE_LEARN: {
    if (C->Slow != Y->SlowAt) {
      giveUp(Y);
      return;
    }
    /* The first component again, a stride on, right after the pointee
       learning began after, a stride on: one cycle. */
    const omp_indirect_cycle_comp *F = &Y->C[0];
    const omp_indirect_cycle_comp *L = &Y->C[Y->K - 1];
    if (Y->K >= 2 && !Pointee && Type == F->Type && Size == F->Size &&
        B > F->At && (L->Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) &&
        L->Type == Y->P0Type && L->At == Y->P0Base + (B - F->At)) {
      Y->Stride = B - F->At;
      for (int J = 0; J < Y->K; ++J)
        Y->C[J].At += Y->Stride;
      Y->MaxEnd = 0;
      Y->Phase = 0;
      Y->State = CYCLE_VERIFY;
      break; /* This component is the verified cycle's first. */
    }
    if (Y->K == OMP_INDIRECT_CYCLE_MAX) {
      giveUp(Y);
      return;
    }
    Y->C[Y->K++] =
        (omp_indirect_cycle_comp){Pointee ? P : B, 0, Size, Type, 0};
    if (Pointee) /* The ranges before the cycle that may start here. */
      snapAll(T, Y);
    return;
  }
  case CYCLE_VERIFY:
    break;
  default:
    return;
  }
  omp_indirect_cycle_comp *X = &Y->C[Y->Phase];
  if (C->Slow != Y->SlowAt || Type != X->Type ||
      (Pointee ? P != X->At || T->SP != 2
               : B != X->At || Size != X->Size || T->SP != 1)) {
    giveUp(Y);
    return;
  }
  uintptr_t E = Pointee ? P + sizeof(void *) : B + (uintptr_t)Size;
  if (E > Y->MaxEnd)
    Y->MaxEnd = E;
  X->At += Y->Stride;
  if (++Y->Phase == Y->K)
    verified(C);
}

/* A list after Cycles more cycles. */
static void step(omp_indirect_dir_ranges *L, const omp_indirect_cycle_list *S,
                 uint64_t Cycles, uint64_t Stride) {
  if (S->Step == CYCLE_STEP_GROW) {
    L->OpenHi += Cycles * Stride;
  } else if (S->Step == CYCLE_STEP_RUN) {
    L->R[L->N - 1].Count += Cycles;
    L->OpenLo += Cycles * Stride;
    L->OpenHi += Cycles * Stride;
  }
}

void omp_indirect_cycle_stop(collector *C) {
  omp_indirect_cycle *Y = &C->Cycle;
  tree *T = &C->T;
  if (Y->State != CYCLE_ON)
    return;
  uint64_t Replayed = Y->Cycles * (uint64_t)Y->K + (uint64_t)Y->Phase;
  Y->Replayed += Replayed;
  C->Seen += Replayed;
  /* The stack of open anchors as the last replayed component left it
     (the replay does not write it): the item, and above it the last
     pointee if that component was one. */
  if (Replayed) {
    const omp_indirect_cycle_comp *L = &Y->C[(Y->Phase ? Y->Phase : Y->K) - 1];
    if (L->Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) {
      const omp_indirect_deep *D = T->D;
      T->Stack[1] = (open_anchor){D->P[D->NP - 1].Lo, D->P[D->NP - 1].Hi,
                                  DEEP(D->NP - 1), -1, -1};
      T->SP = 2;
    } else {
      T->SP = 1;
    }
  }
  if (Y->Cycles) {
    step(&T->ItemTo, &Y->To, Y->Cycles, Y->Stride);
    step(&T->ItemFrom, &Y->From, Y->Cycles, Y->Stride);
    if (Y->Member.Step == CYCLE_STEP_GROW)
      T->M[Y->Member.Last].Hi += Y->Cycles * Y->Stride;
    extendHull(T, T->HullHi, Y->MaxEnd + Y->Cycles * Y->Stride);
  }
  /* The cycle broken midway: its components so far, the usual way (their
     pointees are in the deep list already). */
  for (int J = 0; J < Y->Phase; ++J) {
    const omp_indirect_cycle_comp *X = &Y->C[J];
    uintptr_t P = X->At - Y->Stride, B = P;
    if (X->Type & OMP_INDIRECT_MAP_PTR_AND_OBJ) {
      extendHull(T, P, P + sizeof(void *));
      continue;
    }
    if (omp_indirect_tree_item_range(T, B, B + (uintptr_t)X->Size,
                                     X->Type & OMP_INDIRECT_MAP_MOTION))
      C->Failed = 1;
  }
  Y->State = CYCLE_WAIT;
  Y->Wait = Y->Backoff;
}
