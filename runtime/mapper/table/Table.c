/*===- table/Table.c - pointees that the bulk deep copy owns ---------------===*
 *
 * Each block keeps its pointees in an array sorted by host address: a
 * construct that placed N pointees writes N entries one after another, and
 * a later construct that names them in the same order finds each next to
 * the last (omp_indirect_cursor). A small hash table, the page index, maps
 * each host page that a block's pointees cover to the block (PageIndex.c),
 * so a lookup visits only the blocks that can hold the address and
 * binary-searches them. Pointees larger than BIG_PAGES pages stay out of the page index:
 * their blocks are on a list of their own, which every lookup walks.
 * A pointee that leaves the table is marked (Refs -1) and its block freed
 * with its last one, so nothing is moved or rehashed per pointee. A lookup
 * that finds a pointee marks its block Found, which ends any claim on it
 * (Table.h, omp_indirect_claim).
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "Table.h"
#include "PageIndex.h"

#include "Libomptarget.h"
#include "MapList.h"
#include "Scratch.h"

#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SHIFT OMP_INDIRECT_PAGE_SHIFT
#define BIG_PAGES OMP_INDIRECT_BIG_PAGES
/* A lookup of a range wider than this many pages walks the blocks. */
#define SCAN_PAGES 64

static pthread_mutex_t Lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static omp_indirect_block *Blocks;    /* Live blocks, newest first. */
static omp_indirect_block *BigBlocks; /* Those with a big pointee. */
static _Atomic size_t LiveBlocks;
uint64_t omp_indirect_owned_generation; /* Moves on when a block is freed. */

void omp_indirect_owned_lock(void) { pthread_mutex_lock(&Lock); }
void omp_indirect_owned_unlock(void) { pthread_mutex_unlock(&Lock); }

int omp_indirect_owned_any(void) {
  return atomic_load_explicit(&LiveBlocks, memory_order_relaxed) != 0;
}

/* ---- Block ids. ---- */

omp_indirect_block **omp_indirect_block_ids;
static size_t IdCap, NextId;
static uint64_t Births; /* Blocks made so far (under the lock). */

/* A free id for B, or 1 when none is left or out of memory. */
static int takeId(omp_indirect_block *B) {
  for (size_t K = 0; K < IdCap; ++K, NextId = (NextId + 1) % IdCap)
    if (!omp_indirect_block_ids[NextId]) {
      B->Id = (uint32_t)NextId;
      omp_indirect_block_ids[NextId] = B;
      return 0;
    }
  size_t Cap = IdCap ? 2 * IdCap : 64;
  if (Cap > (size_t)1 << OMP_INDIRECT_BLOCK_ID_BITS)
    return 1;
  omp_indirect_block **New =
      realloc(omp_indirect_block_ids, Cap * sizeof *New);
  if (!New)
    return 1;
  memset(New + IdCap, 0, (Cap - IdCap) * sizeof *New);
  omp_indirect_block_ids = New;
  NextId = IdCap;
  IdCap = Cap;
  return takeId(B);
}

omp_indirect_block *omp_indirect_block_new(int Device, int64_t Cap) {
  omp_indirect_block *B = calloc(1, sizeof *B);
  if (!B)
    return NULL;
  B->E = omp_indirect_scratch_take(sizeof *B->E * (size_t)(Cap ? Cap : 1));
  if (!B->E || takeId(B)) {
    omp_indirect_scratch_give(B->E);
    free(B);
    return NULL;
  }
  B->Device = Device;
  B->Mark = -1;
  B->Birth = Births++;
  omp_indirect_block_clear(B);
  return B;
}

omp_indirect_block *omp_indirect_claim_untouched(const omp_indirect_claim *C) {
  omp_indirect_block *B = C->Block;
  if (!B || C->Id >= IdCap || omp_indirect_block_ids[C->Id] != B ||
      B->Birth != C->Birth || B->Found)
    return NULL;
  return B;
}

void omp_indirect_block_clear(omp_indirect_block *B) {
  B->N = 0;
  B->SpanLo = UINTPTR_MAX;
  B->SpanHi = 0;
  B->Big = B->Unsorted = 0;
}

static int byLo(const void *A, const void *B) {
  uintptr_t X = ((const omp_indirect_owned *)A)->Lo;
  uintptr_t Y = ((const omp_indirect_owned *)B)->Lo;
  return X < Y ? -1 : X > Y;
}

/* The number of pages B's span covers. A block with no more of them than
   pointees is dense: the page index names its whole span (forEachPage). */
static size_t spanPages(const omp_indirect_block *B) {
  return B->N ? ((B->SpanHi - 1) >> PAGE_SHIFT) - (B->SpanLo >> PAGE_SHIFT) + 1
              : 0;
}

int omp_indirect_block_dense(const omp_indirect_block *B) {
  return B->N && !B->Big && spanPages(B) <= (size_t)B->N;
}

/* A construct's pointees usually come in address order (arrays filled in
   order); only a block whose pointees do not is sorted. */
static void sortEntries(omp_indirect_block *B) {
  if (B->Unsorted)
    qsort(B->E, (size_t)B->N, sizeof *B->E, byLo);
  B->Unsorted = 0;
}

/* The entries of a lazy block, written before a lookup reads them: its
   pointees pushed again, as the entry placed them. */
static void writeLazy(omp_indirect_block *B) {
  const omp_indirect_pointee *P = B->Lazy;
  int64_t N = B->N;
  omp_indirect_block_clear(B);
  omp_indirect_block_run R = omp_indirect_block_run_begin(B);
  uint64_t At = 0;
  for (int64_t I = 0; I < N; ++I)
    At = omp_indirect_block_run_place(&R, P[I].Lo,
                                      (uint32_t)(P[I].Hi - P[I].Lo), At);
  omp_indirect_block_run_end(B, &R);
  B->Lazy = NULL;
  sortEntries(B);
}

int omp_indirect_block_add(omp_indirect_block *B) {
  if (!B->Lazy)
    sortEntries(B);
  /* Room for every page the span covers, or that the pointees can cover
     (each small one at most BIG_PAGES + 1), whichever is less. */
  size_t SpanPages = spanPages(B);
  size_t MostPages = (size_t)B->N * (BIG_PAGES + 1);
  if (omp_indirect_page_index_reserve(SpanPages < MostPages ? SpanPages
                                                            : MostPages))
    return 1;
  B->Dense = omp_indirect_block_dense(B);
  if (B->Lazy && !B->Dense) /* The page index reads its entries. */
    writeLazy(B);
  omp_indirect_page_index_add(B);
  B->Live = B->N;
  B->Next = Blocks;
  if (Blocks)
    Blocks->Prev = B;
  Blocks = B;
  if (B->Big) {
    B->BigNext = BigBlocks;
    if (BigBlocks)
      BigBlocks->BigPrev = B;
    BigBlocks = B;
  }
  atomic_fetch_add_explicit(&LiveBlocks, 1, memory_order_relaxed);
  return 0;
}

void omp_indirect_block_discard(omp_indirect_block *B) {
  if (B->Dev)
    omp_target_free(B->Dev, B->Device);
  omp_indirect_scratch_give(B->E);
  omp_indirect_block_ids[B->Id] = NULL;
  free(B);
}

static void freeBlock(omp_indirect_block *B) {
  omp_indirect_page_index_remove(B);
  if (B->Prev)
    B->Prev->Next = B->Next;
  else
    Blocks = B->Next;
  if (B->Next)
    B->Next->Prev = B->Prev;
  if (B->Big) {
    if (B->BigPrev)
      B->BigPrev->BigNext = B->BigNext;
    else
      BigBlocks = B->BigNext;
    if (B->BigNext)
      B->BigNext->BigPrev = B->BigPrev;
  }
  ++omp_indirect_owned_generation;
  atomic_fetch_sub_explicit(&LiveBlocks, 1, memory_order_relaxed);
  omp_indirect_block_discard(B);
}

void omp_indirect_block_pin(omp_indirect_block *B) { ++B->Live; }

void omp_indirect_block_unpin(omp_indirect_block *B) {
  if (--B->Live == 0)
    freeBlock(B);
}

/* ---- Lookups. ---- */

/* The index in B of the last entry starting at or below Lo, or -1. */
static int64_t lastAtOrBelow(const omp_indirect_block *B, uintptr_t Lo) {
  int64_t A = 0, Z = B->N;
  while (A < Z) {
    int64_t M = A + (Z - A) / 2;
    if (B->E[M].Lo <= Lo)
      A = M + 1;
    else
      Z = M;
  }
  return A - 1;
}

/* Calls Fn(Blk) once for each block on Device that may hold a pointee
   overlapping [Lo, Hi), until it returns nonzero. */
static int forEachBlock(int Device, uintptr_t Lo, uintptr_t Hi,
                        int (*Fn)(omp_indirect_block *Blk, void *Ctx),
                        void *Ctx) {
  uintptr_t First = Lo >> PAGE_SHIFT, Last = (Hi - 1) >> PAGE_SHIFT;
  /* Every block, or the page index and the blocks it leaves out. */
  int All = Last - First >= SCAN_PAGES || !omp_indirect_page_index_ready();
  int R = All ? 0 : omp_indirect_page_index_visit(Device, First, Last, Fn, Ctx);
  for (omp_indirect_block *B = All ? Blocks : BigBlocks; B && !R;
       B = All ? B->Next : B->BigNext)
    if (B->Device == Device && B->SpanLo < Hi && Lo < B->SpanHi)
      R = Fn(B, Ctx);
  return R;
}

typedef struct find_ctx {
  uintptr_t Lo;
  omp_indirect_owned *Found;
} find_ctx;

static int findIn(omp_indirect_block *B, void *Ctx) {
  find_ctx *F = Ctx;
  if (B->Lazy)
    writeLazy(B);
  int64_t I = lastAtOrBelow(B, F->Lo);
  if (I < 0 || B->E[I].Lo != F->Lo || B->E[I].Refs < 0)
    return 0;
  F->Found = &B->E[I];
  B->Found = 1;
  return 1;
}

omp_indirect_owned *omp_indirect_owned_find(int Device, uintptr_t Lo,
                                            omp_indirect_cursor *C) {
  if (!Blocks)
    return NULL;
  if (C && C->Block && C->Generation == omp_indirect_owned_generation &&
      C->Block->Device == Device) {
    omp_indirect_block *B = C->Block;
    for (int64_t I = C->At + 1; I >= C->At && I >= 0; --I)
      if (I < B->N && B->E[I].Lo == Lo && B->E[I].Refs >= 0) {
        C->At = I;
        B->Found = 1;
        return &B->E[I];
      }
  }
  find_ctx F = {Lo, NULL};
  forEachBlock(Device, Lo, Lo + 1, findIn, &F);
  if (C && F.Found) {
    C->Block = omp_indirect_owned_block(F.Found);
    C->At = F.Found - C->Block->E;
    C->Generation = omp_indirect_owned_generation;
  }
  return F.Found;
}

typedef struct overlap_ctx {
  uintptr_t Lo, Hi;
  int (*Fn)(omp_indirect_owned *E, void *Ctx);
  void *Ctx;
} overlap_ctx;

static int overlapIn(omp_indirect_block *B, void *Ctx) {
  overlap_ctx *O = Ctx;
  if (B->Lazy)
    writeLazy(B);
  /* The pointees of a block are disjoint: only the last one starting at
     or below Lo can reach into [Lo, Hi) from the left. */
  int64_t I = lastAtOrBelow(B, O->Lo);
  for (I = I < 0 ? 0 : I; I < B->N && B->E[I].Lo < O->Hi; ++I) {
    omp_indirect_owned *E = &B->E[I];
    if (E->Refs < 0 || E->Lo + E->Size <= O->Lo)
      continue;
    B->Found = 1;
    int R = O->Fn(E, O->Ctx);
    if (R)
      return R;
  }
  return 0;
}

int omp_indirect_owned_overlap(int Device, uintptr_t Lo, uintptr_t Hi,
                               int (*Fn)(omp_indirect_owned *E, void *Ctx),
                               void *Ctx) {
  if (!Blocks)
    return 0;
  if (Hi <= Lo)
    Hi = Lo + 1;
  overlap_ctx O = {Lo, Hi, Fn, Ctx};
  return forEachBlock(Device, Lo, Hi, overlapIn, &O);
}

static int keepFirst(omp_indirect_owned *E, void *Ctx) {
  *(omp_indirect_owned **)Ctx = E;
  return 1;
}

omp_indirect_owned *omp_indirect_owned_containing(int Device, uintptr_t P) {
  omp_indirect_owned *E = NULL;
  omp_indirect_owned_overlap(Device, P, P + 1, keepFirst, &E);
  return E;
}
