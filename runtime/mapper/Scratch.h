/*===- Scratch.h - large host buffers kept between steps and constructs ---===*
 *
 * The per-pointee arrays and host images of the bulk deep copy are as large
 * as the data, and first touches of fresh memory cost more than the copies
 * into it. Freed buffers are therefore kept for the next step or construct
 * while the runtime owns pointees (a construct's exit reuses the pages its
 * entry touched), and given back as soon as it owns none (Table.c says
 * when): memory held is bounded by what the device holds anyway.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_SCRATCH_H
#define OMP_INDIRECT_SCRATCH_H

#include <stddef.h>

/// A buffer of at least \p N bytes, or NULL when out of memory.
void *omp_indirect_scratch_take(size_t N);
/// Gives back a buffer from omp_indirect_scratch_take (NULL: nothing).
void omp_indirect_scratch_give(void *P);
/// Whether buffers given back may be kept (the runtime owns pointees); on
/// 0, the kept ones are freed.
void omp_indirect_scratch_keep(int Yes);

#endif /* OMP_INDIRECT_SCRATCH_H */
