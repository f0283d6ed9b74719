/*===- base/Construct.h - the construct being mapped, as a user wrote it ---===*
 *
 * Every message about bad input to a deep copy names what the user wrote:
 * the construct and its source line (clang's ident_t), the map clause
 * (clang's map names), the mapper and its type (the mapper function's
 * symbol), the element of the mapped array and the section. The entry
 * point (Entry.c) sets the construct of its thread before the expansion
 * and clears it after the last transfer; the expansion (Expand.c) and the
 * fault guard (FaultGuard.c) stop through omp_indirect_construct_fail.
 * None of this is on the per-component path: names are looked up only
 * when a message is printed.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_CONSTRUCT_H
#define OMP_INDIRECT_CONSTRUCT_H

#include "MapList.h"

#include <stdint.h>

/// Which directive a construct is (its entry point).
typedef enum omp_indirect_directive {
  OMP_INDIRECT_DIRECTIVE_TARGET,
  OMP_INDIRECT_DIRECTIVE_ENTER,  ///< target enter data, or a target data's begin
  OMP_INDIRECT_DIRECTIVE_EXIT,   ///< target exit data, or a target data's end
  OMP_INDIRECT_DIRECTIVE_UPDATE,
} omp_indirect_directive;

/// The construct a thread is mapping.
typedef struct omp_indirect_construct {
  omp_indirect_directive Directive;
  const void *Loc;                  ///< clang's ident_t (may be NULL).
  const omp_indirect_map_list *In;  ///< The construct's own map arrays.
  int64_t *ElemSize; ///< Per entry: the size of an element of the mapper's
                     ///< type, learned by the expansion (0: not known).
  const omp_indirect_deep *Deep;    ///< Its pointees, once expanded.
} omp_indirect_construct;

/// Makes \p C the construct of this thread (until omp_indirect_construct_end).
void omp_indirect_construct_begin(omp_indirect_construct *C,
                                  omp_indirect_directive Directive,
                                  const void *Loc,
                                  const omp_indirect_map_list *In);
void omp_indirect_construct_end(omp_indirect_construct *C);
/// This thread's construct, or NULL.
omp_indirect_construct *omp_indirect_construct_current(void);

/// Prints one line and stops the program (abort):
///   omp-indirect: <directive> at <file:line>, map(<type>: <item>) with
///   mapper '<id>' for '<type>': element <E>: <what>
/// naming entry \p Entry of this thread's construct (-1: none) and element
/// \p Elem of its item (-1: none). \p Fmt formats <what>.
void omp_indirect_construct_fail(int32_t Entry, int64_t Elem,
                                 const char *Fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));

/// The element of entry \p Entry's item that holds host address \p A
/// (-1 when \p A is outside the item or the element size is not known).
int64_t omp_indirect_construct_element(int32_t Entry, uintptr_t A);

/// The element of its entry's item that pointee \p I of \p D belongs to:
/// the element holding its pointer, or its parent's.
int64_t omp_indirect_bulk_element(const omp_indirect_deep *D, int64_t I);
/// The largest size the device can hold: the host's memory.
uint64_t omp_indirect_check_limit(void);
/// An entering construct's pointees \p D add up to more than the device
/// can hold (the placement sums them): names the element whose section
/// crosses the limit and stops.
void omp_indirect_check_total(const omp_indirect_deep *D)
    __attribute__((noreturn, cold));

#endif /* OMP_INDIRECT_CONSTRUCT_H */
