// A strided section in `target update` is an error: clang moves it as one
// contiguous range (stock clang-16 and -19 print `100 101 102 103 4 5 6 7`
// for the program below instead of `100 1 102 3 104 5 106 7`), overwriting
// the elements the stride skips. The stride 1, written or not, passes.
// RUN: %clang -fopenmp -fopenmp-version=51 -fopenmp-targets=x86_64-pc-linux-gnu \
// RUN:   -fplugin=%plugin -fsyntax-only -Xclang -verify %s

enum { LEN = 8 };
typedef struct {
  int len;
  int *data;
} T;
#pragma omp declare mapper(T v) map(v, v.data[0 : v.len])

void f(T s, int a[LEN][LEN], int k) {
#pragma omp target data map(tofrom : s)
  {
    // expected-error@+1 {{strided array section in 'to' of 'target update': clang}}
#pragma omp target update to(s.data[0 : s.len / 2 : 2])
    // expected-error@+1 {{strided array section in 'from' of 'target update'}}
#pragma omp target update from(s.data[1 : 2 : k])
#pragma omp target update to(s.data[0 : s.len : 1])
#pragma omp target update from(s.data[0 : 2])
  }
  // expected-error@+1 {{strided array section in 'to' of 'target update'}}
#pragma omp target update to(a[0 : 2][0 : 4 : 2])
}
