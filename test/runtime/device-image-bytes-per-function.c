// What each indirect function adds to the program's device image, in bytes:
// the same 2,048 indirect functions (their addresses taken in device code, so
// both images hold them) built with the plugin and with stock clang of the
// same release and flags, their device images' sizes taken from
// omp-indirect-dump, the difference divided by 512. The device table's
// 16-byte entry and its relocation (24 bytes, R_X86_64_RELATIVE) make 40,
// and what the plugin adds once (the lookup, the table pointer: about 600
// bytes) about 1 more; a bound of 48 fails if the names (or the 32-byte
// host layout) come back into the device image: they made about 88
// (docs/format.md, section 2). clang-19 and 22's own entries for indirect
// functions are in both images, but the plugin gives their device globals
// the unit's identifier (docs/format.md, section 2), which lengthens their
// symbols: there ours measured 102, and the bound is 120 (the names would
// add 48 again). 2,048 functions, not 512: the images' sections are page
// aligned, and with 512 one page more or less moved the figure by 8 bytes
// (LLVM 22 measured 102 in one tree and 121 in another; at 2,048, 103 and
// LLVM 16 40.3).
// RUN: %wclang %host-offload -O1 -DMANY_FUNCTIONS=2048 %s -o %t.ours
// RUN: %clang %host-offload -fopenmp-version=51 -O1 -DMANY_FUNCTIONS=2048 %s \
// RUN:   -o %t.stock
// RUN: %dump --json %t.ours > %t.ours.json
// RUN: %dump --json %t.stock > %t.stock.json
// RUN: python3 -c "import json,sys; \
// RUN:   s = [json.load(open(f))['images'][0]['size'] for f in sys.argv[1:3]]; \
// RUN:   b = (s[0] - s[1]) / 2048; m = 48 if sys.argv[3] == 'LLVM16' else 120; \
// RUN:   print('bytes per indirect function:', 'within' if b <= m else b)" \
// RUN:   %t.ours.json %t.stock.json %llvm-prefix | FileCheck %s
// CHECK: bytes per indirect function: within
#include "Inputs/many-functions.h"

int main(void) { return callAll() != 0; }
