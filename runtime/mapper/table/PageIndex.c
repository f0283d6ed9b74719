/*===- table/PageIndex.c - which blocks of owned pointees cover a page -----===*
 *
 * PageIndex.h. (host page, block) pairs in one open-addressing hash table
 * with linear probing and backward-shift removal. A dense block (no more
 * pages in its span than pointees) names every page of its span without
 * reading its pointees; any other names the pages its small pointees cover,
 * read from its sorted entries.
 *
 *===----------------------------------------------------------------------===*/
#include "PageIndex.h"

#include <stdlib.h>

#define PAGE_SHIFT OMP_INDIRECT_PAGE_SHIFT

typedef struct page_slot {
  uintptr_t Page;
  omp_indirect_block *Block; /* NULL: empty. */
} page_slot;

static page_slot *Pages;
static size_t PageMask, PagesUsed;

static size_t pageHome(uintptr_t Page) {
  uint64_t H = (uint64_t)Page * 0x9e3779b97f4a7c15ULL;
  return (size_t)(H >> 20) & PageMask;
}

int omp_indirect_page_index_reserve(size_t More) {
  size_t Cap = Pages ? PageMask + 1 : 0, NewCap = Cap ? Cap : 256;
  while ((PagesUsed + More) * 2 > NewCap)
    NewCap *= 2;
  if (NewCap == Cap)
    return 0;
  page_slot *Old = Pages, *New = calloc(NewCap, sizeof *New);
  if (!New)
    return 1;
  Pages = New;
  PageMask = NewCap - 1;
  for (size_t I = 0; I < Cap; ++I)
    if (Old[I].Block) {
      size_t J = pageHome(Old[I].Page);
      while (Pages[J].Block)
        J = (J + 1) & PageMask;
      Pages[J] = Old[I];
    }
  free(Old);
  return 0;
}

static void addPage(uintptr_t Page, omp_indirect_block *B) {
  size_t J = pageHome(Page);
  while (Pages[J].Block)
    J = (J + 1) & PageMask;
  Pages[J] = (page_slot){Page, B};
  ++PagesUsed;
}

static void removePage(uintptr_t Page, omp_indirect_block *B) {
  size_t I = pageHome(Page);
  while (Pages[I].Block && !(Pages[I].Page == Page && Pages[I].Block == B))
    I = (I + 1) & PageMask;
  if (!Pages[I].Block)
    return;
  for (size_t J = (I + 1) & PageMask; Pages[J].Block; J = (J + 1) & PageMask) {
    size_t Home = pageHome(Pages[J].Page);
    if (((J - Home) & PageMask) >= ((J - I) & PageMask)) {
      Pages[I] = Pages[J];
      I = J;
    }
  }
  Pages[I].Block = NULL;
  --PagesUsed;
}

/* Calls Fn(Page, B) once for each page of B in the page index: every page
   of a dense block's span, or each page the small pointees of B cover, in
   order (the entries are sorted, so a page repeats only next to itself). */
static void forEachPage(omp_indirect_block *B,
                        void (*Fn)(uintptr_t Page, omp_indirect_block *B)) {
  if (B->Dense) {
    uintptr_t First = B->SpanLo >> PAGE_SHIFT;
    for (uintptr_t Page = First; Page <= (B->SpanHi - 1) >> PAGE_SHIFT; ++Page)
      Fn(Page, B);
    return;
  }
  uintptr_t Next = 0;
  int Any = 0;
  for (int64_t I = 0; I < B->N; ++I) {
    const omp_indirect_owned *E = &B->E[I];
    if (omp_indirect_pages_big(E->Lo, E->Size))
      continue;
    uintptr_t First = E->Lo >> PAGE_SHIFT;
    uintptr_t Last = (E->Lo + E->Size - 1) >> PAGE_SHIFT;
    for (uintptr_t Page = Any && First < Next ? Next : First; Page <= Last;
         ++Page)
      Fn(Page, B);
    if (!Any || Last + 1 > Next)
      Next = Last + 1;
    Any = 1;
  }
}

int omp_indirect_page_index_ready(void) { return Pages != NULL; }

void omp_indirect_page_index_add(omp_indirect_block *B) {
  forEachPage(B, addPage);
}

void omp_indirect_page_index_remove(omp_indirect_block *B) {
  forEachPage(B, removePage);
}

int omp_indirect_page_index_visit(int Device, uintptr_t First, uintptr_t Last,
                                  int (*Fn)(omp_indirect_block *B, void *Ctx),
                                  void *Ctx) {
  /* A block is visited once: through the first page that names it. */
  for (uintptr_t Page = First; Page <= Last; ++Page)
    for (size_t J = pageHome(Page); Pages[J].Block; J = (J + 1) & PageMask) {
      omp_indirect_block *B = Pages[J].Block;
      if (Pages[J].Page != Page || B->Device != Device || B->Big)
        continue;
      int Seen = 0;
      for (uintptr_t Q = First; Q < Page && !Seen; ++Q)
        for (size_t K = pageHome(Q); Pages[K].Block && !Seen;
             K = (K + 1) & PageMask)
          Seen = Pages[K].Page == Q && Pages[K].Block == B;
      if (Seen)
        continue;
      int R = Fn(B, Ctx);
      if (R)
        return R;
    }
  return 0;
}
