/*===- FptrFormat.h - the device FPTR table's format, in one place --------===*
 *
 * A unit's device FPTR table (docs/format.md, section 2): a 16-byte header
 * and then 8 bytes a function, on every target. The pass writes it
 * (llvm-pass/src/DeviceEntryTable.cpp), the runtime reads it on the device
 * (runtime/indirect/FptrTable.c) and omp-indirect-dump reads it from files
 * (utils/dump/ElfTables.cpp); all three take the layouts, the sizes and the
 * digest from here. Plain C, so that C and C++ include it alike.
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_FPTRFORMAT_H
#define OMP_INDIRECT_FPTRFORMAT_H

#include <stdint.h>

/* The header's `layout`, "FPR1" and "FPA1" as little-endian bytes: entries
 * {int32 offset of the function from the entry, uint32 name hash} (x86_64),
 * or the functions' addresses (NVPTX, and an x86_64 unit that only declares
 * one of its functions). */
#define OMP_INDIRECT_FPTR_RELATIVE 0x31525046u
#define OMP_INDIRECT_FPTR_ABSOLUTE 0x31415046u

/* Bytes of the header and of one entry of either layout. */
#define OMP_INDIRECT_FPTR_HEADER_BYTES 16u
#define OMP_INDIRECT_FPTR_ENTRY_BYTES 8u

/* The header's `digest`: FNV-1a over the entries' 32-bit name hashes, in
 * order, one step a hash from the basis. */
#define OMP_INDIRECT_FPTR_DIGEST_BASIS 0xcbf29ce484222325ull
static inline uint64_t omp_indirect_fptr_digest_step(uint64_t D,
                                                     uint32_t Hash) {
  return (D ^ Hash) * 0x100000001b3ull;
}

#endif /* OMP_INDIRECT_FPTRFORMAT_H */
