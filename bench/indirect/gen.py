#!/usr/bin/env python3
"""bench/indirect/gen.py: writes the generated sources of the benchmark.

  gen.py DIR UNITS FUNCS   writes DIR/unit<T>.c for T < UNITS, each with FUNCS
                           `declare target indirect` functions f_<T>_<J> and a
                           declare-target u<T>_fill(out) that stores their
                           addresses (host ones on the host, device ones on
                           the device) into out[0..FUNCS)
  gen.py DIR UNITS FUNCS --fill NAME
                           writes DIR/NAME.c: fill_all(out), which calls the
                           first UNITS units' fill functions, and num_fns
  gen.py DIR 1 N --compile-unit NAME [--plain]
                           writes DIR/NAME.c: one unit of N functions, the
                           compile-time probe; --plain leaves out `indirect`
  gen.py DIR 1 N --no-openmp NAME
                           writes DIR/NAME.c: a large file without OpenMP,
                           N functions with loops, branches, calls and a
                           struct each (bench/compile/run)
"""
import os
import sys


def unit(t, funcs, indirect=True):
    clause = " indirect" if indirect else ""
    out = ["typedef int (*fn_t)(int);",
           "#pragma omp begin declare target" + clause]
    for j in range(funcs):
        out.append("int f_%d_%d(int x) { return x + %d; }" % (t, j, j % 97))
    out.append("#pragma omp end declare target")
    out.append("#pragma omp declare target")
    out.append("void u%d_fill(fn_t *out) {" % t)
    for j in range(funcs):
        out.append("  out[%d] = f_%d_%d;" % (j, t, j))
    out.append("}")
    out.append("#pragma omp end declare target")
    return "\n".join(out) + "\n"


def fill(units, funcs):
    out = ["typedef int (*fn_t)(int);",
           "#pragma omp declare target"]
    out += ["void u%d_fill(fn_t *out);" % t for t in range(units)]
    out.append("void fill_all(fn_t *out) {")
    out += ["  u%d_fill(out + %d);" % (t, t * funcs) for t in range(units)]
    out.append("}")
    out.append("#pragma omp end declare target")
    out.append("const int num_fns = %d;" % (units * funcs))
    return "\n".join(out) + "\n"


def no_openmp(funcs):
    out = ["#include <stddef.h>",
           "struct rec { int key; double weight; struct rec *next; };"]
    for j in range(funcs):
        callee = "g_%d(v, n / 2 + 1)" % (j - 1) if j % 4 else "0.0"
        out.append("""double g_%d(const struct rec *v, size_t n) {
  double acc = %d.0;
  for (size_t i = 0; i < n; ++i) {
    if (v[i].key %% %d == 0)
      acc += v[i].weight * %d;
    else if (v[i].next)
      acc -= v[i].next->weight;
  }
  return n > 64 ? acc + %s : acc;
}""" % (j, j % 13, j % 7 + 2, j % 5 + 1, callee))
    out.append("double run_all(const struct rec *v, size_t n) {")
    out.append("  double s = 0;")
    for j in range(0, funcs, max(1, funcs // 64)):
        out.append("  s += g_%d(v, n);" % j)
    out.append("  return s;")
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv):
    d, units, funcs = argv[1], int(argv[2]), int(argv[3])
    os.makedirs(d, exist_ok=True)
    if len(argv) > 4 and argv[4] == "--fill":
        with open(os.path.join(d, argv[5] + ".c"), "w") as f:
            f.write(fill(units, funcs))
    elif len(argv) > 4 and argv[4] == "--no-openmp":
        with open(os.path.join(d, argv[5] + ".c"), "w") as f:
            f.write(no_openmp(funcs))
    elif len(argv) > 4 and argv[4] == "--compile-unit":
        with open(os.path.join(d, argv[5] + ".c"), "w") as f:
            f.write(unit(0, funcs, indirect="--plain" not in argv))
    else:
        for t in range(units):
            with open(os.path.join(d, "unit%d.c" % t), "w") as f:
                f.write(unit(t, funcs))


if __name__ == "__main__":
    main(sys.argv)
