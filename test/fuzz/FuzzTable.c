/*===- FuzzTable.c - libFuzzer target: image registry, table merge, lookup -===*
 *
 * Each input is a scenario: up to 6 images, each with up to 16 FPTR entries
 * over 32 host functions, registered, some closed (unregistered) and opened
 * again, in the order the input says. For every host function the input also
 * says which image defines it (its host address lies in that image) and
 * whether images share one device copy. The registry is snapshotted, the
 * pairs merged (TableMerge.c), and every answer is checked against a plain
 * reference: the merge fails exactly when the reference finds no single
 * answer, and otherwise the device lookup (devicertl/src/Translate.c, as host
 * code) on the table block (runtime/indirect/DeviceTable.c), with hash slots and
 * with the binary search, gives the expected device address for every
 * registered function and returns every other pointer unchanged.
 *
 * USAGE: make fuzz    (build/test/fuzz/fuzz-table -runs=1000000)
 *
 *===----------------------------------------------------------------------===*/
#include "DeviceTable.h"
#include "ImageRegistry.h"
#include "TableMerge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The device lookup and its global (Translate.c compiled as host code). */
extern const __omp_offloading_fptr_table_ty *__omp_offloading_fptr_map_p;
void *__kmpc_target_translate_fptr(void *FnPtr);

enum { MaxImages = 6, MaxEntries = 16, NumFns = 32 };

typedef struct scenario {
  unsigned num_images;
  unsigned owner[NumFns];        /* Image whose range holds function k. */
  unsigned char shared[NumFns];  /* All images share one device copy. */
  unsigned num_entries[MaxImages];
  unsigned fn[MaxImages][MaxEntries];
  unsigned char open[MaxImages]; /* Registered at the end. */
  omp_indirect_entry entries[MaxImages][MaxEntries];
  omp_indirect_image_desc desc[MaxImages];
} scenario;

static uint64_t rangeBase(unsigned Image) { return 0x100000ull * (Image + 1); }
static uint64_t hostAddr(const scenario *S, unsigned K) {
  return rangeBase(S->owner[K]) + 16ull * K;
}
static uint64_t devAddr(const scenario *S, unsigned Image, unsigned K) {
  return S->shared[K] ? 0xD0000000ull + 16ull * K
                      : 0xE0000000ull + 0x10000ull * Image + 16ull * K;
}

/* What an image's destructor does to the registry (the rest of
   ImageClose.c talks to libomptarget). */
static void closeImage(const omp_indirect_image_desc *Desc) {
  uintptr_t Ranges[8][2];
  unsigned NumRanges;
  omp_indirect_registry_remove(Desc, Ranges, &NumRanges);
}

typedef struct reader {
  const uint8_t *data;
  size_t size, at;
} reader;
static unsigned next(reader *R, unsigned Bound) {
  unsigned V = R->at < R->size ? R->data[R->at++] : 0;
  return Bound ? V % Bound : V;
}

/* The reference: the device address of function K, 0 when no image has it,
   or 1 when there is no single answer. */
static uint64_t expected(const scenario *S, unsigned K) {
  uint64_t Any = 0, Owner = 0;
  int Agree = 1;
  for (unsigned I = 0; I < S->num_images; ++I) {
    if (!S->open[I])
      continue;
    for (unsigned E = 0; E < S->num_entries[I]; ++E) {
      if (S->fn[I][E] != K)
        continue;
      uint64_t D = devAddr(S, I, K);
      Agree &= !Any || Any == D;
      Any = Any ? Any : D;
      if (S->owner[K] == I)
        Owner = D;
    }
  }
  return Agree ? Any : Owner ? Owner : 1;
}

static void check(int Ok, const char *What, unsigned K) {
  if (Ok)
    return;
  fprintf(stderr, "fuzz-table: %s (function %u)\n", What, K);
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static scenario S;
  memset(&S, 0, sizeof S);
  reader R = {Data, Size, 0};
  S.num_images = 1 + next(&R, MaxImages);
  for (unsigned K = 0; K < NumFns; ++K) {
    unsigned V = next(&R, 0);
    S.owner[K] = V % S.num_images;
    S.shared[K] = (V >> 6) & 1;
  }
  for (unsigned I = 0; I < S.num_images; ++I) {
    S.num_entries[I] = next(&R, MaxEntries + 1);
    for (unsigned E = 0; E < S.num_entries[I]; ++E) {
      unsigned K = next(&R, NumFns);
      S.fn[I][E] = K;
      S.entries[I][E] = (omp_indirect_entry){(void *)(uintptr_t)hostAddr(&S, K),
                                             "f", 0, OMP_DECLARE_TARGET_FPTR,
                                             (int32_t)K};
    }
    S.desc[I] = (omp_indirect_image_desc){
        OMP_INDIRECT_IMAGE_DESC_VERSION, 0,
        S.num_entries[I] ? S.entries[I] : NULL,
        S.num_entries[I] ? S.entries[I] + S.num_entries[I] : NULL, NULL};
  }
  /* Open, close and reopen images in the order the input gives. */
  for (unsigned Op = next(&R, 24); Op; --Op) {
    unsigned I = next(&R, S.num_images);
    if (S.open[I])
      closeImage(&S.desc[I]);
    else
      __omp_indirect_register_image(&S.desc[I]);
    S.open[I] ^= 1;
  }

  omp_indirect_image *Images;
  size_t N;
  uint64_t Gen;
  check(!omp_indirect_registry_snapshot(&Images, &N, &Gen), "snapshot", 0);
  unsigned Open = 0;
  size_t NumPairs = 0;
  for (unsigned I = 0; I < S.num_images; ++I)
    Open += S.open[I];
  check(N == Open, "registry holds the open images", N);
  omp_indirect_pair Pairs[MaxImages * MaxEntries];
  for (size_t J = 0; J < N; ++J) {
    unsigned I = (unsigned)(Images[J].desc - S.desc);
    check(I < S.num_images && S.open[I], "snapshot of an open image", I);
    Images[J].ranges[0][0] = rangeBase(I);
    Images[J].ranges[0][1] = rangeBase(I) + 0x100000;
    Images[J].num_ranges = 1;
    check(Images[J].num_entries == S.num_entries[I], "entries copied", I);
    for (size_t E = 0; E < Images[J].num_entries; ++E) {
      /* An unpaired pair: the name hash in the low half of tgt. */
      unsigned K = (uint32_t)Images[J].entries[E].tgt;
      check(Images[J].entries[E].image == J, "entry's image index", J);
      Pairs[NumPairs++] = (omp_indirect_pair){
          Images[J].entries[E].host, devAddr(&S, I, K), J, "f"};
    }
  }
  __omp_offloading_fptr_map_ty Map[MaxImages * MaxEntries];
  uint64_t Len = 0;
  int Failed = omp_indirect_merge_pairs(0, Images, Pairs, NumPairs, Map, &Len);
  int WantFail = 0;
  for (unsigned K = 0; K < NumFns; ++K)
    WantFail |= expected(&S, K) == 1;
  check(Failed == WantFail, "merge fails exactly when no single answer", 0);
  /* The table block (DeviceTable.c), with hash slots and without. */
  for (int Lookup = 0; !Failed && Lookup < 2; ++Lookup) {
    omp_indirect_table_options Opts = {
        Lookup ? OMP_INDIRECT_LOOKUP_SEARCH : OMP_INDIRECT_LOOKUP_HASH, 0, 0};
    size_t Bytes;
    void *Block = omp_indirect_device_table_build_with(Map, Len, &Bytes, &Opts);
    check(Block != NULL, "table block built", 0);
    /* Built over the rows themselves (Launch.c's way): the same block, and
       the host-side find agrees with the device lookup below. */
    size_t Room = omp_indirect_device_table_bytes(Len, 0, Opts.lookup);
    char *InPlace = malloc(Room);
    check(InPlace != NULL && Room >= Bytes, "room for the block", 0);
    memset(InPlace, 0xA5, Room); /* Scratch and slots start dirty. */
    memcpy(InPlace, Map, Len * sizeof *Map);
    size_t InBytes = 0;
    check(!omp_indirect_device_table_build_in(InPlace, Len, &InBytes, &Opts),
          "block built in place", 0);
    check(InBytes == Bytes && !memcmp(InPlace, Block, Bytes),
          "the same block in place", 0);
    __omp_offloading_fptr_map_p = Block;
    for (unsigned K = 0; K < NumFns; ++K) {
      uint64_t Want = expected(&S, K), Key = hostAddr(&S, K);
      uint64_t Got = (uint64_t)(uintptr_t)__kmpc_target_translate_fptr(
          (void *)(uintptr_t)Key);
      check(Got == (Want ? Want : Key), "lookup of a host function", K);
      const __omp_offloading_fptr_map_ty *Found = omp_indirect_block_find(
          (const __omp_offloading_fptr_table_ty *)InPlace, Key);
      check(Want ? Found && (uint64_t)Found->tgt_ptr == Want : !Found,
            "host-side find in the block", K);
      uint64_t Other = Key + 8; /* Never a registered address. */
      check((uint64_t)(uintptr_t)__kmpc_target_translate_fptr(
                (void *)(uintptr_t)Other) == Other,
            "lookup of another pointer", K);
    }
    check(__kmpc_target_translate_fptr(NULL) == NULL, "NULL", 0);
    __omp_offloading_fptr_map_p = NULL;
    free(Block);
    free(InPlace);
  }
  omp_indirect_registry_free(Images, N);
  /* Close everything: the next input starts from an empty registry. */
  for (unsigned I = 0; I < S.num_images; ++I)
    if (S.open[I])
      closeImage(&S.desc[I]);
  check(omp_indirect_registered_images() == 0, "registry empty", 0);
  return 0;
}
