/*===- BulkTable.c - pointees that the bulk deep copy owns ----------------===*
 *
 * An open-addressing hash table (linear probing, backward-shift removal)
 * from (device, host address) to the pointee's device copy and reference
 * count. Lookups, inserts and removals are O(1) expected, so a construct
 * with N pointees costs O(N) here.
 *
 *===----------------------------------------------------------------------===*/
#include "BulkTable.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static omp_indirect_owned *Slots;
static size_t Mask; /* Capacity - 1; capacity is a power of two. */
static size_t Used;
static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;

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
