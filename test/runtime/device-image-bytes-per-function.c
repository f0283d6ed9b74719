// What each indirect function adds to the program's device image, in bytes:
// the same 512 functions built with the plugin twice, indirect and not
// (their addresses taken in device code either way, so both images hold
// the functions), their device images' sizes taken from omp-indirect-dump,
// the difference divided by 512. The device table's 16-byte entry and its
// relocation (24 bytes, R_X86_64_RELATIVE) make 40; a bound of 48 leaves
// room for alignment and the per-unit table symbol, and fails if the names
// (or the 32-byte host layout) come back into the device image: they made
// about 90 (docs/format.md, section 2).
// RUN: %wclang %host-offload -O1 %s -o %t.indirect
// RUN: %wclang %host-offload -O1 -DPLAIN %s -o %t.plain
// RUN: %dump --json %t.indirect > %t.indirect.json
// RUN: %dump --json %t.plain > %t.plain.json
// RUN: python3 -c "import json,sys; \
// RUN:   s = [json.load(open(f))['images'][0]['size'] for f in sys.argv[1:3]]; \
// RUN:   b = (s[0] - s[1]) / 512; \
// RUN:   print('bytes per indirect function:', 'at most 48' if b <= 48 else b)" \
// RUN:   %t.indirect.json %t.plain.json | FileCheck %s
// CHECK: bytes per indirect function: at most 48
#include "Inputs/many-functions.h"

int main(void) { return callAll() != 0; }
