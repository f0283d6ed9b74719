/*===- table/Table.h - pointees that the bulk deep copy owns ---------------===*
 *
 * The pointees that the bulk deep copy (Bulk.h) placed in its own device blocks, with their
 * device addresses and reference counts, found by device and host address.
 * libomptarget does not know them: every entry point that can name one asks
 * this table first (Presence.c), and lends a pointee to libomptarget (an
 * association) only for the one forwarded call that needs libomptarget to
 * find it.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_TABLE_H
#define OMP_INDIRECT_TABLE_H

#include "Block.h"

#include <stddef.h>
#include <stdint.h>

/// Where a walk over many pointees last found one: the next lookup tries
/// the entry after it first. Zero-initialize.
typedef struct omp_indirect_cursor {
  omp_indirect_block *Block;
  int64_t At;
  uint64_t Generation;
} omp_indirect_cursor;

/// A new block on \p Device with room for \p Cap pointees (only the room
/// used is touched), or NULL when out of host memory or block ids. Not in
/// the table until omp_indirect_block_add; it holds at most
/// OMP_INDIRECT_BLOCK_MAX_BYTES.
omp_indirect_block *omp_indirect_block_new(int Device, int64_t Cap);

/// The offset in a block of a new pointee at host address \p Lo placed at
/// or after \p At (its offset modulo 16 is its host address's).
static inline uint64_t omp_indirect_block_align(uint64_t At, uintptr_t Lo) {
  return At + (((Lo & 15) - At) & 15);
}

/// Whether a pointee [\p Lo, \p Hi) can go in a block at all: not NULL,
/// not empty, and its size fits an entry's 32 bits. The placement sends
/// any other per item, and the expansion's bound (MapList.h) counts none.
static inline int omp_indirect_block_fits(uintptr_t Lo, uintptr_t Hi) {
  return Lo && Lo < Hi && Hi - Lo <= UINT32_MAX;
}

/// Appends pointees to a block not yet added, each with one reference: a
/// run of them from omp_indirect_block_run_begin to _end keeps the block's
/// count, span, order and size class in a local (no field of the block is
/// read or written per pointee), so adding the block reads none of them
/// again. A Lazy run writes no entry (omp_indirect_block::Lazy).
typedef struct omp_indirect_block_run {
  omp_indirect_owned *E;
  int64_t N;
  uintptr_t Lo, Hi;
  int Big, Unsorted, Lazy;
  uint32_t Id;
} omp_indirect_block_run;

/// A run that appends to \p Block.
static inline omp_indirect_block_run
omp_indirect_block_run_begin(const omp_indirect_block *Block) {
  return (omp_indirect_block_run){
      Block->E,   Block->N,        Block->SpanLo, Block->SpanHi,
      Block->Big, Block->Unsorted, 0,             Block->Id};
}

/// Appends the pointee [\p Lo, \p Lo + \p Size) at offset \p Off of the
/// block's device memory.
static inline void omp_indirect_block_run_push(omp_indirect_block_run *R,
                                               uintptr_t Lo, uint32_t Size,
                                               uint64_t Off) {
  uintptr_t Hi = Lo + Size;
  /* Out of order if it starts below the end of one before it: exact for
     the disjoint pointees a block holds, with no read of the entry before
     (a pointee that overlaps one before it only costs a sort). */
  R->Unsorted |= Lo < R->Hi;
  /* No pointee of up to BIG_PAGES - 1 pages' bytes spans BIG_PAGES + 1
     pages: one compare for the small ones. */
  R->Big |= Size > ((OMP_INDIRECT_BIG_PAGES - 1) << OMP_INDIRECT_PAGE_SHIFT) &&
            omp_indirect_pages_big(Lo, Size);
  if (Lo < R->Lo)
    R->Lo = Lo;
  if (Hi > R->Hi)
    R->Hi = Hi;
  if (!R->Lazy)
    R->E[R->N] = (omp_indirect_owned){
        Lo, Off << OMP_INDIRECT_BLOCK_ID_BITS | R->Id, Size, 1};
  R->N++;
}

/// Appends the pointee [\p Lo, \p Lo + \p Size) at the first offset at or
/// after \p At that keeps its host address modulo 16 (the block's offsets
/// follow from its pointees' sizes in their order); returns the offset
/// after it.
static inline uint64_t omp_indirect_block_run_place(omp_indirect_block_run *R,
                                                    uintptr_t Lo,
                                                    uint32_t Size,
                                                    uint64_t At) {
  At = omp_indirect_block_align(At, Lo);
  omp_indirect_block_run_push(R, Lo, Size, At);
  return At + Size;
}

/// Writes the run's bookkeeping back into \p Block.
static inline void omp_indirect_block_run_end(omp_indirect_block *Block,
                                              const omp_indirect_block_run *R) {
  Block->N = R->N;
  Block->SpanLo = R->Lo;
  Block->SpanHi = R->Hi;
  Block->Big = R->Big;
  Block->Unsorted = R->Unsorted;
}

/// Empties a block not yet added, to push its pointees again.
void omp_indirect_block_clear(omp_indirect_block *Block);

/// Whether the page index will name every page of the span of \p Block,
/// whose pointees are all pushed (so it needs no entry to index it).
int omp_indirect_block_dense(const omp_indirect_block *Block);

/// Puts \p Block, whose device memory Dev is set, and its pointees in the
/// table (none may be in it already). Returns 0, or nonzero when out of
/// host memory (the block is not added).
int omp_indirect_block_add(omp_indirect_block *Block);

/// Frees a block that was never added, and its device memory if set.
void omp_indirect_block_discard(omp_indirect_block *Block);

/// Keeps \p Block and its device memory for a construct that still copies
/// from it, even if all its pointees leave the table meanwhile (the call a
/// construct forwards can end the last loan of one); unpin ends that, and
/// frees the block when nothing is left in it. Called with the lock held.
void omp_indirect_block_pin(omp_indirect_block *Block);
void omp_indirect_block_unpin(omp_indirect_block *Block);

/// Blocks by id (Table.c; read with the lock held).
extern omp_indirect_block **omp_indirect_block_ids;

/// A construct's new block, named from its entry to its exit (a kernel's
/// data region, through one expansion). Until a lookup finds one of its
/// pointees, nothing but that construct can have counted, lent or released
/// them: each still has the one reference the entry gave it. Zero: none.
typedef struct omp_indirect_claim {
  omp_indirect_block *Block;
  uint32_t Id;
  uint64_t Birth;
} omp_indirect_claim;

/// The claimed block, if it is still the one claimed and no lookup found a
/// pointee of it since; else NULL. Called with the lock held.
omp_indirect_block *omp_indirect_claim_untouched(const omp_indirect_claim *C);

/// The block holding the pointee \p E.
static inline omp_indirect_block *
omp_indirect_owned_block(const omp_indirect_owned *E) {
  return omp_indirect_block_ids[E->Where &
                                ((1u << OMP_INDIRECT_BLOCK_ID_BITS) - 1)];
}

/// The device address of the pointee \p E.
static inline char *omp_indirect_owned_dev(const omp_indirect_owned *E) {
  return omp_indirect_owned_block(E)->Dev +
         (E->Where >> OMP_INDIRECT_BLOCK_ID_BITS);
}
/// The device address of host byte \p P of the pointee \p E.
static inline char *omp_indirect_owned_at(const omp_indirect_owned *E,
                                          uintptr_t P) {
  return omp_indirect_owned_dev(E) + (P - E->Lo);
}

/// The pointee on \p Device that starts at \p Lo, or NULL. With \p C,
/// lookups in address order cost O(1) each. Valid until it leaves the table.
omp_indirect_owned *omp_indirect_owned_find(int Device, uintptr_t Lo,
                                            omp_indirect_cursor *C);

/// Moves on whenever a block is freed (a cursor from before is stale).
extern uint64_t omp_indirect_owned_generation;

/// omp_indirect_owned_find with a cursor, inline where the pointee is the
/// one after the cursor's (a construct naming its pointees in the order
/// they were placed: every lookup but the first).
static inline omp_indirect_owned *
omp_indirect_owned_find_next(int Device, uintptr_t Lo,
                             omp_indirect_cursor *C) {
  omp_indirect_block *B = C->Block;
  if (B && C->Generation == omp_indirect_owned_generation &&
      B->Device == Device && C->At + 1 < B->N) {
    omp_indirect_owned *E = &B->E[C->At + 1];
    if (E->Lo == Lo && E->Refs >= 0) {
      ++C->At;
      return E;
    }
  }
  return omp_indirect_owned_find(Device, Lo, C);
}

/// Calls \p Fn with each pointee on \p Device that overlaps [Lo, Hi) (a
/// point, when Hi == Lo) until it returns nonzero; returns that value, or 0.
int omp_indirect_owned_overlap(int Device, uintptr_t Lo, uintptr_t Hi,
                               int (*Fn)(omp_indirect_owned *E, void *Ctx),
                               void *Ctx);

/// The pointee on \p Device whose range holds \p P, or NULL.
omp_indirect_owned *omp_indirect_owned_containing(int Device, uintptr_t P);

/// Nonzero while any pointee is owned (a relaxed read: callers that act on
/// a nonzero answer take the lock and look again).
int omp_indirect_owned_any(void);

/// Lends the pointee \p E to libomptarget (an association, so that the one
/// forwarded call that names it finds it present) or counts one more
/// borrower; returns nonzero if libomptarget refused.
int omp_indirect_owned_lend(omp_indirect_owned *E);
/// Ends one loan of the pointee at \p Lo; the last one dissolves the
/// association, and frees the pointee if its count went to 0 meanwhile.
void omp_indirect_owned_unlend(int Device, uintptr_t Lo);

/// The pointee \p E lost its last reference (its count is 0): it leaves
/// the table, and its block goes with its last pointee; while lent, when
/// the last loan ends.
void omp_indirect_owned_release(omp_indirect_owned *E);
/// Loans in force (Table.c; read with the lock held).
extern size_t omp_indirect_owned_loans;
/// omp_indirect_owned_release of \p E, whose block is pinned (so that this
/// release frees nothing): inline while nothing is lent.
static inline void omp_indirect_owned_release_pinned(omp_indirect_owned *E) {
  if (omp_indirect_owned_loans) {
    omp_indirect_owned_release(E);
    return;
  }
  E->Refs = -1;
  --omp_indirect_owned_block(E)->Live;
}
/// omp_indirect_owned_release of each of the \p N pointees \p E (each
/// once).
void omp_indirect_owned_release_all(omp_indirect_owned **E, int64_t N);

/// Serialise users of the table (and of the blocks) across host threads.
/// The lock is recursive: a construct with mappers holds it around its
/// forwarded call, which takes it again to lend.
void omp_indirect_owned_lock(void);
void omp_indirect_owned_unlock(void);

/// The device a call with \p DeviceId means (-1: the default device), or -1
/// when it runs on the host (the initial device, or none).
int omp_indirect_resolve_device(int64_t DeviceId);

/// omp_target_is_present and omp_get_mapped_ptr, owned pointees included.
int omp_indirect_is_present(const void *Ptr, int DeviceId);
void *omp_indirect_mapped_ptr(const void *Ptr, int DeviceId);

#endif /* OMP_INDIRECT_TABLE_H */
