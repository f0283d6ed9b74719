// Constructs on many host threads, or in `nowait` tasks, whose structs all
// point at ONE shared read-only table. Each construct finds the table new,
// present from another construct, or leaving with another construct's exit,
// in any interleaving; the runtime's reference counts and blocks must stay
// exact, and every sum right. Before, 2 threads segfaulted in 5 of 10 runs
// (a block freed while another construct filled it) and 8 threads also
// returned garbage sums: another construct found the table present before
// its data was on the device. Each way runs 20 times, at -O0 and -O2; the
// shared table is a global, or with `heap` a heap buffer.
// threads-tsan.test runs it under ThreadSanitizer.
// RUN: %wclang %host-offload -O2 %s -lpthread -o %t
// RUN: bash -c 'for i in $(seq 20); do %t threads 2 && %t threads 8 heap && %t nowait 8 || exit 1; done' | FileCheck %s --check-prefix=O2
// RUN: %wclang %host-offload -O0 %s -lpthread -o %t0
// RUN: bash -c 'for i in $(seq 20); do %t0 threads 8 && %t0 nowait 8 || exit 1; done' | FileCheck %s --check-prefix=O0
// O2-COUNT-20: threads 2: 0 wrong{{$}}
// O2-NOT: {{: [1-9][0-9]* wrong}}
// O0-COUNT-20: nowait 8: 0 wrong{{$}}
// O0-NOT: {{: [1-9][0-9]* wrong}}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LEN = 64, ROUNDS = 200, STRUCTS = 4 };
typedef struct {
  int len;
  int *d;
  long sum;
} S;
#pragma omp declare mapper(S s) map(tofrom : s) map(to : s.d[0 : s.len])

static int Global[LEN];
static int *Table = Global;
static const long Want = LEN * (LEN - 1) / 2;

/* One construct: sums the shared table through each struct. */
static void sumOnDevice(S *p) {
#pragma omp target map(tofrom : p[0 : STRUCTS])
  for (int k = 0; k < STRUCTS; ++k) {
    long s = 0;
    for (int i = 0; i < p[k].len; ++i)
      s += p[k].d[i];
    p[k].sum = s;
  }
}

static long countWrong(S *p) {
  long Bad = 0;
  for (int k = 0; k < STRUCTS; ++k)
    Bad += p[k].sum != Want || p[k].d != Table;
  return Bad;
}

static void reset(S *p) {
  for (int k = 0; k < STRUCTS; ++k)
    p[k] = (S){LEN, Table, 0};
}

static void *worker(void *Arg) {
  (void)Arg;
  S p[STRUCTS];
  long Bad = 0;
  for (int r = 0; r < ROUNDS; ++r) {
    reset(p);
    sumOnDevice(p);
    Bad += countWrong(p);
  }
  return (void *)Bad;
}

static long threads(int T) {
  pthread_t Th[16];
  for (int t = 0; t < T; ++t)
    pthread_create(&Th[t], NULL, worker, NULL);
  long Bad = 0;
  for (int t = 0; t < T; ++t) {
    void *B;
    pthread_join(Th[t], &B);
    Bad += (long)B;
  }
  return Bad;
}

static long tasks(int T) {
  S p[16][STRUCTS];
  long Bad = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int r = 0; r < ROUNDS / 4; ++r) {
    for (int t = 0; t < T; ++t) {
      reset(p[t]);
#pragma omp target map(tofrom : p[t][0 : STRUCTS]) nowait
      for (int k = 0; k < STRUCTS; ++k) {
        long s = 0;
        for (int i = 0; i < p[t][k].len; ++i)
          s += p[t][k].d[i];
        p[t][k].sum = s;
      }
    }
#pragma omp taskwait
    for (int t = 0; t < T; ++t)
      Bad += countWrong(p[t]);
  }
  return Bad;
}

int main(int argc, char **argv) {
  if (argc > 3 && !strcmp(argv[3], "heap"))
    Table = malloc(sizeof(int) * LEN);
  for (int i = 0; i < LEN; ++i)
    Table[i] = i;
  int T = argc > 2 ? atoi(argv[2]) : 2;
  int Tasks = argc > 1 && !strcmp(argv[1], "nowait");
  long Bad = Tasks ? tasks(T) : threads(T);
  printf("%s %d: %ld wrong\n", Tasks ? "nowait" : "threads", T, Bad);
  return Bad != 0;
}
