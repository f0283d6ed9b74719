// Built with omp-indirect: maps s through its mapper, lets a kernel change
// the pointee, and asks the stock-built unit (stock.c) about it.
#include <stdio.h>

enum { LEN = 4 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int stock_is_present(S *s);
void stock_update_from(S *s);
int stock_delete(S *s);

int main(void) {
  int h[LEN] = {0, 1, 2, 3};
  S s = {LEN, h};
#pragma omp target enter data map(to : s)
  printf("present: %d\n", stock_is_present(&s));
  int *d = s.d;
#pragma omp target
  for (int i = 0; i < LEN; i++)
    d[i] += 10; // Device only until the update.
  printf("before update: %d %d\n", h[0], h[LEN - 1]);
  stock_update_from(&s);
  printf("after update: %d %d\n", h[0], h[LEN - 1]);
  printf("after delete: %d\n", stock_delete(&s));
#pragma omp target exit data map(release : s)
  return 0;
}
