// Addresses of indirect functions (every form) flowing into target regions,
// captured, mapped or stored in arrays: no warning. Neither for direct calls
// of plain functions in the region, nor for host-only use of a plain
// function's address, nor for a function the unit only declares.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics

int listed(int x) { return x; }
#pragma omp declare target to(listed) indirect
int with_expr(int x) { return x + 1; }
#pragma omp declare target to(with_expr) indirect(sizeof(int) == 4)
#pragma omp begin declare target indirect
int in_block(int x) { return x + 2; }
#pragma omp end declare target
int plain(int x) { return x + 3; }
#pragma omp declare target to(plain)

int run(int n) {
  int (*fp)(int) = listed;
  int (*fps[2])(int) = {with_expr, in_block};
  int (*host_only)(int) = plain;
  int r = host_only(n);
#pragma omp target map(to : fp, fps) map(tofrom : r)
  r += fp(n) + fps[0](n) + fps[1](n) + plain(n);
  return r;
}

// A function only declared here may be indirect in the unit that defines it
// (test/exec/two-translation-units.c): not reported.
int elsewhere(int x);
int run_elsewhere(int n) {
  int (*fp)(int) = elsewhere;
  int r = 0;
#pragma omp target map(tofrom : r)
  r = fp(n);
  return r;
}
