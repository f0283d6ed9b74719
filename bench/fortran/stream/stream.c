/* bench/fortran/stream/stream.c: the kernels of stream.f90 in C, written
 * as BabelStream's OpenMP version writes them, with the same output.
 *
 * USAGE: stream [N [REPS]]     (defaults 2^24 doubles an array, 20 reps)
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static const double scalar = 0.4;

static void copy(double *a, double *c, int n) {
#pragma omp target teams distribute parallel for simd
  for (int i = 0; i < n; i++)
    c[i] = a[i];
}
static void mul(double *b, double *c, int n) {
#pragma omp target teams distribute parallel for simd
  for (int i = 0; i < n; i++)
    b[i] = scalar * c[i];
}
static void add(double *a, double *b, double *c, int n) {
#pragma omp target teams distribute parallel for simd
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
}
static void triad(double *a, double *b, double *c, int n) {
#pragma omp target teams distribute parallel for simd
  for (int i = 0; i < n; i++)
    a[i] = b[i] + scalar * c[i];
}
static double dot(double *a, double *b, int n) {
  double s = 0;
#pragma omp target teams distribute parallel for simd reduction(+ : s) map(tofrom : s)
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static int cmp(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}
static double median(double *x, int n) {
  qsort(x, n, sizeof *x, cmp);
  return x[(n + 1) / 2 - 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b),
         *c = malloc(n * sizeof *c), *t[5], s = 0;
  for (int k = 0; k < 5; k++)
    t[k] = malloc(reps * sizeof **t);
  for (int i = 0; i < n; i++)
    a[i] = 0.1, b[i] = 0.2, c[i] = 0.0;
#pragma omp target enter data map(to : a[0 : n], b[0 : n], c[0 : n])
  int nthreads = 0;
#pragma omp target teams distribute parallel for map(tofrom : nthreads)
  for (int k = 0; k < 1; k++)
    nthreads = omp_get_num_threads();
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
    copy(a, c, n);
    t[0][r] = omp_get_wtime() - t0, t0 = omp_get_wtime();
    mul(b, c, n);
    t[1][r] = omp_get_wtime() - t0, t0 = omp_get_wtime();
    add(a, b, c, n);
    t[2][r] = omp_get_wtime() - t0, t0 = omp_get_wtime();
    triad(a, b, c, n);
    t[3][r] = omp_get_wtime() - t0, t0 = omp_get_wtime();
    s = dot(a, b, n);
    t[4][r] = omp_get_wtime() - t0;
  }
#pragma omp target exit data map(from : a[0 : n], b[0 : n], c[0 : n])
  const char *names[5] = {"copy", "mul", "add", "triad", "dot"};
  const int arrays[5] = {2, 2, 3, 3, 2};
  for (int k = 0; k < 5; k++) {
    double secs = median(t[k], reps);
    printf("kernel %s %12.5e %10.3f\n", names[k], secs,
           arrays[k] * 8.0 * n / secs / 1e9);
  }
  printf("threads %d\n", nthreads);
  double ga = 0.1, gb = 0.2, gc = 0.0;
  for (int r = 0; r < reps; r++)
    gc = ga, gb = scalar * gc, gc = ga + gb, ga = gb + scalar * gc;
  double gs = ga * gb * n, err = fabs(s - gs) / gs;
  for (int i = 0; i < n; i++) {
    err = fmax(err, fabs(a[i] - ga) / ga);
    err = fmax(err, fabs(b[i] - gb) / gb);
    err = fmax(err, fabs(c[i] - gc) / gc);
  }
  if (err < 1e-8)
    printf("check ok\n");
  return 0;
}
