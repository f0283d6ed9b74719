/*===- base/MapperName.h - the name of a mapper function, for messages ----===*
 *
 * For messages only (Construct.c names the mapper a construct ran):
 * MapperName.c reads the name from the object file's symbol table.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_MAPPERNAME_H
#define OMP_INDIRECT_MAPPERNAME_H

#include <stddef.h>

/// Writes into \p Id the mapper's identifier and into \p Type its type
/// (demangled where the process has a demangler) from the symbol of the
/// mapper function \p Fn (clang names them `.omp_mapper.<type>.<id>`).
/// Returns 0, or 1 when the symbol is not found (a stripped program).
int omp_indirect_mapper_name(const void *Fn, char *Id, size_t IdLen,
                             char *Type, size_t TypeLen);

#endif /* OMP_INDIRECT_MAPPERNAME_H */
