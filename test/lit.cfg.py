# lit configuration of omp-indirect: substitutions and features. RUN lines
# use only these; no RUN line spells a path.
import os
import subprocess
import tempfile

import lit.formats

config.name = "omp-indirect"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py.in"]

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# An execution test must run on the offload device, never fall back.
config.environment["OMP_TARGET_OFFLOAD"] = "MANDATORY"

host_offload = "-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu"
opt = os.path.join(config.llvm_tools_dir, "opt")
# Longer and composite substitutions first: lit applies them in order.
subs = [
    ("%compile-run-and-check",
     "%wclang " + host_offload + " %s -o %t && %t | FileCheck %s"),
    ("%wclang", config.wrapper),
    ("%clang", config.clang),
    ("%opt", opt),
    ("%loadpass", "-load-pass-plugin=" + config.plugin),
    ("%plugin", config.plugin),
    ("%rtlib", config.rt_lib_dir),
    ("%host-offload", host_offload),
]
config.substitutions.extend(subs)

# nvptx: clang-16 can target NVPTX and ptxas is installed.
if config.ptxas.endswith("NOTFOUND"):
    config.ptxas = ""
if "NVPTX" in config.llvm_targets.split(";") and config.ptxas:
    config.available_features.add("nvptx")
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))


def have_gpu():
    """A real GPU: a tiny offload probe must run on a non-initial device."""
    if not config.ptxas or "nvptx" not in config.available_features:
        return False
    probe = ("#include <omp.h>\n#include <stdio.h>\nint main(void){int d=1;\n"
             "#pragma omp target map(from:d)\nd=omp_is_initial_device();\n"
             "printf(\"%d\\n\", d); return d;}\n")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.c")
        exe = os.path.join(tmp, "probe")
        with open(src, "w") as f:
            f.write(probe)
        try:
            subprocess.run([config.clang, "-fopenmp",
                            "-fopenmp-targets=nvptx64-nvidia-cuda",
                            "-Xopenmp-target", "-march=sm_80", src, "-o",
                            exe], check=True, capture_output=True, timeout=120)
            env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY")
            r = subprocess.run([exe], capture_output=True, timeout=60, env=env)
            return r.returncode == 0 and r.stdout.strip() == b"0"
        except (subprocess.SubprocessError, OSError):
            return False


if have_gpu():
    config.available_features.add("gpu")
