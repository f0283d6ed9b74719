"""Checks runtime/common/EntryPoints.def against the installed libomptarget
and the host runtime: every function libomptarget exports is classified,
and the runtime defines every HANDLED one.

usage: classify-entry-points.py EntryPoints.def libomptarget.so rt.so
"""
import re
import subprocess
import sys


def functions(lib):
    """The functions a shared library defines and exports."""
    out = subprocess.run(["llvm-nm", "-D", "--defined-only", lib],
                         check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("T", "W", "i"):
            names.add(parts[2].split("@")[0])
    return names


def main():
    listed, rt = {}, None
    with open(sys.argv[1]) as f:
        for kind, name in re.findall(r"^(HANDLED|NO_HOST_DATA)\((\w+)\)",
                                     f.read(), re.M):
            listed[name] = kind
    exported = functions(sys.argv[2])
    rt = functions(sys.argv[3])
    bad = 0
    for name in sorted(exported - set(listed)):
        print("unclassified: " + name)
        bad += 1
    for name in sorted(n for n, k in listed.items() if k == "HANDLED"):
        if name not in rt:
            print("handled but not defined by the runtime: " + name)
            bad += 1
    handled = sum(1 for n in exported if listed.get(n) == "HANDLED")
    print("libomptarget exports %d functions: %d handled, %d without host "
          "data, %d unclassified" % (len(exported), handled,
                                     len(exported & set(listed)) - handled,
                                     len(exported - set(listed))))
    return 1 if bad else 0


sys.exit(main())
