/*===- base/Scratch.h - large host buffers kept between constructs ---------===*
 *
 * The per-pointee arrays, host images and table arrays of the bulk deep
 * copy are as large as the data, and first touches of fresh memory cost
 * more than the copies into it. Freed buffers are therefore kept for the
 * next step or construct: a construct's exit reuses the pages its entry
 * touched, and a loop of constructs touches fresh memory once. A kept
 * buffer that AGE_MAX constructs in a row did not use is freed (Scratch.c),
 * so what is kept is bounded by what recent constructs needed at once.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_SCRATCH_H
#define OMP_INDIRECT_SCRATCH_H

#include <stddef.h>

/// A buffer of at least \p N bytes, or NULL when out of memory.
void *omp_indirect_scratch_take(size_t N);
/// A buffer of at least \p N bytes that the calling thread gives back before
/// its construct ends (the placement's and transfers' per-pointee arrays
/// and images): lent by the thread's mapper stack where it can (its pages
/// are warm after a large expansion), else as omp_indirect_scratch_take.
/// NULL when out of memory. Never grown (omp_indirect_scratch_grow).
void *omp_indirect_scratch_take_transient(size_t N);
/// Gives back a buffer from omp_indirect_scratch_take or, on the thread
/// that took it, from omp_indirect_scratch_take_transient (NULL: nothing).
void omp_indirect_scratch_give(void *P);
/// Grows the scratch buffer *\p Data of \p Elem-sized elements (capacity
/// *\p Cap; NULL and 0 at first) to hold \p Need, keeping its contents.
/// Returns 0, or 1 when out of memory.
int omp_indirect_scratch_grow(void **Data, size_t *Cap, size_t Need,
                              size_t Elem);
/// As omp_indirect_scratch_grow, for a caller that expects \p Need
/// elements (the deep list, once an array's cycle says how many pointees
/// its records hold): exactly that room in one buffer (a kept one where one
/// fits), no doubling; nothing made present (the caller populates the
/// pages as it comes to them: Populate.h).
int omp_indirect_scratch_reserve(void **Data, size_t *Cap, size_t Need,
                                 size_t Elem);
/// A construct with mappers begins: kept buffers age by one.
void omp_indirect_scratch_tick(void);

#endif /* OMP_INDIRECT_SCRATCH_H */
