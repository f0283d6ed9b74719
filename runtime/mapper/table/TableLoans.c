/*===- table/TableLoans.c - the runtime's pointees lent to libomptarget ----===*
 *
 * A pointee that a libomptarget call names (a plain map of data a mapper
 * placed, omp_target_is_present, ...) is lent to libomptarget for that
 * call: associated with its device copy, and disassociated when the call
 * ends (Presence.c). Loans nest per pointee; a pointee whose last
 * reference went while it was lent leaves the table when its last loan
 * ends. The table's lock (Table.c) covers the loans too. Below them, the
 * answers of omp_target_is_present and omp_get_mapped_ptr.
 *
 *===----------------------------------------------------------------------===*/
#include "Table.h"

#include "Libomptarget.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct loan {
  int Device;
  uintptr_t Lo;
  int64_t Count;
} loan;

static loan *Loans;
size_t omp_indirect_owned_loans;
static size_t LoanCap;

static loan *findLoan(int Device, uintptr_t Lo) {
  for (size_t I = 0; I < omp_indirect_owned_loans; ++I)
    if (Loans[I].Lo == Lo && Loans[I].Device == Device)
      return &Loans[I];
  return NULL;
}

int omp_indirect_owned_lend(omp_indirect_owned *E) {
  int Device = omp_indirect_owned_block(E)->Device;
  loan *L = findLoan(Device, E->Lo);
  if (L) {
    ++L->Count;
    return 0;
  }
  if (omp_indirect_owned_loans == LoanCap) {
    size_t Cap = LoanCap ? 2 * LoanCap : 16;
    loan *New = realloc(Loans, Cap * sizeof *New);
    if (!New)
      return 1;
    Loans = New;
    LoanCap = Cap;
  }
  if (OMP_INDIRECT_NEXT(omp_target_associate_ptr)((void *)E->Lo,
                                                  omp_indirect_owned_dev(E),
                                                  E->Size, 0, Device))
    return 1;
  Loans[omp_indirect_owned_loans++] = (loan){Device, E->Lo, 1};
  return 0;
}

/* Out of the table now; the block goes with its last pointee (a block's
   Live counts its pointees and its pins alike: Table.h). */
static void dropNow(omp_indirect_owned *E) {
  E->Refs = -1;
  omp_indirect_block_unpin(omp_indirect_owned_block(E));
}

void omp_indirect_owned_unlend(int Device, uintptr_t Lo) {
  loan *L = findLoan(Device, Lo);
  if (!L || --L->Count > 0)
    return;
  *L = Loans[--omp_indirect_owned_loans];
  if (OMP_INDIRECT_NEXT(omp_target_disassociate_ptr)((void *)Lo, Device)) {
    fprintf(stderr,
            "omp-indirect: device %d: libomptarget would not give back the "
            "pointee at %p; stopping rather than keep two copies of it\n",
            Device, (void *)Lo);
    abort();
  }
  /* Its last reference went while it was lent (unless a construct took it
     again meanwhile). */
  omp_indirect_owned *E = omp_indirect_owned_find(Device, Lo, NULL);
  if (E && E->Refs == 0)
    dropNow(E);
}

void omp_indirect_owned_release(omp_indirect_owned *E) {
  if (!omp_indirect_owned_loans ||
      !findLoan(omp_indirect_owned_block(E)->Device, E->Lo))
    dropNow(E); /* Else the last loan's end drops it. */
}

void omp_indirect_owned_release_all(omp_indirect_owned **E, int64_t N) {
  for (int64_t I = 0; I < N; ++I)
    if (!omp_indirect_owned_loans ||
        !findLoan(omp_indirect_owned_block(E[I])->Device, E[I]->Lo))
      dropNow(E[I]);
}

int omp_indirect_resolve_device(int64_t DeviceId) {
  if (DeviceId < 0)
    DeviceId = omp_get_default_device();
  return DeviceId >= 0 && DeviceId < omp_get_num_devices() ? (int)DeviceId
                                                            : -1;
}

int omp_indirect_is_present(const void *Ptr, int DeviceId) {
  if (omp_indirect_owned_any() && DeviceId >= 0) {
    omp_indirect_owned_lock();
    int Owned = omp_indirect_owned_containing(DeviceId, (uintptr_t)Ptr) != 0;
    omp_indirect_owned_unlock();
    if (Owned)
      return 1;
  }
  return OMP_INDIRECT_NEXT(omp_target_is_present)(Ptr, DeviceId);
}

void *omp_indirect_mapped_ptr(const void *Ptr, int DeviceId) {
  if (omp_indirect_owned_any() && DeviceId >= 0 && Ptr) {
    omp_indirect_owned_lock();
    omp_indirect_owned *E =
        omp_indirect_owned_containing(DeviceId, (uintptr_t)Ptr);
    char *Dev = E ? omp_indirect_owned_at(E, (uintptr_t)Ptr) : NULL;
    omp_indirect_owned_unlock();
    if (Dev)
      return Dev;
  }
  return OMP_INDIRECT_NEXT(omp_get_mapped_ptr)(Ptr, DeviceId);
}
