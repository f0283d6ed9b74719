// Built with stock clang (no plugin): plain constructs on a pointee that
// main.c's mapper made present.
#include <omp.h>

typedef struct {
  int len;
  int *d;
} S;

int stock_is_present(S *s) {
  return omp_target_is_present(s->d, omp_get_default_device());
}

void stock_update_from(S *s) {
#pragma omp target update from(s->d[0 : s->len])
}

// Deletes the pointee and says whether it is still present.
int stock_delete(S *s) {
#pragma omp target exit data map(delete : s->d[0 : s->len])
  return omp_target_is_present(s->d, omp_get_default_device());
}
