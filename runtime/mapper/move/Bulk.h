/*===- move/Bulk.h - deep copy in a constant number of transfers -----------===*
 *
 * The pointees of a construct's mappers (MapList.h, omp_indirect_deep) move
 * in bulk instead of one libomptarget mapping each. On entry, new pointees
 * get one device block and an entry each in the runtime's table (Table.h),
 * their data is packed on the host and copied once, and the device
 * pointers in their parents are set in host images of the parents that are
 * copied whole. On exit, data comes back in one copy per block and is
 * scattered on the host, host pointers are restored, and pointees whose
 * last reference went leave the table. Pointees that cannot take this path
 * (mapped by the program, overlapping others, empty) go through
 * libomptarget one by one. docs/mapper.md has the rules.
 *
 * USAGE, after the expansion (Expand.h) and around the one libomptarget
 * call (Forward.h):
 *   omp_indirect_bulk_place(&B, Dev, Kind, &List);  // may add entries
 *   <the one libomptarget call with List>
 *   omp_indirect_bulk_transfer(&B, &List);
 *   omp_indirect_bulk_free(&B);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_BULK_H
#define OMP_INDIRECT_BULK_H

#include "MapList.h"
#include "Scratch.h"
#include "StagedImages.h"
#include "Table.h"

#include <stddef.h>
#include <stdint.h>

/// How a pointee is handled (omp_indirect_bulk::Class).
enum {
  BULK_ITEM,  ///< Through libomptarget, one mapping of its own.
  BULK_NEW,   ///< Enter: placed in this construct's block.
  BULK_DUP,   ///< Enter: the same range as a new pointee of this construct.
  BULK_OWNED, ///< In the table from an earlier construct.
  BULK_KIND = 0x3f, ///< The bits above are flags:
  BULK_LAST = 0x40, ///< Exit: owned, with no reference left once the whole
                    ///< construct counted (a pointee it names twice moves
                    ///< back with the last).
  BULK_MOVES = 0x80, ///< Transfer.c: set on an owned pointee it moves now.
};

/// The host value of a pointee's slot, where it is not the pointee's Lo.
typedef struct omp_indirect_saved_slot {
  int64_t I;
  void *Value;
} omp_indirect_saved_slot;

/// The host values of the slots of a construct's pointees that do not hold
/// their pointee's Lo (the host value of `s.d[0:n]`'s slot is its Lo, so
/// a construct of N pointees keeps no N host values), in pointee order.
typedef struct omp_indirect_saved_list {
  omp_indirect_saved_slot *At;
  int64_t N;
  size_t Cap;
} omp_indirect_saved_list;

/// The host value of pointee \p I's slot (its Lo \p Lo unless \p L holds
/// it), for pointees asked in increasing order from *\p Next = 0.
static inline void *omp_indirect_saved_value(const omp_indirect_saved_list *L,
                                             int64_t *Next, int64_t I,
                                             uintptr_t Lo) {
  if (*Next < L->N && L->At[*Next].I == I)
    return L->At[(*Next)++].Value;
  return (void *)Lo;
}

/// What a kernel's entry hands its exit, which runs through the same
/// expansion: the claim on its new block (Table.h), and, where the entry's
/// placement staged every pointee (Stage.h), what the exit's
/// placement would otherwise read from every pointee again (PlaceOwned.c).
typedef struct omp_indirect_handover {
  omp_indirect_claim Claim; ///< Zero: the entry made none.
  int Staged;               ///< The fields below are set.
  omp_indirect_saved_list Saved; ///< The slots' host values, as the entry
                                 ///< read them (libomptarget, too,
                                 ///< restores the values it attached).
  char *Tops;      ///< The entry's omp_indirect_bulk::Tops.
  int AllFrom;     ///< Every pointee's own type copies it back.
  uint64_t Lo, Hi; ///< The offsets in the block its pointees span.
} omp_indirect_handover;

/// Frees what \p H holds, and zeroes it.
void omp_indirect_handover_free(omp_indirect_handover *H);

/// Owned pointees that move, in one copy per block: the span of the block
/// that holds them, and its host image.
typedef struct omp_indirect_group {
  omp_indirect_block *Block;
  uint64_t Lo, Hi; ///< Offsets in the block.
  char *Img;
} omp_indirect_group;

/// The state of one construct between its placement and its transfers.
typedef struct omp_indirect_bulk {
  omp_indirect_map_kind Kind;
  int Device;           ///< Resolved device number; -1: per item only.
  omp_indirect_deep D;  ///< The pointees (owned by this struct).
  unsigned char *Class; ///< Per pointee: how it is handled.
  char **DevAt;         ///< Per pointee: device address of its Lo (enter:
                        ///< a new pointee's offset in the block until its
                        ///< turn in the transfers' pass); NULL where the
                        ///< steps find them otherwise (Place.c,
                        ///< PlaceOwned.c).
  int64_t NumItems;     ///< Pointees of class BULK_ITEM.
  omp_indirect_saved_list Saved; ///< Exit, update: the slots' host values.
  omp_indirect_owned **Owner; ///< Exit, update: the owned pointee holding
                              ///< it (its entry in the table); NULL where
                              ///< OwnRun gives them all.
  omp_indirect_owned *OwnRun; ///< Exit where Distinct: pointee I's is
                              ///< OwnRun + I, for every I (PlaceOwned.c).
  int Distinct; ///< Exit, update: each owned pointee is its own entry, and
                ///< their entries lie in increasing order (so each is
                ///< named once: TransferOwned.c releases in its one pass).
  omp_indirect_group *Groups; ///< Exit where Distinct: the pointees that
  int64_t NumGroups;          ///< move back (BULK_MOVES), grouped by the
  size_t CapGroups;           ///< placement.
  omp_indirect_block *Block;  ///< Enter: the construct's new block.
  size_t Total;               ///< Enter: bytes in the new block.
  int Claims; ///< Enter: a kernel's, whose exit may take its new block
              ///< whole (its entries are then written lazily: Table.h).
  omp_indirect_stage Stage;   ///< Enter: the images the placement filled.
  omp_indirect_handover Hand; ///< Enter: its claim on the new block, where
                              ///< every pointee is new; exit: what the
                              ///< entry through the same expansion handed
                              ///< over.
  omp_indirect_block *Whole; ///< Exit: the claimed block, untouched: every
                             ///< pointee's last reference goes, and the
                             ///< block with them (PlaceOwned.c).
  int Swept; ///< Exit through Whole: placed from what the entry handed
             ///< over, no pointee read (PlaceOwned.c).
  char *Tops;  ///< Per construct entry (D.NumEntries): some pointee's
               ///< pointer lies in its item.
  char *Fresh; ///< Enter: per entry, we copy its item ourselves.
  omp_indirect_cursor Cursor; ///< Table lookups in the pointees' order.
  omp_indirect_block **Pinned; ///< Exit, update: the blocks its owned
  int64_t NumPinned;            ///< pointees lie in, kept to the end.
  size_t CapPinned;
} omp_indirect_bulk;

/// Placement (Place.c), before the libomptarget call: classifies B->D's
/// pointees for device \p DeviceId (-1: default) and counts their
/// references; on entry places the new ones in one device block; appends
/// per-item pointees to \p L. Takes the table's lock (Table.h) until
/// omp_indirect_bulk_transfer: constructs that share pointees, on any host
/// threads or in `nowait` tasks, then see each other whole (a pointee's
/// data is on the device before another construct can find it present,
/// and no block is freed while another fills it). Stops the program with a
/// message on failure.
void omp_indirect_bulk_place(omp_indirect_bulk *B, int64_t DeviceId,
                             omp_indirect_map_kind Kind,
                             omp_indirect_map_list *L);

/// Transfers (Transfer.c), after the libomptarget call: copies `to` data
/// and sets device pointers (enter, update to), copies `from` data back and
/// restores host pointers (exit, update from), releases pointees whose last
/// reference went; releases the table's lock.
void omp_indirect_bulk_transfer(omp_indirect_bulk *B,
                                const omp_indirect_map_list *L);

/// Frees what B holds.
void omp_indirect_bulk_free(omp_indirect_bulk *B);

/// \name Shared by the steps (Bulk.c).
///{
/// Prints an error naming the device and stops.
void omp_indirect_bulk_die(const omp_indirect_bulk *B, const char *What)
    __attribute__((noreturn));
/// Appends (\p I, \p Value) to \p L (stops when out of host memory).
void omp_indirect_saved_add(const omp_indirect_bulk *B,
                            omp_indirect_saved_list *L, int64_t I,
                            void *Value);
/// malloc that stops with a message when out of memory.
void *omp_indirect_bulk_alloc(const omp_indirect_bulk *B, size_t N);
/// Memory for a per-pointee array or a host image of the construct
/// (Scratch.h, transient: the thread's idle mapper stack lends it where it
/// can), given back with omp_indirect_scratch_give before the construct ends.
/// The caller writes it whole: its pages are made present at once
/// (omp_indirect_populate).
void *omp_indirect_bulk_scratch(const omp_indirect_bulk *B, size_t N);
/// One transfer to / from the device (stops on failure).
void omp_indirect_bulk_to(const omp_indirect_bulk *B, void *Dev,
                          const void *Host, size_t N);
void omp_indirect_bulk_from(const omp_indirect_bulk *B, void *Host,
                            const void *Dev, size_t N);
/// Motion of pointee \p I, whole or in part (per pointee: inline).
static inline int64_t omp_indirect_bulk_motion(const omp_indirect_bulk *B,
                                               int64_t I) {
  int32_t N;
  const omp_indirect_range *R = omp_indirect_ranges(&B->D, I, &N);
  int64_t M = B->D.P[I].Type & OMP_INDIRECT_MAP_MOTION;
  for (int32_t K = 0; K < N; ++K)
    M |= R[K].Motion;
  return M;
}
/// The value pointee \p I's slot must hold on the device (its host value
/// when the pointee is not on the device).
static inline void *omp_indirect_bulk_devptr(const omp_indirect_bulk *B,
                                             int64_t I) {
  const omp_indirect_pointee *P = &B->D.P[I];
  char *At = B->DevAt[I];
  void *Host = *P->Slot;
  if (!At)
    return Host; /* Not on the device: the host value stays. */
  return At - (P->Lo - (uintptr_t)Host);
}
/// Copies the \p Dir-moving bytes of pointee \p I from the host into \p Img
/// (its image) when \p ToImage, else from \p Img to the host.
void omp_indirect_bulk_overlay(const omp_indirect_bulk *B, int64_t I,
                               char *Img, int64_t Dir, int ToImage);
/// Exit and update, in the placement: reads a byte of every page that the
/// copy back of owned pointee \p I will write (its `from` ranges), under
/// the fault guard (FaultGuard.h), but not page *\p Last, the page read
/// last (start with 1). A page that is gone stops the program, named,
/// before anything came back.
void omp_indirect_bulk_probe_pages(const omp_indirect_bulk *B, int64_t I,
                                   uintptr_t *Last);
/// Whether a byte of every page of [\p Lo, \p Hi) can be read: under a
/// guard of its own, so a page that is gone makes it return 0, not stop.
int omp_indirect_bulk_pages_readable(uintptr_t Lo, uintptr_t Hi);
static inline void omp_indirect_bulk_probe(const omp_indirect_bulk *B,
                                           int64_t I, uintptr_t *Last) {
  const omp_indirect_pointee *P = &B->D.P[I];
  /* Most pointees lie in the page the one before them was read in. */
  if ((P->Type & OMP_INDIRECT_MAP_FROM) && P->Lo < P->Hi &&
      (P->Lo & ~(uintptr_t)4095) == *Last &&
      ((P->Hi - 1) & ~(uintptr_t)4095) == *Last)
    return;
  omp_indirect_bulk_probe_pages(B, I, Last);
}
/// Adds [\p Lo, \p Hi) of \p Blk's device memory to the block's group in
/// *\p G (*\p NG groups, room for *\p Cap); while the groups live, each
/// block's Mark is its group's index.
static inline void omp_indirect_group_add(const omp_indirect_bulk *B,
                                          omp_indirect_group **G, int64_t *NG,
                                          size_t *Cap, omp_indirect_block *Blk,
                                          uint64_t Lo, uint64_t Hi) {
  int64_t K = Blk->Mark;
  if (K < 0) {
    if (omp_indirect_grow((void **)G, Cap, (size_t)*NG + 1, sizeof **G))
      omp_indirect_bulk_die(B, "out of host memory");
    K = (*NG)++;
    (*G)[K] = (omp_indirect_group){Blk, Lo, Hi, NULL};
    Blk->Mark = K;
    return;
  }
  if (Lo < (*G)[K].Lo)
    (*G)[K].Lo = Lo;
  if (Hi > (*G)[K].Hi)
    (*G)[K].Hi = Hi;
}
/// Enter (Place.c): B->DevAt made, with each new pointee's offset in the
/// block and NULL for the others.
void omp_indirect_bulk_offsets(omp_indirect_bulk *B);
/// The motion bits of all the construct's mapper entries.
int64_t omp_indirect_bulk_direction(const omp_indirect_bulk *B);
struct omp_indirect_guard;
/// After the fault guard (FaultGuard.h) caught a fault in a copy of the
/// program's data: names the pointee at the faulting address and stops.
void omp_indirect_bulk_fault(const omp_indirect_bulk *B,
                             const struct omp_indirect_guard *G)
    __attribute__((noreturn));
/// The construct's map type of the entry that produced pointee \p I.
static inline int64_t omp_indirect_bulk_user(const omp_indirect_bulk *B,
                                             int64_t I) {
  return omp_indirect_user_type(&B->D, &B->D.P[I]);
}
///}

/// Gives back the images of entries for which \p Keep is 0 (all: NULL),
/// and frees the per-entry arrays (Bulk.c, which frees the stage too).
void omp_indirect_stage_free(omp_indirect_stage *St, const char *Keep);

#endif /* OMP_INDIRECT_BULK_H */
