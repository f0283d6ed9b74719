/*===- LoadedObject.h - what the loader shows of a loaded ELF object ------===*
 *
 * Small readers shared by the files that look at loaded objects through
 * dl_iterate_phdr and dladdr: the registry, the scan for images built
 * without the plugin, the PLT aliases and the host-call stop.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_LOADEDOBJECT_H
#define OMP_INDIRECT_LOADEDOBJECT_H

#include <link.h>
#include <stddef.h>
#include <stdint.h>

/// The dynamic section of the object \p Info describes, in memory, with
/// *\p Num entries at most (its segment's size), or NULL when it has none.
const ElfW(Dyn) *omp_indirect_dynamic_section(const struct dl_phdr_info *Info,
                                              size_t *Num);

/// The address a dynamic entry's d_ptr \p Ptr names in the object: the
/// loader relocates these in place in most objects, not in all.
uintptr_t omp_indirect_dynamic_address(const struct dl_phdr_info *Info,
                                       uintptr_t Ptr);

/// A printable name of a loaded object whose loader name is \p LoaderName:
/// that name, or for the executable (an empty name) its path, read into
/// \p Buf, or "the executable".
const char *omp_indirect_object_name(const char *LoaderName, char *Buf,
                                     size_t Len);

#endif /* OMP_INDIRECT_LOADEDOBJECT_H */
