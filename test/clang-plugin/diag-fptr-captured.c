// Host code takes the address of a function that is not indirect and a
// target region captures the variable holding it (implicitly, as
// firstprivate): a call through it in the region would not reach a device
// copy. Warning at the address, note at the target directive, whether the
// function is `declare target` or not, also through a copy to a second
// variable. It is in clang's -Wopenmp-target group: -Werror=openmp-target
// makes it an error.
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Xclang -verify %s
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin \
// RUN:   -fsyntax-only -Werror=openmp-target -Xclang -verify=werror %s

int plain(int x) { return x; }
int on_device(int x) { return x + 1; }
#pragma omp declare target to(on_device)

int captured(int n) {
  int (*fp)(int) = plain; // expected-warning {{the address of 'plain' reaches a target region, but 'plain' is not 'declare target ... indirect': a call through it there does not reach a device copy (-Wno-openmp-target turns this off) [-Wopenmp-target]}} werror-error {{the address of 'plain' reaches a target region}}
  int r = 0;
#pragma omp target map(from : r) // expected-note {{target region here}} werror-note {{target region here}}
  r = fp(n);
  return r;
}

int copied(int n) {
  int (*first)(int) = &on_device; // expected-warning {{the address of 'on_device' reaches a target region}} werror-error {{the address of 'on_device'}}
  int (*second)(int);
  second = first;
  int r = 0;
#pragma omp target teams map(from : r) // expected-note {{target region here}} werror-note {{target region here}}
  r = second(n);
  return r;
}
