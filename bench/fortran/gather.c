/*===- bench/fortran/gather.c - a deep copy of records.f90's data by hand --===*
 *
 * The third reference for records.f90's first construct: the least a deep
 * copy that keeps flang's layout on the device must do, written by hand
 * with nothing to find out. The same bytes as records.f90: n records of 56
 * bytes (s, then v's 48-byte descriptor, whose first word is v's address,
 * as flang and ISO_Fortran_binding lay it out), each v(4) in its own
 * 32-byte malloc. Timed as one construct, as ours' is:
 *   - gather every record and its v into one fresh 88-byte column each
 *     (the host image a runtime must write: the v's are n allocations);
 *   - map that buffer tofrom on one kernel (flat.f90's construct);
 *   - put each s and v back where it came from (the descriptors are left
 *     as they are: the device's addresses never reach the host).
 * What it leaves out, and ours cannot: running flang's mapper function per
 * record to learn the components, the device addresses written into the
 * descriptors, and the table that later constructs look the data up in.
 * So ours / gather is what knowing the layout at run time costs, and
 * gather / packed the floor of any deep copy of this layout on this device.
 * Prints "construct target-tofrom <seconds>" and "check ok" or
 * "check WRONG" (and the marker records.f90 prints on stderr).
 *
 * USAGE: gather N
 *
 *===----------------------------------------------------------------------===*/
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { REC = 7, COL = 11 }; /* words: a record, a record and its v */

typedef struct {
  double S;
  double *V;       /* the descriptor's first word */
  char Rest[40];   /* the rest of flang's 48-byte descriptor */
} record;

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 1000;
  record *R = malloc((size_t)N * sizeof *R);
  if (!R)
    return 1;
  for (long I = 0; I < N; ++I) {
    memset(&R[I], 0, sizeof R[I]);
    R[I].S = 1;
    if (!(R[I].V = malloc(4 * sizeof(double))))
      return 1;
    for (int J = 0; J < 4; ++J)
      R[I].V[J] = (double)(I + 1);
  }
  fputs("begin target-tofrom\n", stderr);
  fflush(stderr);

  double T = omp_get_wtime();
  double *A = malloc((size_t)N * COL * sizeof(double));
  if (!A)
    return 1;
  for (long I = 0; I < N; ++I) {
    memcpy(A + COL * I, &R[I], sizeof R[I]);
    memcpy(A + COL * I + REC, R[I].V, 4 * sizeof(double));
  }
#pragma omp target teams distribute parallel for map(tofrom : A[0 : COL * N])
  for (long I = 0; I < N; ++I)
    for (int J = REC; J < COL; ++J)
      A[COL * I + J] += A[COL * I];
  for (long I = 0; I < N; ++I) {
    R[I].S = A[COL * I];
    memcpy(R[I].V, A + COL * I + REC, 4 * sizeof(double));
  }
  free(A);
  printf("construct target-tofrom %.6f\n", omp_get_wtime() - T);

  int Ok = 1;
  for (long I = 0; I < N; ++I)
    for (int J = 0; J < 4; ++J)
      Ok &= R[I].V[J] == (double)(I + 2);
  puts(Ok ? "check ok" : "check WRONG");
  return 0;
}
