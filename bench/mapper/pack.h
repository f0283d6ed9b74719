// pack.h - the hand-packed copy's host side, shared by bench/mapper/packed.c
// and steps.c -DPACKED: every p[i].d[0:p[i].len] packed into one buffer at
// the offsets off[0..n] (off[n] doubles in all), and unpacked after.
#ifndef BENCH_MAPPER_PACK_H
#define BENCH_MAPPER_PACK_H
#include <stdlib.h>

typedef struct {
  int len;
  double *d;
} S;

// The packed buffer, its offsets in *off (n + 1 of them).
static double *pack(S *p, int n, long **off) {
  long *o = malloc(sizeof(long) * (n + 1));
  o[0] = 0;
  for (int i = 0; i < n; i++)
    o[i + 1] = o[i] + p[i].len;
  double *buf = malloc(sizeof(double) * o[n]);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p[i].len; j++)
      buf[o[i] + j] = p[i].d[j];
  *off = o;
  return buf;
}

static void unpack(S *p, int n, const long *off, const double *buf) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] = buf[off[i] + j];
}
#endif
