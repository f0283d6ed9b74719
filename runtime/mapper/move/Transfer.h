/*===- move/Transfer.h - what the transfers of enter, exit, update share ---===*
 *
 * The transfer step (Bulk.h) in two files: Transfer.c (entering constructs,
 * the items of the construct's mapper entries, and the step's entry point)
 * and TransferOwned.c (exits and updates of owned pointees).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_TRANSFER_H
#define OMP_INDIRECT_TRANSFER_H

#include "Bulk.h"

/// The device copy of each item with pointees, when it is one piece (NULL
/// otherwise); an array per entry of \p L, to free.
char **omp_indirect_transfer_items_on_device(omp_indirect_bulk *B,
                                             const omp_indirect_map_list *L);
/// Items flagged in \p Rmw get their children's device pointers by one
/// read-modify-write each; \p Img[K], if set, is used instead of reading,
/// and \p Done[K] (if \p Done) says its pointers are in it already. Every
/// image is then copied to the device and given back.
void omp_indirect_transfer_write_items(omp_indirect_bulk *B,
                                       const omp_indirect_map_list *L,
                                       char **TopDev, char **Img,
                                       const char *Rmw, const char *Done);
/// Per-item pointees get the device address libomptarget gave them.
void omp_indirect_transfer_find_items(omp_indirect_bulk *B);

/// Transfer.c: the transfers of an entering construct.
void omp_indirect_transfer_enter(omp_indirect_bulk *B,
                                 const omp_indirect_map_list *L);
/// TransferOwned.c: those of an exit and of an update.
void omp_indirect_transfer_exit(omp_indirect_bulk *B);
void omp_indirect_transfer_update(omp_indirect_bulk *B,
                                  const omp_indirect_map_list *L);

#endif /* OMP_INDIRECT_TRANSFER_H */
