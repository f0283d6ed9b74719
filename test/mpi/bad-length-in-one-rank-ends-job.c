// Four ranks deep-copy their records with a `declare mapper` and then sum a
// result over all ranks with MPI_Allreduce; the input of one rank (argv[1])
// gives record 700 a negative length. That rank stops with the runtime's
// one line, before any of its data moves, and ends on SIGABRT; mpirun sees
// it and ends the job with a non-zero status, so the three ranks already
// waiting in MPI_Allreduce do not hang there (%mpirun gives up after a few
// minutes, and then the status is timeout's 124, which fails the test). No
// rank prints its sum.
// REQUIRES: mpi
// RUN: %mpicc %host-offload -g -O2 %s -o %t
// RUN: %exit-status %mpirun -np 4 %t 2 > %t.out 2>&1
// RUN: FileCheck %s --input-file %t.out
// CHECK-NOT: sum
// CHECK: omp-indirect: target at {{.*}}bad-length-in-one-rank-ends-job.c:[[#@LINE+34]], map(tofrom: recs[0:n]) with mapper 'default' for 'record': element 700: section r.val[0:r.len] (mapper at {{.*}}bad-length-in-one-rank-ends-job.c:[[#@LINE+13]]) has a negative length (-24 bytes); stopping before any data moves
// CHECK-NOT: sum
// CHECK: mpirun noticed that process rank 2 with PID {{[0-9]+}} on node {{.*}} exited on signal 6 (Aborted).
// CHECK-NOT: sum
// CHECK: exit status: 134
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *val;
} record;
#pragma omp declare mapper(record r) map(r, r.val[0:r.len])

enum { N = 1000, BAD = 700 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, bad_rank = argc > 1 ? atoi(argv[1]) : -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // This rank's input: N records of 1 to 4 values; one rank's is corrupt.
  record *recs = malloc(N * sizeof(record));
  for (int i = 0; i < N; i++) {
    recs[i].len = 1 + i % 4;
    recs[i].val = malloc(4 * sizeof(double));
    for (int j = 0; j < recs[i].len; j++)
      recs[i].val[j] = rank + i + j;
  }
  if (rank == bad_rank)
    recs[BAD].len = -3;

  int n = N;
  double sum = 0;
#pragma omp target map(tofrom : recs[0:n]) map(tofrom : sum)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < recs[i].len; j++)
      sum += recs[i].val[j];
  double all = 0;
  MPI_Allreduce(&sum, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d: sum %.0f of %.0f\n", rank, sum, all);
  MPI_Finalize();
  return 0;
}
