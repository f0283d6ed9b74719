// What each indirect function adds to the program's device image, in bytes:
// the same 2,048 indirect functions (their addresses taken in device code, so
// both images hold them) built with the plugin and with stock clang of the
// same release and flags, their device images' sizes taken from
// omp-indirect-dump, the difference divided by 2,048. The device table's
// 8-byte entry, an offset with no relocation (docs/format.md, section 2),
// and what the plugin adds once (the lookup, the table pointer: about 600
// bytes) make about 8.3 with LLVM 16; a bound of 12 fails if an address
// and its relocation (24 bytes, R_X86_64_RELATIVE) come back: the 16-byte
// entries with one made 40, and with the names about 88. clang-19 and 22's
// own entries for indirect functions are in both images, but the plugin
// gives their device globals the unit's identifier (docs/format.md,
// section 2), which lengthens their symbols: there ours measured 66 (19)
// and 73 (22), 102 and 103 before the offsets, and the bound is 90. 2,048
// functions, not 512: the images' sections are page aligned, and with 512
// one page more or less moved the figure by 8 bytes.
// RUN: %wclang %host-offload -O1 -DMANY_FUNCTIONS=2048 %s -o %t.ours
// RUN: %clang %host-offload -fopenmp-version=51 -O1 -DMANY_FUNCTIONS=2048 %s \
// RUN:   -o %t.stock
// RUN: %dump --json %t.ours > %t.ours.json
// RUN: %dump --json %t.stock > %t.stock.json
// RUN: python3 -c "import json,sys; \
// RUN:   s = [json.load(open(f))['images'][0]['size'] for f in sys.argv[1:3]]; \
// RUN:   b = (s[0] - s[1]) / 2048; m = 12 if sys.argv[3] == 'LLVM16' else 90; \
// RUN:   print('bytes per indirect function:', 'within' if b <= m else b)" \
// RUN:   %t.ours.json %t.stock.json %llvm-prefix | FileCheck %s
// CHECK: bytes per indirect function: within
#include "Inputs/many-functions.h"

int main(void) { return callAll() != 0; }
