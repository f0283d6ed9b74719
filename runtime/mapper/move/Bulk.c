/*===- move/Bulk.c - what the steps of the bulk deep copy share ------------===*
 *
 * Errors, allocation, single transfers and the motion of one pointee, used
 * by the placement (Place.c) and the transfers (Transfer.c). Bulk.h has the
 * whole path; the rules are in docs/mapper.md.
 *
 *===----------------------------------------------------------------------===*/
#include "Bulk.h"

#include "Construct.h"
#include "FaultGuard.h"
#include "OmpIndirectRT.h"
#include "Populate.h"
#include "Scratch.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* valgrind's memcheck sees the sweep's reads too (below): where its header
   is there, the sweep asks it not to report them (a no-op outside it). */
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define SWEEP_UNSEEN_BEGIN VALGRIND_DISABLE_ERROR_REPORTING
#define SWEEP_UNSEEN_END VALGRIND_ENABLE_ERROR_REPORTING
#else
#define SWEEP_UNSEEN_BEGIN ((void)0)
#define SWEEP_UNSEEN_END ((void)0)
#endif

#define MOTION OMP_INDIRECT_MAP_MOTION
#define FROM OMP_INDIRECT_MAP_FROM

void omp_indirect_bulk_die(const omp_indirect_bulk *B, const char *What) {
  omp_indirect_error(B->Device,
                     "deep copy through 'declare mapper': %s; stopping "
                     "rather than map partial data",
                     What);
  abort();
}

void *omp_indirect_bulk_alloc(const omp_indirect_bulk *B, size_t N) {
  void *P = malloc(N ? N : 1);
  if (!P)
    omp_indirect_bulk_die(B, "out of host memory");
  return P;
}

void *omp_indirect_bulk_scratch(const omp_indirect_bulk *B, size_t N) {
  void *P = omp_indirect_scratch_take_transient(N);
  if (!P)
    omp_indirect_bulk_die(B, "out of host memory");
  omp_indirect_populate(P, N);
  return P;
}

void omp_indirect_bulk_to(const omp_indirect_bulk *B, void *Dev,
                          const void *Host, size_t N) {
  if (N && omp_target_memcpy(Dev, (void *)Host, N, 0, 0, B->Device,
                             omp_get_initial_device()))
    omp_indirect_bulk_die(B, "cannot copy to the device");
}

void omp_indirect_bulk_from(const omp_indirect_bulk *B, void *Host,
                            const void *Dev, size_t N) {
  if (N && omp_target_memcpy(Host, (void *)Dev, N, 0, 0,
                             omp_get_initial_device(), B->Device))
    omp_indirect_bulk_die(B, "cannot copy from the device");
}

/* A copy of the program's data, under the construct's fault guard. */
static void copyUser(void *Dst, const void *Src, size_t N) {
  omp_indirect_guard *G = omp_indirect_guard_current();
  if (G)
    omp_indirect_guard_copy(G, Dst, Src, N);
  else
    memcpy(Dst, Src, N);
}

/* Reads one byte of each page of [Lo, Hi) that is not *Last, the page
   read last (pointees in address order share pages: most read none). */
static void touch(uintptr_t Lo, uintptr_t Hi, uintptr_t *Last) {
  for (uintptr_t A = Lo & ~(uintptr_t)4095; A < Hi; A += 4096)
    if (A != *Last) {
      (void)*(volatile const char *)(A < Lo ? Lo : A);
      *Last = A;
    }
}

void omp_indirect_bulk_probe_pages(const omp_indirect_bulk *B, int64_t I,
                                   uintptr_t *Last) {
  omp_indirect_guard *G = omp_indirect_guard_current();
  const omp_indirect_pointee *P = &B->D.P[I];
  if (!G)
    return;
  G->Writing = 1;
  omp_indirect_guard_on(G);
  if (P->Type & FROM) {
    touch(P->Lo, P->Hi, Last);
  } else {
    int32_t N;
    const omp_indirect_range *Ranges = omp_indirect_ranges(&B->D, I, &N);
    for (int32_t K = 0; K < N; ++K)
      if (Ranges[K].Motion & FROM)
        touch(Ranges[K].Lo, Ranges[K].Hi, Last);
  }
  omp_indirect_guard_off(G);
  G->Writing = 0;
}

/* Reads a byte of each page of [Lo, Hi). Bytes between pointees may be
   another allocation's, a freed block, or a redzone: the sanitizers and
   memcheck are not to see these reads (the pointees' own are seen, in the
   copies). */
__attribute__((no_sanitize("address", "thread"))) static void
sweep(uintptr_t Lo, uintptr_t Hi) {
  for (uintptr_t A = Lo & ~(uintptr_t)4095; A < Hi; A += 4096)
    (void)*(volatile const char *)(A < Lo ? Lo : A);
}

/* The guard of the construct again, after G's. */
static void rearm(omp_indirect_guard *Outer, omp_indirect_guard *G) {
  if (Outer)
    omp_indirect_guard_arm(Outer);
  else
    omp_indirect_guard_disarm(G);
}

int omp_indirect_bulk_pages_readable(uintptr_t Lo, uintptr_t Hi) {
  omp_indirect_guard *Outer = omp_indirect_guard_current();
  omp_indirect_guard G;
  /* The mask saved, and restored by the jump out of the handler: SIGSEGV
     must not stay blocked for the faults that may follow. */
  if (sigsetjmp(G.Env, 1)) {
    SWEEP_UNSEEN_END;
    rearm(Outer, &G);
    return 0;
  }
  omp_indirect_guard_arm(&G);
  SWEEP_UNSEEN_BEGIN;
  omp_indirect_guard_on(&G);
  sweep(Lo, Hi);
  omp_indirect_guard_off(&G);
  SWEEP_UNSEEN_END;
  rearm(Outer, &G);
  return 1;
}

void omp_indirect_bulk_overlay(const omp_indirect_bulk *B, int64_t I,
                               char *Img, int64_t Dir, int ToImage) {
  const omp_indirect_pointee *P = &B->D.P[I];
  if (P->Type & Dir) {
    if (ToImage)
      copyUser(Img, (void *)P->Lo, P->Hi - P->Lo);
    else
      copyUser((void *)P->Lo, Img, P->Hi - P->Lo);
    return;
  }
  int32_t N;
  const omp_indirect_range *Ranges = omp_indirect_ranges(&B->D, I, &N);
  for (int32_t K = 0; K < N; ++K) {
    const omp_indirect_range *R = &Ranges[K];
    if (!(R->Motion & Dir))
      continue;
    char *At = Img + (R->Lo - P->Lo);
    if (ToImage)
      copyUser(At, (void *)R->Lo, R->Hi - R->Lo);
    else
      copyUser((void *)R->Lo, At, R->Hi - R->Lo);
  }
}

int64_t omp_indirect_bulk_direction(const omp_indirect_bulk *B) {
  int64_t Dir = 0;
  for (int32_t K = 0; K < B->D.NumEntries; ++K)
    Dir |= B->D.User[K] & MOTION;
  return Dir;
}

void omp_indirect_saved_add(const omp_indirect_bulk *B,
                            omp_indirect_saved_list *L, int64_t I,
                            void *Value) {
  if (omp_indirect_grow((void **)&L->At, &L->Cap, (size_t)L->N + 1,
                        sizeof *L->At))
    omp_indirect_bulk_die(B, "out of host memory");
  L->At[L->N++] = (omp_indirect_saved_slot){I, Value};
}

void omp_indirect_handover_free(omp_indirect_handover *H) {
  free(H->Saved.At);
  free(H->Tops);
  memset(H, 0, sizeof *H);
}

void omp_indirect_bulk_free(omp_indirect_bulk *B) {
  omp_indirect_handover_free(&B->Hand);
  omp_indirect_stage_free(&B->Stage, NULL);
  omp_indirect_free_deep(&B->D);
  omp_indirect_scratch_give(B->Class);
  omp_indirect_scratch_give(B->DevAt);
  free(B->Saved.At);
  omp_indirect_scratch_give(B->Owner);
  free(B->Pinned);
  free(B->Groups);
  free(B->Tops);
  free(B->Fresh);
  memset(B, 0, sizeof *B);
}

void omp_indirect_stage_free(omp_indirect_stage *St, const char *Keep) {
  for (int32_t K = 0; St->Img && K < St->NE; ++K)
    if (St->Img[K] && !(Keep && Keep[K]))
      omp_indirect_scratch_give(St->Img[K]);
  free(St->Img);
  free(St->Delta);
  free(St->Ready);
  St->Img = NULL;
  St->Delta = St->Ready = NULL;
}

void omp_indirect_bulk_offsets(omp_indirect_bulk *B) {
  B->DevAt = omp_indirect_bulk_scratch(B, sizeof(char *) * B->D.NP);
  uint64_t At = 0;
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    B->DevAt[I] = NULL;
    if (B->Class[I] != BULK_NEW)
      continue;
    At = omp_indirect_block_align(At, P->Lo);
    B->DevAt[I] = (char *)(uintptr_t)At;
    At += P->Hi - P->Lo;
  }
}

void omp_indirect_bulk_fault(const omp_indirect_bulk *B,
                             const omp_indirect_guard *G) {
  const char *Op = G->Writing ? "write" : "read";
  for (int64_t I = 0; I < B->D.NP; ++I) {
    const omp_indirect_pointee *P = &B->D.P[I];
    if (G->Addr < P->Lo || G->Addr >= P->Hi)
      continue;
    omp_indirect_construct_fail(
        P->Entry, omp_indirect_bulk_element(&B->D, I),
        "cannot %s the section's data: %llu bytes at %p (its pointer at "
        "%p), address %p is not %s (%s); stopping rather than map "
        "partial data",
        Op, (unsigned long long)(P->Hi - P->Lo), (void *)P->Lo,
        (void *)P->Slot, (void *)G->Addr,
        G->Writing ? "writable" : "readable",
        G->Sig == SIGBUS ? "SIGBUS" : "SIGSEGV");
  }
  omp_indirect_construct_fail(
      -1, -1,
      "cannot %s the program's data at %p (%s) while copying it; stopping "
      "rather than map partial data",
      Op, (void *)G->Addr, G->Sig == SIGBUS ? "SIGBUS" : "SIGSEGV");
}
