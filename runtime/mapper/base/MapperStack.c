/*===- base/MapperStack.c - a mapper function on a stack sized to its work -===*
 *
 * MapperStack.h says why. The call runs on the same thread (the collector
 * is thread-local, and so is the program's state the mapper function may
 * read), switched to with swapcontext: two switches per large item. The
 * stack is reserved with MAP_NORESERVE, so only the pages the mapper
 * function touches cost memory, with a guard page below it, and kept out
 * of transparent huge pages on every policy (Populate.h says why); the
 * top of a kept one is populated before the call. The
 * thread keeps it for its next large item (a loop of constructs over the
 * same records then touches fresh stack pages once: zeroing them was a
 * tenth of an expansion of 10^6 records), and unmaps it when it needs a
 * larger one and when the thread exits; a stack above 256 MiB is unmapped
 * after its call.
 *
 * Between its calls the kept stack lends its memory to the construct's
 * transient host buffers (MapperStack.h), from its top down, where the
 * last large expansion touched its pages: a program's first construct
 * then writes its host images into pages it faulted in already instead of
 * fresh ones. While anything is lent the stack counts as in use, so a
 * mapper call in between gets a stack of its own.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "MapperStack.h"
#include "Populate.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

/* Items up to this size run on the caller's stack: flang's mapper function
   then needs at most about this much of it. */
#define SMALL_ITEM (4u << 20)

typedef struct call {
  omp_indirect_mapper_fn Fn;
  void *Handle, *Base, *Begin, *Name;
  int64_t Size, Type;
  ucontext_t Caller, Callee;
} call;

/* makecontext passes int arguments only: the call's address in two. */
static void trampoline(unsigned Hi, unsigned Lo) {
  call *C = (call *)(((uintptr_t)Hi << 32) | (uintptr_t)Lo);
  C->Fn(C->Handle, C->Base, C->Begin, C->Size, C->Type, C->Name);
  /* Returns to C->Caller through uc_link. */
}

/* The threshold, read from the environment once; threads that race here
   compute the same value. */
static size_t smallItem(void) {
  static size_t Small;
  size_t V = __atomic_load_n(&Small, __ATOMIC_RELAXED);
  if (!V) {
    const char *E = getenv("OMP_INDIRECT_MAPPER_STACK_MIN");
    V = E && *E ? (size_t)strtoull(E, NULL, 0) : SMALL_ITEM;
    if (!V)
      V = 1;
    __atomic_store_n(&Small, V, __ATOMIC_RELAXED);
  }
  return V;
}

/* The thread's kept stack (guard page included), and whether a call runs
   on it. */
typedef struct kept {
  char *Map;
  size_t Bytes;
  int InUse;
  size_t Guard;  /* The guard page's size, at Map. */
  size_t Lent;   /* Bytes lent, from the top down. */
  int64_t Loans; /* Loans not given back yet. */
} kept;
static _Thread_local kept Kept;
static pthread_key_t KeptKey;
static pthread_once_t KeptOnce = PTHREAD_ONCE_INIT;

static void unmapKept(void *P) {
  kept *K = P;
  if (K->Map)
    munmap(K->Map, K->Bytes);
  K->Map = NULL;
  K->Bytes = 0;
}

static void makeKey(void) { pthread_key_create(&KeptKey, unmapKept); }

/* The largest stack a thread keeps: its touched pages stay resident until
   the thread ends, so one of 10^7 flang records (about 460 MB touched) is
   unmapped after its call, and a program of many threads keeps at most
   about twice this much each (the room it lends, below). */
enum { KEEP_MAX = 256u << 20 };

/* A stack of at least Bytes + Page bytes, its lowest page the guard: the
   thread's kept one, or a new one that it keeps from now on (up to
   KEEP_MAX). A kept one is reserved at twice that, so that the construct's
   buffers, lent from its top (omp_indirect_mapper_stack_lend), find room
   for its host images too (a C struct array's pointees can take twice the
   array's bytes); the call gets its top Bytes + Page. NULL when none can
   be mapped. */
static char *takeStack(size_t Bytes, size_t Page) {
  if (Kept.Map && !Kept.InUse && Kept.Bytes >= Bytes + Page) {
    Kept.InUse = 1;
    return Kept.Map + Kept.Bytes - (Bytes + Page);
  }
  int Keep = !Kept.InUse && Bytes + Page <= KEEP_MAX;
  size_t Len = Keep ? 2 * Bytes + Page : Bytes + Page;
  char *Map = mmap(NULL, Len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                   -1, 0);
  if (Map == MAP_FAILED)
    return NULL;
  mprotect(Map, Page, PROT_NONE); /* The guard below the stack. */
  /* 4 KiB pages whatever the machine's policy (Populate.h). */
  omp_indirect_no_huge_pages(Map + Page, Len - Page);
  if (Keep) {
    pthread_once(&KeptOnce, makeKey);
    unmapKept(&Kept);
    Kept = (kept){Map, Len, 1, Page, 0, 0};
    pthread_setspecific(KeptKey, &Kept);
  }
  return Map + Len - (Bytes + Page);
}

/* Gives back a stack from takeStack. */
static void giveStack(char *Map, size_t Bytes, size_t Page) {
  if (Kept.InUse && Map >= Kept.Map && Map < Kept.Map + Kept.Bytes)
    Kept.InUse = 0;
  else
    munmap(Map, Bytes + Page);
}

int omp_indirect_call_mapper(omp_indirect_mapper_fn Fn, void *Handle,
                             void *Base, void *Begin, int64_t Size,
                             int64_t Type, void *Name) {
  if (Size <= 0 || (uint64_t)Size < smallItem()) {
    Fn(Handle, Base, Begin, Size, Type, Name);
    return 0;
  }
  size_t Page = (size_t)sysconf(_SC_PAGESIZE);
  size_t Bytes = 2 * (size_t)Size + (1u << 20);
  Bytes = (Bytes + Page - 1) / Page * Page;
  char *Map = takeStack(Bytes, Page);
  if (!Map) {
    fprintf(stderr, "omp-indirect: cannot reserve a stack of %zu bytes for "
                    "a mapper function\n", Bytes);
    return 1;
  }
  /* The top Size bytes of a kept stack are written whole: by flang's
     function (its descriptors per record take about the item's bytes),
     or else by the construct's images, lent from there after the call
     (a new item's image alone takes Size). */
  if (Kept.InUse && Map == Kept.Map + Kept.Bytes - (Bytes + Page))
    omp_indirect_populate(Kept.Map + Kept.Bytes - (size_t)Size, (size_t)Size);
  call C;
  memset(&C, 0, sizeof C);
  C.Fn = Fn;
  C.Handle = Handle;
  C.Base = Base;
  C.Begin = Begin;
  C.Name = Name;
  C.Size = Size;
  C.Type = Type;
  if (getcontext(&C.Callee)) {
    giveStack(Map, Bytes, Page);
    fprintf(stderr, "omp-indirect: cannot switch to a mapper stack\n");
    return 1;
  }
  C.Callee.uc_stack.ss_sp = Map + Page;
  C.Callee.uc_stack.ss_size = Bytes;
  C.Callee.uc_link = &C.Caller;
  uintptr_t P = (uintptr_t)&C;
  makecontext(&C.Callee, (void (*)(void))trampoline, 2,
              (unsigned)(P >> 32), (unsigned)P);
  int Rc = swapcontext(&C.Caller, &C.Callee);
  giveStack(Map, Bytes, Page);
  if (Rc) {
    fprintf(stderr, "omp-indirect: cannot switch to a mapper stack\n");
    return 1;
  }
  return 0;
}

static _Thread_local uint64_t LentBytes;

uint64_t omp_indirect_mapper_stack_lent(void) { return LentBytes; }

void *omp_indirect_mapper_stack_lend(size_t N) {
  if (!Kept.Map || (Kept.InUse && !Kept.Loans))
    return NULL;
  size_t A = (N + 63) & ~(size_t)63;
  if (A < N || A > Kept.Bytes - Kept.Guard - Kept.Lent)
    return NULL;
  Kept.Lent += A;
  LentBytes += A;
  ++Kept.Loans;
  Kept.InUse = 1;
  return Kept.Map + Kept.Bytes - Kept.Lent;
}

int omp_indirect_mapper_stack_unlend(void *P) {
  char *C = P;
  if (!Kept.Loans || C < Kept.Map || C >= Kept.Map + Kept.Bytes)
    return 0;
  if (--Kept.Loans == 0) {
    Kept.Lent = 0;
    Kept.InUse = 0;
  }
  return 1;
}
