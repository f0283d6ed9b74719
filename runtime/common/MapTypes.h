/*===- MapTypes.h - libomptarget's map-type bits --------------------------===*
 *
 * The bits of a map entry's type that the runtime reads or writes, as clang
 * and libomptarget 16, 19 and 22 define them. ATTACH is new in 22 (clang 22
 * emits it, libomptarget 22 reads it); 16 and 19 never see the bit set.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_MAPTYPES_H
#define OMP_INDIRECT_MAPTYPES_H

#include <stdint.h>

enum {
  OMP_INDIRECT_MAP_TO = 0x1,
  OMP_INDIRECT_MAP_FROM = 0x2,
  OMP_INDIRECT_MAP_ALWAYS = 0x4,
  OMP_INDIRECT_MAP_DELETE = 0x8,
  OMP_INDIRECT_MAP_PTR_AND_OBJ = 0x10,
  OMP_INDIRECT_MAP_TARGET_PARAM = 0x20,
  OMP_INDIRECT_MAP_PRIVATE = 0x80,
  OMP_INDIRECT_MAP_LITERAL = 0x100,
  OMP_INDIRECT_MAP_IMPLICIT = 0x200,
  OMP_INDIRECT_MAP_PRESENT = 0x1000,
  OMP_INDIRECT_MAP_OMPX_HOLD = 0x2000,
  /* An entry that maps nothing: base = the pointer's address, begin = where
     it should point, size = the pointer's size. After every other entry of
     an entering construct, libomptarget sets the device pointer to the
     device copy of begin, if both are present and either was allocated by
     this construct (or with ALWAYS); no reference count changes, and exits
     ignore it. With PRIVATE: a private pointer initialized so. */
  OMP_INDIRECT_MAP_ATTACH = 0x4000,
  OMP_INDIRECT_MAP_MEMBER_OF = (int64_t)0xffff << 48,
};
#define OMP_INDIRECT_MAP_NON_CONTIG ((int64_t)0x100000000000)
#define OMP_INDIRECT_MAP_MOTION (OMP_INDIRECT_MAP_TO | OMP_INDIRECT_MAP_FROM)
#define OMP_INDIRECT_MEMBER_OF(Pos) ((int64_t)(Pos) << 48)

#endif /* OMP_INDIRECT_MAPTYPES_H */
