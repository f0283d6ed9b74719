/*===- MapperStack.c - run a mapper function on a stack sized to its work -===*
 *
 * MapperStack.h says why. The call runs on the same thread (the collector
 * is thread-local, and so is the program's state the mapper function may
 * read), switched to with swapcontext: two switches per large item. The
 * stack is reserved with MAP_NORESERVE, so only the pages the mapper
 * function touches cost memory, with a guard page below it; it is unmapped
 * after the call.
 *
 *===----------------------------------------------------------------------===*/
#include "MapperStack.h"

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
  char *Map = mmap(NULL, Bytes + Page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                   -1, 0);
  if (Map == MAP_FAILED) {
    fprintf(stderr, "omp-indirect: cannot reserve a stack of %zu bytes for "
                    "a mapper function\n", Bytes);
    return 1;
  }
  mprotect(Map, Page, PROT_NONE); /* The guard below the stack. */
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
    munmap(Map, Bytes + Page);
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
  munmap(Map, Bytes + Page);
  if (Rc) {
    fprintf(stderr, "omp-indirect: cannot switch to a mapper stack\n");
    return 1;
  }
  return 0;
}
