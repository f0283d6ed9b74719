// Extra::extra for loud-stop-virtual-derived-outside.cpp: host code only
// (no `declare target`, and no device code here calls it).
#include "loud-stop-virtual-derived-outside.h"

int Extra::extra() const {
  dev += 100;
  return 3;
}
