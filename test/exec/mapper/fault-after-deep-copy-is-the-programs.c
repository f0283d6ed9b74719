// The runtime catches faults in its own copy loop only (the fault guard,
// bad-unreadable-pointee.c): a program whose own code faults after a deep
// copy dies as it did before, on the main thread or another one (of its
// SIGSEGV, or under the sanitizers with their report), and the program's
// own SIGSEGV handler runs for its own faults, installed before the first
// deep copy (the runtime's handler passes the fault on) or after it (it
// replaces the runtime's).
// RUN: %wclang %host-offload -O1 %s -o %t -lpthread
// RUN: %if sanitize %{ not %} %else %{ not --crash %} %t main 2> %t.err
// RUN: FileCheck %s --check-prefix=DIES --input-file %t.err
// RUN: %if sanitize %{ not %} %else %{ not --crash %} %t thread 2> %t.err
// RUN: FileCheck %s --check-prefix=DIES --input-file %t.err
// RUN: not %t before | FileCheck %s --check-prefix=OWN
// RUN: not %t after | FileCheck %s --check-prefix=OWN
// DIES-NOT: omp-indirect:
// DIES: deep copy: 0 wrong
// DIES-NOT: omp-indirect:
// OWN: deep copy: 0 wrong
// OWN-NEXT: own handler: SIGSEGV at 0x8
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static void own(int Sig, siginfo_t *Info, void *Ctx) {
  (void)Ctx;
  printf("own handler: %s at %p\n", Sig == SIGSEGV ? "SIGSEGV" : "?",
         Info->si_addr);
  fflush(stdout);
  _exit(3);
}

static void install(void) {
  struct sigaction A;
  memset(&A, 0, sizeof A);
  A.sa_sigaction = own;
  A.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &A, NULL);
}

static void *fault(void *Arg) {
  (void)Arg;
  *(volatile int *)0x8 = 1;
  return NULL;
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "main";
  if (!strcmp(Mode, "before"))
    install();
  enum { N = 100 };
  S *p = malloc(N * sizeof *p);
  for (int i = 0; i < N; ++i) {
    p[i].len = 2;
    p[i].d = calloc(2, sizeof(int));
  }
#pragma omp target map(tofrom : p[0 : N])
  for (int i = 0; i < N; ++i)
    p[i].d[1] = i;
  int Bad = 0;
  for (int i = 0; i < N; ++i)
    Bad += p[i].d[1] != i;
  printf("deep copy: %d wrong\n", Bad);
  fflush(stdout);
  fprintf(stderr, "deep copy: %d wrong\n", Bad);
  if (!strcmp(Mode, "after"))
    install();
  if (!strcmp(Mode, "thread")) {
    pthread_t T;
    pthread_create(&T, NULL, fault, NULL);
    pthread_join(T, NULL);
  } else {
    fault(NULL);
  }
  return 0;
}
