/*===- move/Shadow.h - the pointers the deep copy set, host and device -----===*
 *
 * libomptarget keeps a "shadow" of every pointer it attaches: when a later
 * `target update`, an exit or a kernel copies the data holding the pointer
 * from the device, it puts the host value back, and when it copies it to
 * the device, the device value. Pointers the runtime set itself (the bulk
 * deep copy attaches every pointee it places, Transfer.c) are no shadow of
 * libomptarget's, so a call that names their parent without a mapper would
 * copy them raw: a Fortran `!$omp target update from(r(1)%v)` copies the
 * descriptor of `v` (48 bytes) and the host descriptor would hold the device
 * address; `to(r(2)%v)` would leave the host address on the device.
 *
 * Around such a call the runtime does what libomptarget does for its own
 * shadows, for the words of the moved ranges that hold a host address in
 * an owned pointee: after a copy from the device, a word that now holds
 * exactly that pointee's device address gets its host value back; after a
 * `target update to`, the device word gets the device address (one copy,
 * or for more than two words of one entry, one read and one write of the
 * span they lie in).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_SHADOW_H
#define OMP_INDIRECT_SHADOW_H

#include <stddef.h>
#include <stdint.h>

/// One pointer word of a moved range that points into an owned pointee.
typedef struct omp_indirect_shadow_word {
  uintptr_t *Host;   ///< Where the pointer lies on the host.
  uintptr_t HostVal; ///< Its host value.
  uintptr_t DevVal;  ///< The same address on the device.
  int64_t Motion;    ///< OMP_INDIRECT_MAP_TO and/or _FROM of its entry.
  int32_t Entry;     ///< The entry whose range holds it.
} omp_indirect_shadow_word;

/// The words of one forwarded call.
typedef struct omp_indirect_shadow {
  omp_indirect_shadow_word *W;
  int64_t N;
  size_t Cap;
  int Device;
} omp_indirect_shadow;

/// Before the call, with the table's lock held: notes the pointer words of
/// every entry that libomptarget may move in the directions \p Moves (an
/// update: to and from; an exit or a kernel: from). Each word is one
/// compare, and a table lookup when it looks like a host address.
void omp_indirect_shadow_before(omp_indirect_shadow *S, int64_t Moves,
                                int Device,
                                int32_t N, void **Begins,
                                const int64_t *Sizes, const int64_t *Types);

/// After the call, without the lock: host values back into words that came
/// back from the device; device values onto the device after an update to.
void omp_indirect_shadow_after(omp_indirect_shadow *S);

/// Off while a construct with mappers makes its one libomptarget call: its
/// transfers set the host and device pointers themselves (Transfer.c).
extern _Thread_local int omp_indirect_shadow_off;

#endif /* OMP_INDIRECT_SHADOW_H */
