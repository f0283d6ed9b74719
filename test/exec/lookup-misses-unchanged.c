// Pointers that are not host code come out of the lookup as they went in,
// with a table uploaded (the program has an indirect function): NULL, host
// data (a global, a string literal, the heap), and a device address. The
// region calls the device runtime's lookup directly (it is no call target
// here, so only the lookup can see these pointers), next to the host address
// of the indirect function, which it translates to the device copy's, and a
// NULL function pointer compared before a call that never happens.
// RUN: %compile-run-and-check
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
int yes(int x) { dev_calls++; return x + 1; }
#pragma omp end declare target

#pragma omp declare target
/* The device runtime's lookup; the host has none (and, with
   OMP_TARGET_OFFLOAD=MANDATORY, never runs the region). */
void *__kmpc_target_translate_fptr(void *FnPtr);
void *lookup(void *P) { return P; }
#pragma omp begin declare variant match(device = {kind(nohost)})
void *lookup(void *P) { return __kmpc_target_translate_fptr(P); }
#pragma omp end declare variant
#pragma omp end declare target

int host_data = 7;
enum { NUL, GLOBAL, LITERAL, HEAP, DEVICE_FN, N };
static const char *Names[N] = {"NULL", "a global", "a string literal",
                               "the heap", "a device function"};

int main(void) {
  uintptr_t In[N] = {0, (uintptr_t)&host_data, (uintptr_t) "literal",
                     (uintptr_t)malloc(16), 0};
  uintptr_t Out[N], host_yes = (uintptr_t)yes, yes_out = 0, dev_yes = 0;
  int (*none)(int) = NULL;
  int r = 0;
#pragma omp target map(tofrom : In, r) map(to : none) \
    map(from : Out, yes_out, dev_yes)
  {
    dev_yes = (uintptr_t)yes; // taken on the device: the device copy
    In[DEVICE_FN] = dev_yes;
    for (int I = 0; I < N; I++)
      Out[I] = (uintptr_t)lookup((void *)In[I]);
    yes_out = (uintptr_t)lookup((void *)host_yes);
    if (none)
      r = none(1);
  }
  int Bad = 0;
  for (int I = 0; I < N; I++) {
    printf("%s: %s\n", Names[I], Out[I] == In[I] ? "unchanged" : "CHANGED");
    Bad |= Out[I] != In[I];
  }
  printf("indirect function: %s\n",
         yes_out == dev_yes ? "its device copy" : "WRONG");
  // CHECK:      NULL: unchanged
  // CHECK-NEXT: a global: unchanged
  // CHECK-NEXT: a string literal: unchanged
  // CHECK-NEXT: the heap: unchanged
  // CHECK-NEXT: a device function: unchanged
  // CHECK-NEXT: indirect function: its device copy
  return Bad || yes_out != dev_yes || r != 0;
}
