/*===- BulkTable.c - pointees that the bulk deep copy owns ----------------===*
 *
 * An open-addressing hash table (linear probing, backward-shift removal)
 * from (device, host address) to the pointee's device copy and reference
 * count. Lookups, inserts and removals are O(1) expected, so a construct
 * with N pointees costs O(N) here.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "BulkTable.h"

#include "Libomptarget.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static omp_indirect_owned *Slots;
static size_t Mask; /* Capacity - 1; capacity is a power of two. */
static size_t Used;
static pthread_mutex_t Lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static omp_indirect_block *Blocks; /* Live blocks, newest first. */
static _Atomic size_t LiveBlocks;

void omp_indirect_owned_lock(void) { pthread_mutex_lock(&Lock); }
void omp_indirect_owned_unlock(void) { pthread_mutex_unlock(&Lock); }

static size_t hashOf(int Device, uintptr_t Lo) {
  uint64_t H = (uint64_t)Lo ^ ((uint64_t)(unsigned)Device << 56);
  H ^= H >> 33;
  H *= 0xff51afd7ed558ccdULL;
  H ^= H >> 33;
  return (size_t)H;
}

void omp_indirect_owned_prefetch(int Device, uintptr_t Lo) {
  if (Slots)
    __builtin_prefetch(&Slots[hashOf(Device, Lo) & Mask], 1);
}

omp_indirect_owned *omp_indirect_owned_find(int Device, uintptr_t Lo) {
  if (!Slots)
    return NULL;
  for (size_t I = hashOf(Device, Lo) & Mask;; I = (I + 1) & Mask) {
    omp_indirect_owned *E = &Slots[I];
    if (!E->Lo)
      return NULL;
    if (E->Lo == Lo && E->Block->Device == Device)
      return E;
  }
}

static int rehash(size_t NewCap) {
  omp_indirect_owned *Old = Slots;
  size_t OldCap = Old ? Mask + 1 : 0;
  omp_indirect_owned *New = calloc(NewCap, sizeof *New);
  if (!New)
    return 1;
  Slots = New;
  Mask = NewCap - 1;
  for (size_t I = 0; I < OldCap; ++I) {
    if (!Old[I].Lo)
      continue;
    size_t J = hashOf(Old[I].Block->Device, Old[I].Lo) & Mask;
    while (Slots[J].Lo)
      J = (J + 1) & Mask;
    Slots[J] = Old[I];
  }
  free(Old);
  return 0;
}

int omp_indirect_owned_reserve(size_t More) {
  size_t Cap = Slots ? Mask + 1 : 0, NewCap = Cap ? Cap : 1024;
  while ((Used + More) * 4 > NewCap * 3)
    NewCap *= 2;
  return NewCap == Cap ? 0 : rehash(NewCap);
}

omp_indirect_owned *omp_indirect_owned_insert(omp_indirect_block *Block,
                                              uintptr_t Lo) {
  if (omp_indirect_owned_reserve(1))
    return NULL;
  size_t I = hashOf(Block->Device, Lo) & Mask;
  while (Slots[I].Lo)
    I = (I + 1) & Mask;
  memset(&Slots[I], 0, sizeof Slots[I]);
  Slots[I].Lo = Lo;
  Slots[I].Block = Block;
  ++Used;
  return &Slots[I];
}

int omp_indirect_owned_remove(int Device, uintptr_t Lo) {
  omp_indirect_owned *E = omp_indirect_owned_find(Device, Lo);
  if (!E)
    return 0;
  size_t I = (size_t)(E - Slots);
  /* Backward shift: pull later entries of the probe run into the hole. */
  for (size_t J = (I + 1) & Mask; Slots[J].Lo; J = (J + 1) & Mask) {
    size_t Home = hashOf(Slots[J].Block->Device, Slots[J].Lo) & Mask;
    if (((J - Home) & Mask) >= ((J - I) & Mask)) {
      Slots[I] = Slots[J];
      I = J;
    }
  }
  memset(&Slots[I], 0, sizeof Slots[I]);
  --Used;
  return 1;
}

/* ---- The range index. ---- */

void omp_indirect_block_add(omp_indirect_block *Block, uintptr_t *Los,
                            int64_t N, uintptr_t SpanLo, uintptr_t SpanHi) {
  Block->Los = Los;
  Block->NLos = N;
  Block->Sorted = 0;
  Block->SpanLo = SpanLo;
  Block->SpanHi = SpanHi;
  Block->Prev = NULL;
  Block->Next = Blocks;
  if (Blocks)
    Blocks->Prev = Block;
  Blocks = Block;
  atomic_fetch_add_explicit(&LiveBlocks, 1, memory_order_relaxed);
}

int omp_indirect_owned_any(void) {
  return atomic_load_explicit(&LiveBlocks, memory_order_relaxed) != 0;
}

static int byAddress(const void *A, const void *B) {
  uintptr_t X = *(const uintptr_t *)A, Y = *(const uintptr_t *)B;
  return X < Y ? -1 : X > Y;
}

/* Pointees of a construct usually come in address order (arrays filled in
   order); only a block that does not is sorted, and only once it is
   asked. */
static void sortBlock(omp_indirect_block *B) {
  if (B->Sorted)
    return;
  for (int64_t I = 1; I < B->NLos; ++I)
    if (B->Los[I - 1] > B->Los[I]) {
      qsort(B->Los, (size_t)B->NLos, sizeof *B->Los, byAddress);
      break;
    }
  B->Sorted = 1;
}

int omp_indirect_owned_overlap(int Device, uintptr_t Lo, uintptr_t Hi,
                               int (*Fn)(omp_indirect_owned *E, void *Ctx),
                               void *Ctx) {
  if (Hi <= Lo)
    Hi = Lo + 1;
  for (omp_indirect_block *B = Blocks; B; B = B->Next) {
    if (B->Device != Device || B->SpanHi <= Lo || B->SpanLo >= Hi)
      continue;
    sortBlock(B);
    /* The pointees of a block are disjoint: only the last one starting at
       or below Lo can reach into [Lo, Hi) from the left. */
    int64_t A = 0, Z = B->NLos;
    while (A < Z) {
      int64_t M = (A + Z) / 2;
      if (B->Los[M] <= Lo)
        A = M + 1;
      else
        Z = M;
    }
    for (int64_t I = A > 0 ? A - 1 : 0; I < B->NLos && B->Los[I] < Hi; ++I) {
      omp_indirect_owned *E = omp_indirect_owned_find(Device, B->Los[I]);
      if (!E || E->Block != B || E->Lo + E->Size <= Lo)
        continue; /* Released, or placed again elsewhere. */
      int R = Fn(E, Ctx);
      if (R)
        return R;
    }
  }
  return 0;
}

static int keepFirst(omp_indirect_owned *E, void *Ctx) {
  *(omp_indirect_owned **)Ctx = E;
  return 1;
}

omp_indirect_owned *omp_indirect_owned_containing(int Device, uintptr_t P) {
  omp_indirect_owned *E = NULL;
  if (omp_indirect_owned_any())
    omp_indirect_owned_overlap(Device, P, P + 1, keepFirst, &E);
  return E;
}

/* ---- Loans to libomptarget and release. ---- */

typedef struct loan {
  int Device;
  uintptr_t Lo;
  int64_t Count;
} loan;

static loan *Loans;
static size_t NumLoans, LoanCap;

static loan *findLoan(int Device, uintptr_t Lo) {
  for (size_t I = 0; I < NumLoans; ++I)
    if (Loans[I].Lo == Lo && Loans[I].Device == Device)
      return &Loans[I];
  return NULL;
}

int omp_indirect_owned_lend(omp_indirect_owned *E) {
  int Device = E->Block->Device;
  loan *L = findLoan(Device, E->Lo);
  if (L) {
    ++L->Count;
    return 0;
  }
  if (NumLoans == LoanCap) {
    size_t Cap = LoanCap ? 2 * LoanCap : 16;
    loan *New = realloc(Loans, Cap * sizeof *New);
    if (!New)
      return 1;
    Loans = New;
    LoanCap = Cap;
  }
  if (OMP_INDIRECT_NEXT(omp_target_associate_ptr)((void *)E->Lo, E->Dev,
                                                  E->Size, 0, Device))
    return 1;
  Loans[NumLoans++] = (loan){Device, E->Lo, 1};
  return 0;
}

/* Out of the table now; the block goes with its last pointee. */
static void dropNow(int Device, uintptr_t Lo) {
  omp_indirect_owned *E = omp_indirect_owned_find(Device, Lo);
  if (!E)
    return;
  omp_indirect_block *B = E->Block;
  omp_indirect_owned_remove(Device, Lo);
  if (--B->Live > 0)
    return;
  if (B->Prev)
    B->Prev->Next = B->Next;
  else if (Blocks == B)
    Blocks = B->Next;
  if (B->Next)
    B->Next->Prev = B->Prev;
  atomic_fetch_sub_explicit(&LiveBlocks, 1, memory_order_relaxed);
  omp_target_free(B->Dev, B->Device);
  free(B->Los);
  free(B);
}

void omp_indirect_owned_unlend(int Device, uintptr_t Lo) {
  loan *L = findLoan(Device, Lo);
  if (!L || --L->Count > 0)
    return;
  *L = Loans[--NumLoans];
  if (OMP_INDIRECT_NEXT(omp_target_disassociate_ptr)((void *)Lo, Device)) {
    fprintf(stderr,
            "omp-indirect: device %d: libomptarget would not give back the "
            "pointee at %p; stopping rather than keep two copies of it\n",
            Device, (void *)Lo);
    abort();
  }
  /* Its last reference went while it was lent (unless a construct took it
     again meanwhile). */
  omp_indirect_owned *E = omp_indirect_owned_find(Device, Lo);
  if (E && E->Refs == 0)
    dropNow(Device, Lo);
}

void omp_indirect_owned_release(int Device, uintptr_t Lo) {
  if (!findLoan(Device, Lo)) /* Else the last loan's end drops it. */
    dropNow(Device, Lo);
}
