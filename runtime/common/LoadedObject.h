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

/// The dynamic string table of the object \p Info describes, in memory, of
/// *\p Size bytes, or NULL when it has none or it lies outside the
/// object's loaded segments.
const char *omp_indirect_dynamic_strings(const struct dl_phdr_info *Info,
                                         size_t *Size);

/// True when the object needs (DT_NEEDED) a library whose name starts with
/// \p Prefix ("libomptarget" matches libomptarget.so.16).
int omp_indirect_object_needs(const struct dl_phdr_info *Info,
                              const char *Prefix);

/// True when the object is a device image of the host-offload device: it
/// needs libomptarget, as every host image with target regions does, but
/// does not name __tgt_register_lib, which only host images call.
int omp_indirect_is_host_offload_image(const struct dl_phdr_info *Info);

/// A printable name of a loaded object whose loader name is \p LoaderName:
/// that name, or for the executable (an empty name) its path, read into
/// \p Buf, or "the executable".
const char *omp_indirect_object_name(const char *LoaderName, char *Buf,
                                     size_t Len);

#endif /* OMP_INDIRECT_LOADEDOBJECT_H */
