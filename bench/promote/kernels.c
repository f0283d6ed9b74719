// bench/promote/kernels.c: the cost of a promoted call next to the direct
// call it replaces, on the host-offload device (bench/promote/run builds it
// with and without promotion). Each case is timed in turns with its
// reference, ROUNDS times, and the medians are printed:
//  - invariant: y[i] = f(x[i]) with a firstprivate host pointer f to one of
//    three indirect functions, against the same loop calling it directly;
//  - record: s += r[i].f(r[i].x) over records of a mapped array, the
//    pointer one of four indirect functions, against a switch over direct
//    calls on a per-record index.
// Prints "case name ns-per-element ref-ns-per-element ratio" lines, for the
// medians and then for the minima (the least disturbed rounds on a shared
// machine).
//
// USAGE: bench/promote/run [build-dir]
#include <stdlib.h>

#pragma omp begin declare target indirect
double fa(double x) { return 2.0 * x + 1.0; }
double fb(double x) { return x * x - x; }
double fc(double x) { return 0.5 * x - 3.0; }
double fd(double x) { return x + 7.0; }
#pragma omp end declare target

typedef double (*fn_t)(double);
struct rec {
  fn_t f;
  int k;
  double x;
};

enum { N = 1 << 16 };
#include "timing.h"
static double x[N], y[N];
static struct rec recs[N];

static void invariant_ptr(fn_t f) {
#pragma omp target teams distribute parallel for firstprivate(f)
  for (int i = 0; i < N; i++)
    y[i] = f(x[i]);
}

// The direct loops, one per function.
#define DIRECT(F)                                                              \
  static void direct_##F(void) {                                               \
    _Pragma("omp target teams distribute parallel for")                        \
    for (int i = 0; i < N; i++)                                                \
      y[i] = F(x[i]);                                                          \
  }
DIRECT(fa)
DIRECT(fb)
DIRECT(fc)

static double record_ptr(void) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += recs[i].f(recs[i].x);
  return s;
}

static double record_switch(void) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s)
  for (int i = 0; i < N; i++) {
    double v;
    switch (recs[i].k) {
    case 0: v = fa(recs[i].x); break;
    case 1: v = fb(recs[i].x); break;
    case 2: v = fc(recs[i].x); break;
    default: v = fd(recs[i].x); break;
    }
    s += v;
  }
  return s;
}

static fn_t inv_fns[3] = {fa, fb, fc};
static void (*inv_direct[3])(void) = {direct_fa, direct_fb, direct_fc};
static void run_inv(int k) { invariant_ptr(inv_fns[k]); }
static void ref_inv(int k) { inv_direct[k](); }
static volatile double sink;
static void run_rec(int k) { (void)k, sink = record_ptr(); }
static void ref_rec(int k) { (void)k, sink = record_switch(); }

int main(int argc, char **argv) {
  int rounds = rounds_arg(argc, argv);
  srand(1);
  fn_t rec_fns[4] = {fa, fb, fc, fd};
  for (int i = 0; i < N; i++) {
    x[i] = i % 1000;
    int k = rand() % 4;
    recs[i] = (struct rec){rec_fns[k], k, x[i]};
  }
#pragma omp target data map(to : x, recs) map(alloc : y)
  {
    report("invariant-a", run_inv, 0, ref_inv, rounds);
    report("invariant-b", run_inv, 1, ref_inv, rounds);
    report("invariant-c", run_inv, 2, ref_inv, rounds);
    report("record", run_rec, 0, ref_rec, rounds);
  }
  return 0;
}
