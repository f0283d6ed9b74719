/*===- main.c - the indirect-call benchmark's driver ----------------------===*
 *
 * Linked with the generated units (gen.py) of one table size K. On the
 * host-offload device it runs each case as one target region calling a
 * noinline declare-target function that makes N calls in a loop:
 *
 *   direct        f_0_0(i)                 a direct call
 *   pretranslated p(i), p = gtab[k]        f_0_0's device address, which the
 *                                          pass proves (constant device
 *                                          table): no lookup
 *   invariant     fp(i), fp = f_0_0's host address: the translation hoisted
 *   random_host   tab[idx[i]](i)           host addresses of K functions
 *   random_device dev[idx[i]](i)           device addresses of the same
 *                                          (stored at run time: translated)
 *   miss_data     lookup(miss[idx[i]])     K addresses of host data: the
 *                                          lookup's miss path (no call)
 *   miss_code     lookup(miss[idx[i]])     K addresses inside main(), host
 *                                          code that is not indirect: the
 *                                          lookup's miss in host code (no
 *                                          call; the host-offload device
 *                                          answers with its stop stub)
 *
 * `main time N` prints, per case, the best of five runs in ns per call
 * (host clock around the region, minus an empty region), and the
 * registration time of every device (omp_indirect_prepare_device after the
 * device was initialized). `main count N` runs each case once, for
 * callgrind: bench/indirect/run collects one case function at a time
 * (--toggle-collect) and divides its instructions by N.
 *
 *===----------------------------------------------------------------------===*/
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*fn_t)(int);
int omp_indirect_prepare_device(int64_t DeviceId);
int main(int argc, char **argv);
extern const int num_fns;
/* This image's FPTR entries (docs/format.md, section 2). */
extern const char __start_omp_offloading_fptr_entries[]
    __attribute__((weak, visibility("hidden")));
extern const char __stop_omp_offloading_fptr_entries[]
    __attribute__((weak, visibility("hidden")));

/* What the registration cost before it read each unit's table in one call:
   one omp_get_mapped_ptr per entry on device D, timed in this same run. */
static double perEntryLookups(int D) {
  const char *E = __start_omp_offloading_fptr_entries;
  double t0 = omp_get_wtime();
  for (; E && E < __stop_omp_offloading_fptr_entries; E += 32)
    if (!omp_get_mapped_ptr((void *)E, D))
      return -1;
  return omp_get_wtime() - t0;
}

#pragma omp declare target
void fill_all(fn_t *out);
int f_0_0(int x); /* Unit 0's first function (gen.py). */
static fn_t const gtab[2] = {f_0_0, f_0_0};

__attribute__((noinline)) int case_direct(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += f_0_0(i);
  return s;
}
__attribute__((noinline)) int case_pretranslated(int n, int k) {
  int s = 0;
  fn_t p = gtab[k];
  for (int i = 0; i < n; i++)
    s += p(i);
  return s;
}
__attribute__((noinline)) int case_invariant(int n, fn_t fp) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += fp(i);
  return s;
}
__attribute__((noinline)) int case_random_host(int n, const fn_t *tab,
                                               const int *idx) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += tab[idx[i]](i);
  return s;
}
__attribute__((noinline)) int case_random_device(int n, const fn_t *tab,
                                                 const int *idx) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += tab[idx[i]](i);
  return s;
}
/* The device lookup itself (devicertl/src/Translate.c), called directly so
   that pointers no call may go through can be looked up. The host has no
   lookup (and never runs these cases: OMP_TARGET_OFFLOAD=MANDATORY). */
void *__kmpc_target_translate_fptr(void *FnPtr);
void *bench_lookup(void *P) { return P; }
#pragma omp begin declare variant match(device = {kind(nohost)})
void *bench_lookup(void *P) { return __kmpc_target_translate_fptr(P); }
#pragma omp end declare variant
static inline __attribute__((always_inline)) int
case_miss(int n, void *const *tab, const int *idx) {
  uintptr_t s = 0;
  for (int i = 0; i < n; i++)
    s += (uintptr_t)bench_lookup(tab[idx[i]]);
  return (int)s;
}
__attribute__((noinline)) int case_miss_data(int n, void *const *tab,
                                             const int *idx) {
  return case_miss(n, tab, idx);
}
__attribute__((noinline)) int case_miss_code(int n, void *const *tab,
                                             const int *idx) {
  return case_miss(n, tab, idx);
}
#pragma omp end declare target

enum {
  EMPTY,
  DIRECT,
  PRE,
  INVARIANT,
  RANDOM_HOST,
  RANDOM_DEVICE,
  MISS_DATA,
  MISS_CODE,
  NUM_CASES
};
static const char *Names[] = {"empty",       "direct",        "pretranslated",
                              "invariant",   "random_host",   "random_device",
                              "miss_data",   "miss_code"};

static fn_t *Host, *Dev;
static void **MissData, **MissCode;
static int *Idx;

static int runCase(int C, int n) {
  int r = 0, k = 1, K = num_fns;
  fn_t fp = Host[0], *host = Host, *dev = Dev;
  int *idx = Idx;
  void **miss = C == MISS_DATA ? MissData : MissCode;
  switch (C) {
  case EMPTY:
#pragma omp target map(from : r)
    r = n;
    break;
  case DIRECT:
#pragma omp target map(from : r)
    r = case_direct(n);
    break;
  case PRE:
#pragma omp target map(from : r)
    r = case_pretranslated(n, k);
    break;
  case INVARIANT:
#pragma omp target map(from : r) firstprivate(fp)
    r = case_invariant(n, fp);
    break;
  case RANDOM_HOST:
#pragma omp target map(from : r) map(to : host[0:K], idx[0:n])
    r = case_random_host(n, host, idx);
    break;
  case RANDOM_DEVICE:
#pragma omp target map(from : r) map(to : dev[0:K], idx[0:n])
    r = case_random_device(n, dev, idx);
    break;
  case MISS_DATA:
  case MISS_CODE:
#pragma omp target map(from : r) map(to : miss[0:K], idx[0:n])
    r = C == MISS_DATA ? case_miss_data(n, miss, idx)
                       : case_miss_code(n, miss, idx);
    break;
  }
  return r;
}

int main(int argc, char **argv) {
  int Timing = argc > 1 && !strcmp(argv[1], "time");
  int n = argc > 2 ? atoi(argv[2]) : 1000000, K = num_fns;
  Host = malloc(K * sizeof *Host);
  Dev = malloc(K * sizeof *Dev);
  Idx = malloc(n * sizeof *Idx);
  MissData = malloc(K * sizeof *MissData);
  MissCode = malloc(K * sizeof *MissCode);
  for (int k = 0; k < K; k++) {
    MissData[k] = &Idx[k % n];
    MissCode[k] = (char *)main + k % 64;
  }
  uint64_t S = 88172645463325252ULL;
  for (int i = 0; i < n; i++) {
    S ^= S << 13, S ^= S >> 7, S ^= S << 17;
    Idx[i] = (int)(S % (uint64_t)K);
  }
  /* Initialize every device, then time its registration alone. */
  int Devices = omp_get_num_devices();
  for (int d = 0; d < Devices; d++) {
    int dummy = 0;
#pragma omp target enter data map(to : dummy) device(d)
    double t0 = omp_get_wtime();
    if (omp_indirect_prepare_device(d))
      return 1;
    double t1 = omp_get_wtime();
    if (Timing)
      printf("registration device %d: %.3f ms for %d functions; one "
             "omp_get_mapped_ptr per entry: %.3f ms\n",
             d, (t1 - t0) * 1e3, K, perEntryLookups(d) * 1e3);
#pragma omp target exit data map(release : dummy) device(d)
  }
  fill_all(Host);
  fn_t *dev = Dev;
#pragma omp target map(from : dev[0:K])
  fill_all(dev);
  int Expect = Timing ? runCase(DIRECT, n) : 0;
  for (int C = DIRECT; C < NUM_CASES; C++) {
    double Best = 1e30;
    for (int Rep = 0; Rep < (Timing ? 5 : 1); Rep++) {
      double t0 = omp_get_wtime();
      int r = runCase(C, n);
      double t = omp_get_wtime() - t0;
      double t0e = omp_get_wtime();
      runCase(EMPTY, n);
      t -= omp_get_wtime() - t0e;
      if (t < Best)
        Best = t;
      if (Timing && C <= INVARIANT && r != Expect) {
        fprintf(stderr, "case %s: wrong result %d, expected %d\n", Names[C],
                r, Expect);
        return 1;
      }
    }
    if (Timing)
      printf("case %s: %.3f ns/call\n", Names[C], Best * 1e9 / n);
  }
  return 0;
}
