// nothp.c - runs a command with transparent huge pages refused for it and
// its children (prctl(PR_SET_THP_DISABLE), kept across exec): the policy
// `never` for one process, whatever the machine's. bench/mapper/paused.
// Usage: nothp COMMAND [ARGS...].
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>
int main(int argc, char **argv) {
  if (argc < 2 || prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0)) {
    perror("nothp");
    return 127;
  }
  execvp(argv[1], argv + 1);
  perror("nothp: exec");
  return 127;
}
