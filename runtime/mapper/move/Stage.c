/*===- move/Stage.c - an entering construct's block, filled as placed ------===*
 *
 * What the placement's pass calls out of line while it stages (Stage.h):
 * the block's memory at the first new pointee, each item's image at its
 * first pointee and a chunk at a time after that, and the end.
 *
 *===----------------------------------------------------------------------===*/
#include "Stage.h"
#include "Bulk.h"
#include "Construct.h"
#include "FaultGuard.h"

#include "OmpIndirectRT.h"
#include "Table.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TO OMP_INDIRECT_MAP_TO
#define MEMBER_OF_FIELD(T) (((T) >> 48) & 0xffff)

/* An item's image is copied this far ahead of the slot the pass writes
   next: the pass then writes its pointers into lines in the cache, and no
   image is read back from memory. */
#define COPY_AHEAD ((uintptr_t)64 << 10)

int omp_indirect_item_fresh(const omp_indirect_bulk *B,
                            const omp_indirect_map_list *L, int32_t K) {
  if (L->Sizes[K] <= 0)
    return 0;
  int Always = (B->D.User[K] & OMP_INDIRECT_MAP_ALWAYS) &&
               (L->Types[K] & TO);
  return Always || !omp_indirect_is_present(L->Begins[K], B->Device);
}

void omp_indirect_take_items(omp_indirect_bulk *B, omp_indirect_map_list *L) {
  B->Fresh = omp_indirect_bulk_alloc(B, (size_t)L->Count);
  memset(B->Fresh, 0, (size_t)L->Count);
  for (int32_t K = 0; K < B->D.NumEntries; ++K) {
    if (!B->Tops[K] || !omp_indirect_item_fresh(B, L, K))
      continue;
    int Always = (B->D.User[K] & OMP_INDIRECT_MAP_ALWAYS) && (L->Types[K] & TO);
    B->Fresh[K] = 1;
    L->Types[K] &= ~(int64_t)(TO | (Always ? OMP_INDIRECT_MAP_ALWAYS : 0));
    uintptr_t Lo = (uintptr_t)L->Begins[K], Hi = Lo + (uintptr_t)L->Sizes[K];
    for (int32_t J = 0; J < L->Count; ++J)
      if (MEMBER_OF_FIELD(L->Types[J]) == (uint64_t)K + 1 &&
          !(L->Types[J] & OMP_INDIRECT_MAP_PTR_AND_OBJ) &&
          (uintptr_t)L->Begins[J] >= Lo &&
          (uintptr_t)L->Begins[J] + (uintptr_t)L->Sizes[J] <= Hi)
        L->Types[J] &= ~(int64_t)(TO | OMP_INDIRECT_MAP_ALWAYS);
  }
}

void omp_indirect_stage_begin(omp_indirect_stage *St, const omp_indirect_bulk *B,
                              const omp_indirect_map_list *L) {
  uint64_t Bound = B->D.Bound;
  memset(St, 0, sizeof *St);
  St->L = L;
  St->Bound = Bound;
  St->AllFrom = OMP_INDIRECT_MAP_FROM;
  /* The bound also keeps the block within the table's and the device's
     limits, which the placement checks only after its pass. */
  if (B->Device >= 0 && B->D.NP && Bound && Bound < OMP_INDIRECT_NO_BOUND &&
      Bound < OMP_INDIRECT_BLOCK_MAX_BYTES && Bound <= omp_indirect_check_limit())
    St->State = OMP_INDIRECT_STAGE_WAIT;
}

int omp_indirect_stage_setup(omp_indirect_stage *St, const omp_indirect_bulk *B,
                             int32_t K) {
  St->State = OMP_INDIRECT_STAGE_OFF;
  /* No room: the placement's own allocation, of the bytes placed, says so
     if it gets none either. */
  if (!omp_indirect_item_fresh(B, St->L, K) ||
      !(St->Dev = omp_target_alloc(St->Bound, B->Device)))
    return 0;
  size_t NE = (size_t)B->D.NumEntries;
  St->NE = B->D.NumEntries;
  St->Host = omp_indirect_bulk_scratch(B, St->Bound);
  St->Img = omp_indirect_bulk_alloc(B, sizeof *St->Img * NE);
  St->Delta = omp_indirect_bulk_alloc(B, sizeof *St->Delta * NE);
  St->Ready = omp_indirect_bulk_alloc(B, sizeof *St->Ready * NE);
  memset(St->Img, 0, sizeof *St->Img * NE);
  memset(St->Ready, 0, sizeof *St->Ready * NE);
  St->State = OMP_INDIRECT_STAGE_ON;
  return 1;
}

/* Item K's image copied up to host address To (Ready[K] below it). */
static void copyItem(omp_indirect_stage *St, int32_t K, uintptr_t To) {
  uintptr_t From = St->Ready[K];
  memcpy((char *)(From + St->Delta[K]), (void *)From, To - From);
  St->Ready[K] = To;
}

int omp_indirect_stage_item(omp_indirect_stage *St, const omp_indirect_bulk *B,
                            int32_t K, uintptr_t Slot) {
  const omp_indirect_map_list *L = St->L;
  uintptr_t Lo = (uintptr_t)L->Begins[K], Hi = Lo + (uintptr_t)L->Sizes[K];
  /* A pointee's pointer lies in its item (the expansion narrows the item to
     cover it); anything else is not staged. */
  if (Slot < Lo || Slot + sizeof(void *) > Hi)
    return 0;
  if (!St->Img[K]) {
    omp_indirect_guard *G = omp_indirect_guard_current();
    omp_indirect_guard_off(G); /* The runtime's own lookups. */
    int Fresh = omp_indirect_item_fresh(B, L, K);
    if (Fresh) {
      St->Img[K] = omp_indirect_bulk_scratch(B, (size_t)L->Sizes[K]);
      St->Delta[K] = (uintptr_t)St->Img[K] - Lo;
      St->Ready[K] = Lo;
    }
    omp_indirect_guard_on(G);
    if (!Fresh)
      return 0;
  }
  uintptr_t To = Hi - Slot > COPY_AHEAD ? Slot + COPY_AHEAD : Hi;
  copyItem(St, K, To);
  return 1;
}

/* What a kernel's exit needs from its claimed block's pointees, read as
   the pass staged them: the exit's placement then reads none of them. */
static void handOver(omp_indirect_bulk *B) {
  omp_indirect_handover *H = &B->Hand;
  H->Tops = omp_indirect_bulk_alloc(B, (size_t)B->D.NumEntries + 1);
  memcpy(H->Tops, B->Tops, (size_t)B->D.NumEntries);
  H->Lo = omp_indirect_block_align(0, B->D.P[0].Lo);
  H->Hi = B->Total;
  H->AllFrom = B->Stage.AllFrom != 0;
  H->Staged = 1;
}

void omp_indirect_stage_end(omp_indirect_bulk *B, int Valid) {
  omp_indirect_stage *St = &B->Stage;
  if (St->State == OMP_INDIRECT_STAGE_ON && Valid) {
    omp_indirect_guard *G = omp_indirect_guard_current();
    omp_indirect_guard_on(G); /* The items are the program's data. */
    for (int32_t K = 0; K < B->D.NumEntries; ++K)
      if (St->Img[K])
        copyItem(St, K, (uintptr_t)St->L->Begins[K] + (uintptr_t)St->L->Sizes[K]);
    omp_indirect_guard_off(G);
    St->State = OMP_INDIRECT_STAGE_DONE;
    if (B->Claims)
      handOver(B);
    if (omp_indirect_debug())
      fprintf(stderr,
              "omp-indirect: mapper: %lld pointees staged as they were "
              "placed\n",
              (long long)B->D.NP);
    return;
  }
  /* Some pointee was not staged: the transfers fill the images. */
  if (St->Dev)
    omp_target_free(St->Dev, B->Device);
  omp_indirect_scratch_give(St->Host);
  omp_indirect_stage_free(St, NULL);
  free(B->Hand.Saved.At);
  memset(&B->Hand.Saved, 0, sizeof B->Hand.Saved);
  St->State = OMP_INDIRECT_STAGE_OFF;
  St->Dev = St->Host = NULL;
}
