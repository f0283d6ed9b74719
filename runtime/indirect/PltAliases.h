/*===- PltAliases.h - a library function's second address in the program --===*
 *
 * A non-PIE executable's canonical PLT entries for indirect functions of
 * libraries that hand out their own address (-Bsymbolic): PltAliases.c.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_PLTALIASES_H
#define OMP_INDIRECT_PLTALIASES_H

#include "TableMerge.h"

#include <stddef.h>

/// For each canonical PLT entry of the executable whose symbol names a pair
/// of \p Pairs[0..N) at another host address, a copy of the first such pair
/// with the PLT entry's address as its host address. Returns how many, in
/// *\p Out (malloc'd; NULL for none or when out of memory).
size_t omp_indirect_plt_aliases(const omp_indirect_pair *Pairs, size_t N,
                                omp_indirect_pair **Out);

#endif /* OMP_INDIRECT_PLTALIASES_H */
