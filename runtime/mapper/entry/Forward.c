/*===- entry/Forward.c - the one libomptarget call of a construct ----------===*
 *
 * Forward.h. The pointees the list names are lent for the call and counted
 * and moved by the runtime (Presence.c).
 *
 *===----------------------------------------------------------------------===*/
#include "Forward.h"

void omp_indirect_forward_call(const omp_indirect_forward *F,
                               const omp_indirect_map_list *L) {
  omp_indirect_loan Loan;
  omp_indirect_presence_before(&Loan, F->Kind, F->DeviceId, L->Count,
                               L->Bases, L->Begins, L->Sizes, L->Types);
  if (F->NowaitFn)
    F->NowaitFn(F->Loc, F->DeviceId, L->Count, L->Bases, L->Begins, L->Sizes,
                Loan.Types, L->Names, L->Mappers, F->DepNum, F->Deps,
                F->NoAliasDepNum, F->NoAliasDeps);
  else
    F->Fn(F->Loc, F->DeviceId, L->Count, L->Bases, L->Begins, L->Sizes,
          Loan.Types, L->Names, L->Mappers);
  omp_indirect_presence_after(&Loan);
}
