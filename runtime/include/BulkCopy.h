/*===- BulkCopy.h - deep copy in a constant number of transfers -----------===*
 *
 * The pointees of a construct's mappers (MapperExpand.h, omp_indirect_deep)
 * move in bulk instead of one libomptarget mapping each: on entry, new
 * pointees get one device block, their `to` data is packed on the host and
 * copied once, and each is made present with omp_target_associate_ptr (no
 * data moves); the device pointers in their parents are set in host images
 * of the parents that are copied whole. On exit, `from` data comes back in
 * one copy per block and is scattered on the host, and host pointers are
 * restored. Pointees that cannot take this path (already mapped by
 * libomptarget, overlapping others, empty) go through libomptarget one by
 * one, as before. docs/mapper.md has the rules.
 *
 * USAGE: expand with a deep list, then
 *   omp_indirect_bulk_prepare(&B, Dev, Kind, &List);  // may add entries
 *   <the one libomptarget call with List>
 *   omp_indirect_bulk_finish(&B, &List);
 *   omp_indirect_bulk_free(&B);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_BULKCOPY_H
#define OMP_INDIRECT_BULKCOPY_H

#include "BulkTable.h"
#include "MapperExpand.h"

/// The state of one construct between prepare and finish.
typedef struct omp_indirect_bulk {
  omp_indirect_map_kind Kind;
  int Device;           ///< Resolved device number; -1: per item only.
  omp_indirect_deep D;  ///< The pointees (owned by this struct).
  unsigned char *Class; ///< Per pointee: how it is handled.
  char **DevAt;         ///< Per pointee: device address of its Lo.
  void **Saved;         ///< Per pointee: host value of its slot.
  int64_t *Left;        ///< Exit: references left to an owned pointee.
  omp_indirect_owned **Owner; ///< Exit, update: the owned pointee holding
                              ///< it (its entry in the table).
  uint64_t *Off;        ///< Enter: offset of a new pointee in the block.
  omp_indirect_block *Block; ///< Enter: the construct's new block.
  char *Stage;          ///< Enter: host image of the new block.
  size_t Total;         ///< Enter: bytes in the new block.
  char *Fresh;          ///< Enter: per entry, we copy its item ourselves.
  omp_indirect_cursor Cursor; ///< Table lookups in the pointees' order.
} omp_indirect_bulk;

/// Before the libomptarget call: classifies B->D's pointees for device
/// \p DeviceId (-1: default), places and associates new ones, moves `from`
/// data of exits and updates, and appends per-item pointees to \p L.
/// Exits the program with a message on failure. Holds the table's lock
/// (BulkTable.h) until omp_indirect_bulk_finish: constructs that share
/// pointees, on any host threads or in `nowait` tasks, then see each other
/// whole (a pointee's data is on the device before another construct can
/// find it present, and no block is freed while another fills it).
void omp_indirect_bulk_prepare(omp_indirect_bulk *B, int64_t DeviceId,
                               omp_indirect_map_kind Kind,
                               omp_indirect_map_list *L);

/// After the libomptarget call: copies `to` data and sets device pointers
/// (enter, update to), restores host pointers (exit, update from) and
/// releases pointees whose last reference went; releases the lock.
void omp_indirect_bulk_finish(omp_indirect_bulk *B,
                              const omp_indirect_map_list *L);

/// Frees what B holds.
void omp_indirect_bulk_free(omp_indirect_bulk *B);

#endif /* OMP_INDIRECT_BULKCOPY_H */
