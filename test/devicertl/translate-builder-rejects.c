// The builder accepts only what the device lookup relies on: rows sorted by
// host address as unsigned, no two with the same host address, none with
// host address 0; host code ranges sorted, disjoint (touching is fine),
// none empty, none at address 0. It refuses anything else (returns NULL),
// so the runtime stops with a message instead of uploading a table that
// would give wrong answers.
// RUN: %build-translate-test %s -o %t
// RUN: %t hash | FileCheck %s
// RUN: %t search | FileCheck %s

#include "driver.h"

#include <stdio.h>

static void try(const char *Label, const __omp_offloading_fptr_map_ty *Rows,
                uint64_t N) {
  printf("%s: %s\n", Label, set_table(Rows, N) ? "built" : "refused");
}

static void tryCode(const char *Label, const omp_indirect_code_range *Code,
                    uint64_t N) {
  __omp_offloading_fptr_map_ty Row = {0x1000, 1};
  omp_indirect_table_options Opts = {0};
  Opts.code_ranges = Code;
  Opts.num_code_ranges = N;
  printf("%s: %s\n", Label, set_table_with(&Row, 1, &Opts) ? "built" : "refused");
}

static void codeCases(void) {
  omp_indirect_code_range Touching[2] = {{0x1000, 0x2000}, {0x2000, 0x3000}};
  omp_indirect_code_range Overlapping[2] = {{0x1000, 0x2001}, {0x2000, 0x3000}};
  omp_indirect_code_range Unsorted[2] = {{0x4000, 0x5000}, {0x1000, 0x2000}};
  omp_indirect_code_range Empty[1] = {{0x1000, 0x1000}};
  omp_indirect_code_range AtZero[1] = {{0, 0x1000}};
  tryCode("code ranges touching", Touching, 2);
  tryCode("code ranges overlapping", Overlapping, 2);
  tryCode("code ranges unsorted", Unsorted, 2);
  tryCode("code range empty", Empty, 1);
  tryCode("code range at 0", AtZero, 1);
}

void run_cases(void) {
  __omp_offloading_fptr_map_ty Sorted[3] = {
      {0x1000, 1}, {0x2000, 2}, {(int64_t)0x8000000000000000ULL, 3}};
  __omp_offloading_fptr_map_ty Unsorted[3] = {
      {0x2000, 1}, {0x1000, 2}, {0x3000, 3}};
  __omp_offloading_fptr_map_ty SignedOrder[2] = {
      {(int64_t)0x8000000000000000ULL, 1}, {0x1000, 2}};
  __omp_offloading_fptr_map_ty Repeated[3] = {
      {0x1000, 1}, {0x2000, 2}, {0x2000, 2}};
  __omp_offloading_fptr_map_ty ZeroKey[2] = {{0, 1}, {0x1000, 2}};
  try("sorted", Sorted, 3);
  try("unsorted", Unsorted, 3);
  try("sorted as signed", SignedOrder, 2);
  try("repeated key", Repeated, 3);
  try("zero key", ZeroKey, 2);
  lookup("after a refusal, no table", 0x1000, 0x1000);
  codeCases();
}

// CHECK:      sorted: built
// CHECK-NEXT: unsorted: refused
// CHECK-NEXT: sorted as signed: refused
// CHECK-NEXT: repeated key: refused
// CHECK-NEXT: zero key: refused
// CHECK-NEXT: after a refusal, no table: 0x1000 -> 0x1000{{$}}
// CHECK-NEXT: code ranges touching: built
// CHECK-NEXT: code ranges overlapping: refused
// CHECK-NEXT: code ranges unsorted: refused
// CHECK-NEXT: code range empty: refused
// CHECK-NEXT: code range at 0: refused
// CHECK-NEXT: failures: 0
