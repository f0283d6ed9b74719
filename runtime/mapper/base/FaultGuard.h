/*===- base/FaultGuard.h - a fault in the runtime's copy loop, caught ------===*
 *
 * The deep copy reads and writes the program's pointees itself (Transfer.c):
 * a pointee whose pointer is garbage, or whose memory the program unmapped,
 * faults there. The guard turns that fault into one message naming the
 * construct, the element and the section (Construct.h), instead of a bare
 * SIGSEGV. Every other fault is not the runtime's: the handler passes it on
 * to the handler that was installed before (or the default action), on any
 * thread, so the program's own handlers, gdb and the sanitizers see what
 * they saw before.
 *
 * USAGE, around a construct's placement, libomptarget call and transfers
 * (Entry.c):
 *   omp_indirect_guard G;
 *   if (sigsetjmp(G.Env, 0))
 *     omp_indirect_bulk_fault(&B, &G); // names G.Addr's pointee, stops
 *   omp_indirect_guard_arm(&G);
 *   ... omp_indirect_guard_copy(Dst, Src, N) ...   // each copy of user data
 *   omp_indirect_guard_disarm(&G);
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_FAULTGUARD_H
#define OMP_INDIRECT_FAULTGUARD_H

#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// One thread's guard over one construct's copies.
typedef struct omp_indirect_guard {
  sigjmp_buf Env;
  volatile sig_atomic_t On; ///< Inside omp_indirect_guard_copy.
  int Writing;              ///< The copies write the program's memory.
  uintptr_t Addr;           ///< After a fault: the address that faulted.
  int Sig;                  ///< And its signal (SIGSEGV, SIGBUS).
} omp_indirect_guard;

/// Installs the handler (once per process) and makes \p G this thread's.
void omp_indirect_guard_arm(omp_indirect_guard *G);
void omp_indirect_guard_disarm(omp_indirect_guard *G);
/// This thread's armed guard, or NULL.
omp_indirect_guard *omp_indirect_guard_current(void);

/// memcpy, for a loop of copies that sets \p G->On around it all (every
/// fault inside is then one in the program's data).
static inline void omp_indirect_guard_copy_on(void *Dst, const void *Src,
                                              size_t N) {
  /* Pointees of a few words (most deep copies) inline: two overlapping
     moves instead of a call. */
  if (N >= 16 && N <= 32) {
    memcpy(Dst, Src, 16);
    memcpy((char *)Dst + N - 16, (const char *)Src + N - 16, 16);
  } else if (N >= 8 && N < 16) {
    memcpy(Dst, Src, 8);
    memcpy((char *)Dst + N - 8, (const char *)Src + N - 8, 8);
  } else {
    memcpy(Dst, Src, N);
  }
}

/// Around a loop of omp_indirect_guard_copy_on: faults inside jump to
/// \p G's sigsetjmp.
static inline void omp_indirect_guard_on(omp_indirect_guard *G) {
  G->On = 1;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
}
static inline void omp_indirect_guard_off(omp_indirect_guard *G) {
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  G->On = 0;
}

/// memcpy under the guard: a fault in it jumps to \p G's sigsetjmp.
static inline void omp_indirect_guard_copy(omp_indirect_guard *G, void *Dst,
                                           const void *Src, size_t N) {
  omp_indirect_guard_on(G);
  omp_indirect_guard_copy_on(Dst, Src, N);
  omp_indirect_guard_off(G);
}

#endif /* OMP_INDIRECT_FAULTGUARD_H */
