/*===- deepcopy.c - the deep copy against the hand-packed copy, on a GPU --===*
 *
 * The data of test/exec/mapper/scale.c: N structs, each with a pointer to
 * LEN doubles. Two ways to run one kernel over all of them and bring the
 * results back, timed around the whole construct (host clock):
 *
 *   mapper  map(tofrom: p[0:N]) with declare mapper(S s) map(s,
 *           s.d[0:s.len]): the deep copy
 *   packed  the program packs every s.d into one buffer, maps it once and
 *           unpacks it after (the practical limit)
 *
 * Unlike scale.c, the kernel is a `teams distribute parallel for`, so on a
 * GPU the time is the data motion's, not one thread's loop. The program
 * checks every value and exits non-zero on a wrong one.
 *
 * USAGE: deepcopy mapper|packed N [LEN]    (default LEN = 4)
 *
 *===----------------------------------------------------------------------===*/
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static void viaMapper(S *p, int n) {
#pragma omp target teams distribute parallel for map(tofrom : p[0 : n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] = 2 * p[i].d[j] + 1;
}

static void packed(S *p, int n) {
  long *off = malloc(sizeof(long) * (n + 1));
  off[0] = 0;
  for (int i = 0; i < n; i++)
    off[i + 1] = off[i] + p[i].len;
  long total = off[n];
  double *buf = malloc(sizeof(double) * total);
  for (int i = 0; i < n; i++)
    memcpy(buf + off[i], p[i].d, sizeof(double) * p[i].len);
#pragma omp target teams distribute parallel for                             \
    map(tofrom : buf[0 : total]) map(to : off[0 : n + 1])
  for (int i = 0; i < n; i++)
    for (long k = off[i]; k < off[i + 1]; k++)
      buf[k] = 2 * buf[k] + 1;
  for (int i = 0; i < n; i++)
    memcpy(p[i].d, buf + off[i], sizeof(double) * p[i].len);
  free(buf);
  free(off);
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "mapper") && strcmp(argv[1], "packed"))) {
    fprintf(stderr, "usage: deepcopy mapper|packed N [LEN]\n");
    return 2;
  }
  int Mapper = !strcmp(argv[1], "mapper");
  int n = atoi(argv[2]), len = argc > 3 ? atoi(argv[3]) : 4;
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = len;
    p[i].d = malloc(sizeof(double) * len);
    for (int j = 0; j < len; j++)
      p[i].d[j] = i + j;
  }
  /* Initialise the device first: its start-up is not the copy's cost. */
  int dummy = 0;
#pragma omp target map(tofrom : dummy)
  dummy++;
  double t0 = omp_get_wtime();
  if (Mapper)
    viaMapper(p, n);
  else
    packed(p, n);
  double t1 = omp_get_wtime();
  long bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < len; j++)
      bad += p[i].d[j] != 2.0 * (i + j) + 1;
  printf("%s n %d len %d time %.6f s: %s (%ld wrong)\n", argv[1], n, len,
         t1 - t0, bad ? "WRONG" : "ok", bad);
  return bad != 0;
}
