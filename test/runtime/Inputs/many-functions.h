/* MANY_FUNCTIONS indirect functions f<digits>(x) = x + <digits> (512, 1024
   or 2048), and a declare-target fill(out) that stores their addresses
   (host ones on the host, device ones on the device), which keeps every
   one of them in the device image, with stock clang too. For the tests
   that count what each indirect function costs. */
#ifndef MANY_FUNCTIONS
#define MANY_FUNCTIONS 512
#endif

typedef int (*fn_t)(int);

#define F1(n) int f##n(int x) { return x + n; }
#define F4(n) F1(n##0) F1(n##1) F1(n##2) F1(n##3)
#define F16(n) F4(n##0) F4(n##1) F4(n##2) F4(n##3)
#define F64(n) F16(n##0) F16(n##1) F16(n##2) F16(n##3)
#define F256(n) F64(n##0) F64(n##1) F64(n##2) F64(n##3)
#define A1(n) out[i++] = f##n;
#define A4(n) A1(n##0) A1(n##1) A1(n##2) A1(n##3)
#define A16(n) A4(n##0) A4(n##1) A4(n##2) A4(n##3)
#define A64(n) A16(n##0) A16(n##1) A16(n##2) A16(n##3)
#define A256(n) A64(n##0) A64(n##1) A64(n##2) A64(n##3)

#if MANY_FUNCTIONS == 512
#define ALL(M) M(1) M(2)
#elif MANY_FUNCTIONS == 1024
#define ALL(M) M(1) M(2) M(3) M(4)
#elif MANY_FUNCTIONS == 2048
#define ALL(M) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8)
#endif

#pragma omp begin declare target indirect
ALL(F256)
#pragma omp end declare target

#pragma omp declare target
void fill(fn_t *out) {
  int i = 0;
  ALL(A256)
}
#pragma omp end declare target

/* Calls every function through its pointer on the device; returns the
   number of wrong results (0). */
static int callAll(void) {
  fn_t fns[MANY_FUNCTIONS];
  fill(fns);
  int bad = 0;
#pragma omp target map(to : fns) map(tofrom : bad)
  {
    fn_t dev[MANY_FUNCTIONS];
    fill(dev);
    for (int k = 0; k < MANY_FUNCTIONS; ++k)
      bad += fns[k](0) != dev[k](0);
  }
  return bad;
}
