/*===- base/FaultGuard.c - a fault in the runtime's copy loop, caught ------===*
 *
 * See FaultGuard.h. One SA_SIGINFO handler for SIGSEGV and SIGBUS,
 * installed the first time a construct's transfers arm a guard, keeps the
 * actions it replaced. A synchronous fault (si_code > 0) on a thread whose
 * guard is inside a copy jumps back to that guard; anything else goes to
 * the previous action: its handler is called with its mask, and the
 * default or ignore action is put back, so that the faulting instruction,
 * run again, gets it (a signal sent with kill is raised again instead).
 * A program that installs its own handler after the first deep copy
 * replaces this one: its handler then sees every fault, the runtime's
 * included.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "FaultGuard.h"

#include <pthread.h>

static _Thread_local omp_indirect_guard *Current
    __attribute__((tls_model("initial-exec")));

static struct sigaction Previous[2]; /* SIGSEGV, SIGBUS. */
static pthread_once_t Once = PTHREAD_ONCE_INIT;

static struct sigaction *previousOf(int Sig) {
  return &Previous[Sig == SIGBUS];
}

static void passOn(int Sig, siginfo_t *Info, void *Ctx) {
  struct sigaction *P = previousOf(Sig);
  if ((P->sa_flags & SA_SIGINFO) ? P->sa_sigaction != NULL
                                 : (P->sa_handler != SIG_DFL &&
                                    P->sa_handler != SIG_IGN)) {
    sigset_t Saved;
    pthread_sigmask(SIG_BLOCK, &P->sa_mask, &Saved);
    if (P->sa_flags & SA_SIGINFO)
      P->sa_sigaction(Sig, Info, Ctx);
    else
      P->sa_handler(Sig);
    pthread_sigmask(SIG_SETMASK, &Saved, NULL);
    return;
  }
  if (P->sa_handler == SIG_IGN && Info->si_code <= 0)
    return; /* Sent, and ignored before. */
  /* The default action: put it back; a fault happens again on return, a
     sent signal is sent again (delivered once this handler returns). */
  struct sigaction Dfl;
  memset(&Dfl, 0, sizeof Dfl);
  Dfl.sa_handler = SIG_DFL;
  sigemptyset(&Dfl.sa_mask);
  sigaction(Sig, &Dfl, NULL);
  if (Info->si_code <= 0)
    raise(Sig);
}

static void onFault(int Sig, siginfo_t *Info, void *Ctx) {
  omp_indirect_guard *G = Current;
  if (G && G->On && Info->si_code > 0) {
    G->On = 0;
    G->Addr = (uintptr_t)Info->si_addr;
    G->Sig = Sig;
    siglongjmp(G->Env, 1);
  }
  passOn(Sig, Info, Ctx);
}

static void install(void) {
  struct sigaction A;
  memset(&A, 0, sizeof A);
  A.sa_sigaction = onFault;
  A.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&A.sa_mask);
  sigaction(SIGSEGV, &A, &Previous[0]);
  sigaction(SIGBUS, &A, &Previous[1]);
}

void omp_indirect_guard_arm(omp_indirect_guard *G) {
  pthread_once(&Once, install);
  G->On = 0;
  G->Writing = 0;
  G->Addr = 0;
  G->Sig = 0;
  Current = G;
}

void omp_indirect_guard_disarm(omp_indirect_guard *G) {
  if (Current == G)
    Current = NULL;
}

omp_indirect_guard *omp_indirect_guard_current(void) { return Current; }
