// The driver of the bad-*.c tests: 1000 structs mapped through
// `declare mapper(S s) map(s, s.d[0:s.len])`, element 500 made bad by the
// test's BREAK(s) just before one construct (argv[1]):
//   target  target map(tofrom: p[0:N]) around a kernel;
//   enter   target enter data map(to: p[0:N]);
//   update  enter data, a kernel that changes every value on the device,
//           then target update from(p[0:N]);
//   exit    the same, then target exit data map(from: p[0:N]).
// The construct runs in a child process; all host data lies in shared
// memory, so the parent sees it after the child stopped, and prints how
// the child ended and whether the host data is what it was (nothing came
// back from the device, nothing half-copied).
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  long len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

enum { N = 1000, BAD = 500, LEN = 4 };

static char *Arena;
static size_t Used;

static void *shared(size_t Bytes) {
  void *P = Arena + Used;
  Used += (Bytes + 63) & ~(size_t)63;
  return P;
}

static S *p;
static const char *Mode; /* argv[1]. */

static void fill(void) {
  Arena = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE,
               MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  p = shared(N * sizeof(S));
  for (int i = 0; i < N; ++i) {
    p[i].len = LEN;
    /* Element BAD's data on a page of its own (a test may unmap it). */
    p[i].d = i == BAD ? mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                             MAP_SHARED | MAP_ANONYMOUS, -1, 0)
                      : shared(LEN * sizeof(int));
    for (int j = 0; j < LEN; ++j)
      p[i].d[j] = 10 * i + j;
  }
}

static void child(const char *Mode) {
  if (!strcmp(Mode, "target")) {
    BREAK(&p[BAD]);
#pragma omp target map(tofrom : p[0 : N])
    for (int i = 0; i < N; ++i)
      if (i != BAD)
        p[i].d[0] += 1000;
  } else if (!strcmp(Mode, "enter")) {
    BREAK(&p[BAD]);
#pragma omp target enter data map(to : p[0 : N])
  } else {
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < LEN; ++j)
        p[i].d[j] += 1000;
    BREAK(&p[BAD]);
    if (!strcmp(Mode, "update")) {
#pragma omp target update from(p[0 : N])
    } else {
#pragma omp target exit data map(from : p[0 : N])
    }
  }
  _exit(0);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  Mode = argv[1];
  fill();
  S Good = p[BAD];
  pid_t Pid = fork();
  if (Pid == 0)
    child(argv[1]);
  int Status;
  waitpid(Pid, &Status, 0);
  int Same = 1;
  for (int i = 0; i < N; ++i) {
    if (i == BAD)
      continue;
    Same &= p[i].len == LEN;
    for (int j = 0; j < LEN; ++j)
      Same &= p[i].d[j] == 10 * i + j;
  }
  for (int j = 0; j < LEN; ++j)
    Same &= Good.d[j] == 10 * BAD + j;
  if (WIFSIGNALED(Status))
    printf("child: signal %s\n", strsignal(WTERMSIG(Status)));
  else
    printf("child: exit %d\n", WEXITSTATUS(Status));
  printf("host data: %s\n", Same ? "unchanged" : "CHANGED");
  return !(Same && WIFSIGNALED(Status) && WTERMSIG(Status) == SIGABRT);
}
