/*===- calls.c - cycles per call on the device, for the GPU bundle --------===*
 *
 * Linked with the generated units of bench/indirect/gen.py (K functions).
 * One device thread runs each case as a loop of N calls and reads the
 * device's own cycle counter around it: clock64 on NVPTX, the time-stamp
 * counter on the x86_64 host-offload device. The cases:
 *
 *   direct        f_0_0(i)               a direct call
 *   pretranslated p(i), p = gtab[k]      a device address the pass proves
 *                                        (constant device table): no lookup
 *   invariant     fp(i), fp = f_0_0's host address, firstprivate: the
 *                                        lookup hoisted out of the loop
 *   random_host   tab[idx[i]](i)         host addresses of the K functions
 *                                        in random order: a lookup per call
 *
 * Each case runs five times; the least cycles per call is printed, one line
 * per case, with the sum it computed (checked against the direct case, so a
 * call that reached a wrong function fails the program).
 *
 * USAGE: calls [N]    (default N = 100000)
 *
 *===----------------------------------------------------------------------===*/
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*fn_t)(int);
extern const int num_fns;

#pragma omp declare target
void fill_all(fn_t *out);
int f_0_0(int x); /* Unit 0's first function (gen.py). */
static fn_t const gtab[2] = {f_0_0, f_0_0};

/* The device's cycle counter; only the variants run. */
static uint64_t cycles(void) { return 0; }
#pragma omp begin declare variant match(device = {arch(nvptx64)})
static uint64_t cycles(void) { return __nvvm_read_ptx_sreg_clock64(); }
#pragma omp end declare variant
#pragma omp begin declare variant match(device = {arch(x86_64)})
static uint64_t cycles(void) { return __builtin_readcyclecounter(); }
#pragma omp end declare variant

__attribute__((noinline)) unsigned case_direct(int n, uint64_t *c) {
  unsigned s = 0;
  uint64_t t0 = cycles();
  for (int i = 0; i < n; i++)
    s += f_0_0(i);
  *c = cycles() - t0;
  return s;
}
__attribute__((noinline)) unsigned case_pretranslated(int n, int k, uint64_t *c) {
  unsigned s = 0;
  fn_t p = gtab[k];
  uint64_t t0 = cycles();
  for (int i = 0; i < n; i++)
    s += p(i);
  *c = cycles() - t0;
  return s;
}
__attribute__((noinline)) unsigned case_invariant(int n, fn_t fp, uint64_t *c) {
  unsigned s = 0;
  uint64_t t0 = cycles();
  for (int i = 0; i < n; i++)
    s += fp(i);
  *c = cycles() - t0;
  return s;
}
__attribute__((noinline)) unsigned case_random_host(int n, const fn_t *tab,
                                               const int *idx, uint64_t *c) {
  unsigned s = 0;
  uint64_t t0 = cycles();
  for (int i = 0; i < n; i++)
    s += tab[idx[i]](i);
  *c = cycles() - t0;
  return s;
}
#pragma omp end declare target

enum { DIRECT, PRE, INVARIANT, RANDOM_HOST, NUM_CASES };
static const char *Names[] = {"direct", "pretranslated", "invariant",
                              "random_host"};

/* One run of case C; *Cycles gets the device's count for the loop. */
static unsigned runCase(int C, int n, const fn_t *host, const int *idx,
                   uint64_t *Cycles) {
  unsigned r = 0;
  int k = 1, K = num_fns;
  uint64_t c = 0;
  fn_t fp = host[0];
  switch (C) {
  case DIRECT:
#pragma omp target map(from : r, c)
    r = case_direct(n, &c);
    break;
  case PRE:
#pragma omp target map(from : r, c)
    r = case_pretranslated(n, k, &c);
    break;
  case INVARIANT:
#pragma omp target map(from : r, c) firstprivate(fp)
    r = case_invariant(n, fp, &c);
    break;
  case RANDOM_HOST:
#pragma omp target map(from : r, c) map(to : host[0 : K], idx[0 : n])
    r = case_random_host(n, host, idx, &c);
    break;
  }
  *Cycles = c;
  return r;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000, K = num_fns;
  fn_t *Host = malloc(K * sizeof *Host);
  int *Idx = malloc(n * sizeof *Idx);
  uint64_t S = 88172645463325252ULL;
  unsigned Expect = 0, Random = 0;
  fill_all(Host);
  for (int i = 0; i < n; i++) {
    S ^= S << 13, S ^= S >> 7, S ^= S << 17;
    Idx[i] = (int)(S % (uint64_t)K);
    Expect += Host[0](i);
    Random += Host[Idx[i]](i);
  }
  int Bad = 0;
  for (int C = DIRECT; C < NUM_CASES; C++) {
    uint64_t Best = UINT64_MAX, c;
    unsigned r = 0;
    for (int Rep = 0; Rep < 5; Rep++) {
      r = runCase(C, n, Host, Idx, &c);
      if (c < Best)
        Best = c;
    }
    /* The host's sum of the same calls: the device must match it. */
    unsigned Want = C == RANDOM_HOST ? Random : Expect;
    Bad |= r != Want;
    printf("K %d case %s: %.1f cycles/call%s\n", K, Names[C],
           (double)Best / n, r == Want ? "" : " WRONG RESULT");
  }
  return Bad;
}
