// A kernel's exit that takes its entry's block whole reads no pointee where
// the entry staged them all (runtime/mapper/place/PlaceOwned.c, placeHandedOver):
// the entry hands over the host values of the slots that do not hold their
// pointee's start, and before anything comes back the exit reads one byte
// of each page of the block's span instead of each pointee's pages. Three
// outcomes of that path:
//   offset - sections one element into their arrays (s.d[1:len-1]): each
//            slot gets the host value the entry read back; the span is swept.
//   hole   - the pointees lie in two mappings with an unmapped page between
//            them, inside the span: the sweep fails there, and the exit
//            reads each pointee's pages instead (no error: no pointee lies
//            in the hole).
//   gone   - another thread unmaps a pointee's page while the kernel runs
//            (the kernel waits for it through host memory: host offload
//            only): the sweep fails, the exit's reading of each pointee
//            stops the program with the element named, before anything
//            came back, and the host data is what it was.
// RUN: %wclang %host-offload -g -O2 %s -lpthread -o %t
// RUN: env OMP_INDIRECT_DEBUG=1 %t offset 2>&1 | FileCheck %s --check-prefix=OFFSET
// RUN: env OMP_INDIRECT_DEBUG=1 %t hole 2>&1 | FileCheck %s --check-prefix=HOLE
// RUN: %t gone 2>&1 | FileCheck %s --check-prefix=GONE
// OFFSET: mapper: the block of the entry's 1000 pointees goes whole, none looked up, none read: its span swept
// OFFSET: offset: 0 wrong
// HOLE: mapper: the block of the entry's 1000 pointees goes whole, none looked up{{$}}
// HOLE: hole: 0 wrong
// GONE: omp-indirect: target at {{.*}}kernel-exit-sweep.c:[[#]], map(tofrom: p[0:N]) with mapper 'default' for 'S': element 500: cannot write the section's data: 24 bytes at 0x{{[0-9a-f]+}} (its pointer at 0x{{[0-9a-f]+}}), address 0x{{[0-9a-f]+}} is not writable (SIGSEGV)
// GONE: child: signal Aborted
// GONE-NEXT: host data: unchanged
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 1000, LEN = 4, GONE = 500, PAGE = 4096 };

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[1 : s.len - 1])

static S *p;
static double **Orig; /* Each element's d as the program set it. */
static volatile int Stage;

static void *mapping(size_t Bytes) {
  void *M = mmap(NULL, Bytes, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (M == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  return M;
}

/* Every array in shared memory (the parent checks what the child left);
   `hole`: the first half below an unmapped page, the rest above it;
   `gone`: element GONE's array on a page of its own. */
static void fill(const char *Mode) {
  size_t Half = (N / 2 * LEN * sizeof(double) + PAGE - 1) / PAGE * PAGE;
  char *Arrays = mapping(2 * Half + PAGE);
  if (!strcmp(Mode, "hole") && munmap(Arrays + Half, PAGE)) {
    perror("munmap");
    exit(2);
  }
  p = mapping(N * sizeof(S));
  Orig = malloc(N * sizeof *Orig);
  for (int i = 0; i < N; i++) {
    size_t Row = LEN * sizeof(double);
    size_t At = i < N / 2 ? i * Row : Half + PAGE + (i - N / 2) * Row;
    p[i].len = LEN;
    p[i].d = (double *)(Arrays + At);
    if (i == GONE && !strcmp(Mode, "gone"))
      p[i].d = mapping(PAGE);
    Orig[i] = p[i].d;
    for (int j = 0; j < LEN; j++)
      p[i].d[j] = i + j;
  }
}

static void *unmapGone(void *Arg) {
  (void)Arg;
  while (Stage != 1)
    ;
  munmap(p[GONE].d, PAGE);
  Stage = 2;
  return NULL;
}

static void kernel(int Wait) {
  volatile int *stage = &Stage;
#pragma omp target map(tofrom : p[0 : N]) is_device_ptr(stage)
  {
    if (Wait) {
      *stage = 1;
      while (*stage != 2)
        ;
    }
    for (int i = 0; i < N; i++)
      for (int j = 1; j < p[i].len; j++)
        p[i].d[j] *= 2;
  }
}

/* Whether the host data is as fill() left it (but element GONE's). */
static int unchanged(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < LEN; j++)
      if (i != GONE && (p[i].d != Orig[i] || p[i].d[j] != i + j))
        return 0;
  return 1;
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "offset";
  fill(Mode);
  if (!strcmp(Mode, "gone")) {
    pid_t Pid = fork();
    if (Pid == 0) {
      pthread_t T;
      pthread_create(&T, NULL, unmapGone, NULL);
      kernel(1);
      _exit(0);
    }
    int Status;
    waitpid(Pid, &Status, 0);
    if (WIFSIGNALED(Status))
      printf("child: signal %s\n", strsignal(WTERMSIG(Status)));
    else
      printf("child: exit %d\n", WEXITSTATUS(Status));
    printf("host data: %s\n", unchanged() ? "unchanged" : "CHANGED");
    return !(unchanged() && WIFSIGNALED(Status) &&
             WTERMSIG(Status) == SIGABRT);
  }
  kernel(0);
  long Bad = 0;
  for (int i = 0; i < N; i++) {
    Bad += p[i].d != Orig[i];
    for (int j = 0; j < LEN; j++)
      Bad += p[i].d[j] != (j ? 2.0 : 1.0) * (i + j);
  }
  printf("%s: %ld wrong\n", Mode, Bad);
  return Bad != 0;
}
