/*===- base/MapperStack.h - a mapper function on a stack sized to its work -===*
 *
 * flang's mapper functions allocate a copy of each record's descriptors on
 * the stack inside their loop over the records (an `alloca` per iteration,
 * freed only on return), so their stack grows with the number of records:
 * about the size of the mapped array. At 10^6 records that is more than a
 * thread's default 8 MiB stack. The expansion therefore calls a mapper
 * function whose item is large on a stack of its own, reserved (not
 * committed) at twice the item's size, and kept by the thread for its next
 * large item.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_MAPPER_STACK_H
#define OMP_INDIRECT_MAPPER_STACK_H

#include <stddef.h>
#include <stdint.h>

/// A mapper function as compilers emit it.
typedef void (*omp_indirect_mapper_fn)(void *Handle, void *Base, void *Begin,
                                       int64_t Size, int64_t Type, void *Name);

/// Calls \p Fn with the other arguments, on the calling thread: items up to
/// a few MiB on its own stack, larger ones on a stack of 2 * Size + 1 MiB
/// or more, the thread's (OMP_INDIRECT_MAPPER_STACK_MIN, in bytes, lowers the
/// threshold for tests). Returns 0, or nonzero after printing an error when
/// no such stack can be mapped.
int omp_indirect_call_mapper(omp_indirect_mapper_fn Fn, void *Handle,
                             void *Base, void *Begin, int64_t Size,
                             int64_t Type, void *Name);

/// \p N bytes (64-byte aligned) of the calling thread's kept stack, lent
/// while no mapper function runs on it, or NULL (no kept stack, a call on
/// it, or too little room left). The pages the thread's last large
/// expansion touched are lent first. Give it back with
/// omp_indirect_mapper_stack_unlend on the same thread, before the thread
/// ends; until every loan is back the thread's mapper calls get stacks of
/// their own.
void *omp_indirect_mapper_stack_lend(size_t N);
/// Takes back \p P if the calling thread's stack lent it: 1, or 0 (nothing
/// done) for any other pointer.
int omp_indirect_mapper_stack_unlend(void *P);
/// Bytes the calling thread's stack has lent so far (OMP_INDIRECT_DEBUG).
uint64_t omp_indirect_mapper_stack_lent(void);

#endif /* OMP_INDIRECT_MAPPER_STACK_H */
