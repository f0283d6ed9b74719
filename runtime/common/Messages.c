/*===- Messages.c - the runtime's error lines and debug switch ------------===*
 *
 * Every runtime error is one line on stderr naming the device; debug output
 * is on when OMP_INDIRECT_DEBUG is set to a non-zero value.
 *
 *===----------------------------------------------------------------------===*/
#include "OmpIndirectRT.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void omp_indirect_error(int DeviceId, const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  fprintf(stderr, "omp-indirect: device %d: ", DeviceId);
  vfprintf(stderr, Fmt, Ap);
  fputc('\n', stderr);
  va_end(Ap);
}

int omp_indirect_debug(void) {
  const char *V = getenv("OMP_INDIRECT_DEBUG");
  return V && *V && *V != '0';
}
