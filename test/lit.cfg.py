# lit configuration of omp-indirect: substitutions and features. RUN lines
# use only these; no RUN line spells a path.
import ctypes
import os
import shutil
import subprocess
import tempfile

import lit.formats

config.name = "omp-indirect"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test", ".f90"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py.in", "FuzzTable.c"]

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# A test that hangs fails after ten minutes instead of stalling the suite
# (lit needs psutil for that; utils/install-deps installs it).
try:
    import psutil  # noqa: F401
    lit_config.maxIndividualTestTime = 600
except ImportError:
    lit_config.warning("python3-psutil is missing: no per-test time limit")
# An execution test must run on the offload device, never fall back.
config.environment["OMP_TARGET_OFFLOAD"] = "MANDATORY"

# llvm-16, llvm-19 or llvm-22: the release built against. Tests whose
# expectations differ by release say so with these features (REQUIRES,
# UNSUPPORTED, or a FileCheck prefix from %llvm-prefix).
config.available_features.add("llvm-" + config.llvm_version)
config.substitutions.append(("%llvm-prefix", "LLVM" + config.llvm_version))
config.substitutions.append(("%llvm-major", config.llvm_version))
# libomptarget's entries in IR. LLVM 16 and 19: %struct.__tgt_offload_entry
# = { ptr, ptr, i64, i32, i32 } in section omp_offloading_entries, and our
# FPTR tables use that type. From LLVM 20 on (22): clang's type of that name
# is { i64 0, i16 1, i16 1, i32 flags, ptr, ptr, i64, i64, ptr } in section
# llvm_offload_entries, and the FPTR tables (still 32 bytes) have a type of
# their own (docs/format.md, section 2). IR tests pass %entry-vars to
# FileCheck, which names the FPTR type [[FPTR]] (the host's; the device's
# x86_64 entry is [[DEVFPTR]] and its header [[DEVHDR]] on every release,
# with the header's layouts [[#RELATIVE]] and [[#ABSOLUTE]]) and the section
# [[ENTRIES]], and spell one of clang's entries under the prefix
# %entry-prefix: ENTRY32 or ENTRY56. An input that holds clang's entries
# writes them in the old layout and goes through %entry-layout, which
# rewrites them into the release's (utils/entry-layout).
if config.llvm_version in ("16", "19"):
    entry_vars = ("-DFPTR=struct.__tgt_offload_entry "
                  "-DENTRIES=omp_offloading_entries")
    entry_bytes = "32"
else:
    entry_vars = ("-DFPTR=struct.__omp_indirect_fptr_entry "
                  "-DENTRIES=llvm_offload_entries")
    entry_bytes = "56"
entry_vars += (" -DDEVFPTR=struct.__omp_indirect_fptr_rel_entry"
               " -DDEVHDR=struct.__omp_indirect_fptr_device_header"
               " -D#RELATIVE=0x31525046 -D#ABSOLUTE=0x31415046")
config.substitutions.append(("%entry-vars", entry_vars))
# %pack-x86-image<object> -o <file>: packs a host-offload device object as
# the driver does before embedding it in the host object
# (-Xclang -fembed-offload-object=<file>): clang-offload-packager up to
# LLVM 19, llvm-offload-binary (arch "generic") with LLVM 22.
if config.llvm_version in ("16", "19"):
    pack = "clang-offload-packager --image=triple=x86_64-pc-linux-gnu,arch=,"
else:
    pack = ("llvm-offload-binary --image=triple=x86_64-pc-linux-gnu,"
            "arch=generic,")
config.substitutions.append(("%pack-x86-image", pack + "kind=openmp,file="))
config.substitutions.append(("%entry-prefix", "ENTRY" + entry_bytes))
config.substitutions.append((
    "%entry-layout", "python3 " + os.path.join(
        config.source_root, "utils", "entry-layout") + " " + entry_bytes))
# map-attach: clang adds an ATTACH map entry (0x4000) for the base pointer of
# a pointer-based list item (LLVM 22 on), so a construct has one entry more
# than with 16 or 19; tests count it with
# -D#ATTACH=%if map-attach %{1%} %else %{0%}.
if int(config.llvm_version) >= 22:
    config.available_features.add("map-attach")
# Programs built by stock clang find libomp and libomptarget through this;
# the wrappers add an rpath instead (runtime/wrapper-rpath-finds-openmp.test
# checks that).
# NVPTX builds find the DeviceRTL bitcode through LIBRARY_PATH.
def prepend_path(var, *dirs):
    """dirs, then what var already holds in lit's environment, as a path."""
    parts = list(dirs) + [config.environment.get(var, os.environ.get(var, ""))]
    return os.pathsep.join(p for p in parts if p)


config.environment["LIBRARY_PATH"] = prepend_path("LIBRARY_PATH",
                                                  config.openmp_lib_dir)
config.environment["LD_LIBRARY_PATH"] = prepend_path("LD_LIBRARY_PATH",
                                                     config.openmp_lib_dir)

host_offload = "-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu"
opt = os.path.join(config.llvm_tools_dir, "opt")
# Longer and composite substitutions first: lit applies them in order.
subs = [
    # devicertl/: the device lookup and the host block builder, as host C.
    ("%build-translate-test",
     "%clang %host-sanitize -O2 -Wall -Wno-unknown-pragmas -Werror "
     "-I{0}/devicertl/include "
     "-I{0}/runtime/include -I{0}/runtime/common -I{0}/runtime/indirect "
     "-I{1} {0}/devicertl/src/Translate.c "
     "{0}/runtime/indirect/DeviceTable.c {0}/runtime/common/SortByKey.c "
     "{1}/driver.c".format(
         os.path.dirname(config.test_source_root),
         os.path.join(config.test_source_root, "devicertl", "Inputs"))),
    ("%compile-run-and-check",
     "%wclang " + host_offload + " %s -o %t && %t | FileCheck %s"),
    ("%wclangxx", config.wrapper + "++"),
    ("%wclang", config.wrapper),
    ("%clangxx", config.clang + "++"),
    ("%clang", config.clang),
    ("%opt", opt),
    ("%loadpass", "-load-pass-plugin=" + config.pass_plugin),
    ("%plugin", config.plugin),
    ("%rtlib", config.rt_lib_dir),
    ("%host-offload", host_offload),
    ("%fuzz-table", config.fuzz_table),
    ("%dump", os.path.join(config.build_dir, "bin", "omp-indirect-dump")),
    ("%examples", os.path.join(config.source_root, "examples")),
    ("%check-layers", os.path.join(config.source_root, "utils",
                                   "check-layers")),
    ("%cmake-install",
     config.cmake + " --install " + config.build_dir + " --prefix"),
    ("%cmake", config.cmake),
    ("%builddir", config.build_dir),
    ("%openmp-libdir", config.openmp_lib_dir),
]
config.substitutions.extend(subs)

# fortran: the build has a flang (LLVM 22: flang-22 in the prefix) and so
# omp-indirect-flang. %wflang is the wrapper, %flang the stock flang;
# %flang-host-offload builds for the host-offload device through the
# wrapper; %flang-stock-offload with flang and libomptarget alone, given
# only our device archive, which holds the entry points flang's x86_64
# kernels need (flang alone cannot link them); %flang-host-only with no
# offload target (target regions run on the host). Tests in test/fortran/
# say REQUIRES: fortran, so other builds report them UNSUPPORTED.
if config.flang:
    config.available_features.add("fortran")
    config.substitutions[:0] = [
        ("%flang-host-offload", config.flang_wrapper + " " + host_offload),
        ("%flang-stock-offload", config.flang + " " + host_offload + " " +
         os.path.join(config.rt_lib_dir, "libomp-indirect-device.a")),
        ("%flang-host-only", config.flang + " -fopenmp"),
        ("%wflang", config.flang_wrapper),
        ("%flang-scan", os.path.join(config.build_dir, "libexec",
                                     "omp-indirect", "omp-indirect-flang-scan")
         + " " + config.flang),
        ("%flang", config.flang),
    ]

# --param sanitize=1 (make check-sanitize): programs load the host runtime
# built with AddressSanitizer and UndefinedBehaviorSanitizer (LD_LIBRARY_PATH
# wins over the wrapper's RUNPATH). With LLVM 16 they are themselves built
# with both, on the host side only (-Xarch_host: the device images are not
# instrumented), so they carry the sanitizers' runtime; with LLVM 19 they
# preload it (below). Tests that compile runtime code as
# host code use %host-sanitize. Leak checking is off: libomptarget keeps its
# allocations until exit.
sanitize_flags = ""
if lit_config.params.get("sanitize"):
    sanitize_flags = "-fsanitize=address,undefined -fno-sanitize-recover=all"
    host_sanitize = " ".join("-Xarch_host " + f for f in sanitize_flags.split())
    if config.llvm_version == "16":
        config.substitutions = [
            (k, v + " " + host_sanitize) if k in ("%wclangxx", "%wclang")
            else (k, v) for k, v in config.substitutions]
    else:
        # clang-19's linker wrapper hands the host's sanitizer runtime to the
        # link of the host-offload device image, a shared object, which
        # cannot take it (".preinit_array section is not allowed in DSO").
        # The programs stay unsanitized and load the sanitizers' shared
        # runtime first, which the sanitized host runtime then uses.
        resource_dir = subprocess.run(
            [config.clang, "-print-resource-dir"], capture_output=True,
            text=True, check=True).stdout.strip()
        config.environment["LD_PRELOAD"] = os.path.join(
            resource_dir, "lib", "linux", "libclang_rt.asan-x86_64.so")
        # Host-only test programs (%host-sanitize) use that shared runtime.
        sanitize_flags += " -shared-libsan"
    config.environment["LD_LIBRARY_PATH"] = prepend_path(
        "LD_LIBRARY_PATH", config.sanitize_lib_dir)
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    config.available_features.add("sanitize")
config.substitutions.append(("%host-sanitize", sanitize_flags))

# tsan: the host runtime built with ThreadSanitizer (make check builds it).
# %tsan-run runs a program against it with every report fatal. With LLVM 16
# programs are built with %tsan-flags, -Xarch_host -fsanitize=thread (the
# device images are not instrumented); clang-19's linker wrapper would hand
# the sanitizer's static runtime to the device image's link, so there the
# programs stay uninstrumented and preload its shared runtime, and what is
# checked is the runtime's own shared state. libomp and libomptarget are
# not instrumented either.
tsan_runtime = os.path.join(config.tsan_lib_dir, "libomp-indirect-rt.so")
if os.path.exists(tsan_runtime) and not lit_config.params.get("sanitize"):
    config.available_features.add("tsan")
    tsan_env = ("env LD_LIBRARY_PATH={0} TSAN_OPTIONS=halt_on_error=1"
                ":exitcode=66:ignore_noninstrumented_modules=1"
                ":report_signal_unsafe=0".format(config.tsan_lib_dir))
    tsan_flags = "-Xarch_host -fsanitize=thread"
    if config.llvm_version != "16":
        resource_dir = subprocess.run(
            [config.clang, "-print-resource-dir"], capture_output=True,
            text=True, check=True).stdout.strip()
        tsan_env += " LD_PRELOAD=" + os.path.join(
            resource_dir, "lib", "linux", "libclang_rt.tsan-x86_64.so")
        tsan_flags = ""
    config.substitutions.append(("%tsan-run", tsan_env))
    config.substitutions.append(("%tsan-flags", tsan_flags))

# %without-build-tree CMD runs CMD with the build tree hidden (test/install/),
# where user and mount namespaces allow; elsewhere it runs CMD as is, and the
# install tests rely on a moved prefix and a grep for the build tree's path.
hide = os.path.join(config.source_root, "utils", "without-build-tree")
if subprocess.run([hide, "--probe"]).returncode == 0:
    config.substitutions.append(
        ("%without-build-tree", hide + " " + config.build_dir))
else:
    config.substitutions.append(("%without-build-tree", ""))
    lit_config.note("no user/mount namespaces: the install tests cannot hide "
                    "the build tree")

# valgrind: memcheck is installed (utils/install-deps installs it). %valgrind
# runs a program under it with full leak checking and the suppressions we
# ship for libomp and libomptarget (utils/valgrind/omp-indirect.supp); any
# error it reports makes the command fail.
valgrind = shutil.which("valgrind")
if valgrind:
    config.available_features.add("valgrind")
    config.substitutions.append((
        "%valgrind",
        valgrind + " --error-exitcode=97 --leak-check=full "
        "--suppressions=" + os.path.join(config.source_root, "utils",
                                         "valgrind", "omp-indirect.supp")))

# mpi: an MPI's mpirun and mpicc are installed (Open MPI's openmpi-bin and
# libopenmpi-dev: utils/install-deps installs them). Tests in test/mpi/
# (and install/cmake-package-mpi.test) say REQUIRES: mpi. %mpicc and
# %mpicxx are mpicc and mpicxx driving the wrappers (Open MPI reads OMPI_CC
# and OMPI_CXX, MPICH MPICH_CC and MPICH_CXX), %stock-mpicc mpicc driving
# stock clang. %mpirun starts a job on this machine, more ranks than cores
# allowed, and stops it after 300 s, so that a job that hangs fails (status
# 124) instead of holding the suite until lit's limit; %exit-status CMD
# prints CMD's exit status after its output. Open MPI refuses to run as
# root unless told, as in CI.
mpirun = shutil.which("mpirun")
if mpirun and shutil.which("mpicc") and shutil.which("mpicxx"):
    config.available_features.add("mpi")
    version = subprocess.run([mpirun, "--version"], capture_output=True,
                             text=True).stdout
    oversubscribe = " --oversubscribe" if "Open MPI" in version else ""
    drive = "env OMPI_{0}={1} MPICH_{0}={1} {2}"
    config.substitutions[:0] = [
        ("%stock-mpicc", drive.format("CC", config.clang, "mpicc")),
        ("%mpicxx", drive.format("CXX", config.wrapper + "++", "mpicxx")),
        ("%mpicc", drive.format("CC", config.wrapper, "mpicc")),
        ("%mpirun", "timeout -k 10 300 " + mpirun + oversubscribe),
        ("%exit-status", os.path.join(config.source_root, "utils",
                                      "exit-status")),
    ]
    if os.geteuid() == 0:
        config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
        config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"

# ptxas: the clang in use can target NVPTX and ptxas is installed; nvptx:
# also LLVM's NVPTX device runtime is there, so NVPTX programs link (not
# with Debian's clang-22: nvptx-no-devicertl).
if config.ptxas.endswith("NOTFOUND"):
    config.ptxas = ""
if "NVPTX" in config.llvm_targets.split(";") and config.ptxas:
    config.available_features.add("ptxas")
    config.available_features.add(
        "nvptx" if config.nvptx_devicertl else "nvptx-no-devicertl")
    config.substitutions.append(("%ptxas", config.ptxas))
    # Offload to nvptx64; a test adds --offload-arch=sm_XX. clang warns
    # that CUDA is newer than it knows; the warning is harmless.
    config.substitutions.append(
        ("%nvptx-offload", "-fopenmp -fopenmp-targets=nvptx64-nvidia-cuda "
         "-Wno-unknown-cuda-version"))


# gpu: an NVIDIA GPU runs offloaded code. Its architectures, sm_XX, come from
# --param gpu-arch=sm_XX[,sm_YY], else from the nvptx-arch of the clang in
# use, else from nvidia-smi; a probe built for them with stock clang must
# then run on a non-initial device. With --param require-gpu=1
# (utils/run-gpu-tests) lit stops, saying why, when there is no GPU.
def gpu_archs():
    """The distinct sm_XX of the GPUs here, or [] and the reason."""
    given = lit_config.params.get("gpu-arch")
    if given:
        return sorted(set(given.split(","))), ""
    why = []
    for cmd in ([os.path.join(config.llvm_tools_dir, "nvptx-arch")],
                ["nvidia-smi", "--query-gpu=compute_cap",
                 "--format=csv,noheader"]):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=60)
        except FileNotFoundError:
            why.append("%s: not found" % os.path.basename(cmd[0]))
            continue
        except (subprocess.SubprocessError, OSError) as e:
            why.append("%s: %s" % (os.path.basename(cmd[0]), e))
            continue
        # nvptx-arch prints sm_90, nvidia-smi 9.0: one line per GPU.
        archs = {"sm_" + line.strip().replace(".", "").replace("sm_", "")
                 for line in r.stdout.splitlines() if line.strip()}
        if r.returncode == 0 and archs:
            return sorted(archs), ""
        out = (r.stderr or r.stdout).strip().splitlines()
        why.append("%s: %s" % (os.path.basename(cmd[0]),
                               out[-1] if out else "no GPU listed"))
    return [], "; ".join(why)


def run_gpu_probe(archs):
    """Whether a tiny program for archs runs on a GPU; else the reason."""
    probe = ("#include <omp.h>\n#include <stdio.h>\nint main(void){int d=1;\n"
             "#pragma omp target map(from:d)\nd=omp_is_initial_device();\n"
             "printf(\"%d\\n\", d); return d;}\n")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.c")
        exe = os.path.join(tmp, "probe")
        with open(src, "w") as f:
            f.write(probe)
        try:
            r = subprocess.run(
                [config.clang, "-fopenmp",
                 "-fopenmp-targets=nvptx64-nvidia-cuda",
                 "-Wno-unknown-cuda-version",
                 "--offload-arch=" + ",".join(archs), src, "-o", exe],
                capture_output=True, text=True, timeout=120,
                env=dict(os.environ, TMPDIR=tmp,  # clang leaves dirs there
                         LIBRARY_PATH=config.environment["LIBRARY_PATH"]))
            if r.returncode != 0:
                err = r.stderr.strip().splitlines()
                return False, "stock clang cannot build for %s: %s" % (
                    ",".join(archs), err[-1] if err else "")
            env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY",
                       LD_LIBRARY_PATH=config.environment["LD_LIBRARY_PATH"])
            r = subprocess.run([exe], capture_output=True, text=True,
                               timeout=120, env=env)
        except (subprocess.SubprocessError, OSError) as e:
            return False, "probe: %s" % e
        if r.returncode == 0 and r.stdout.strip() == "0":
            return True, ""
        err = r.stderr.strip().splitlines()
        why = "a program for %s does not run on the GPU (exit %d): %s" % (
            ",".join(archs), r.returncode, err[-1] if err else "")
        try:
            ctypes.CDLL("libcuda.so")
        except OSError:
            why += ("; libcuda.so does not load, and libomptarget 16 needs "
                    "it (not only libcuda.so.1)")
        return False, why


if "nvptx" in config.available_features:
    archs, why = gpu_archs()
    found = False
    if archs:
        found, why = run_gpu_probe(archs)
    if found:
        config.available_features.add("gpu")
        lit_config.note("GPU tests run on %s" % ",".join(archs))
        config.substitutions.extend([
            ("%gpu-offload", "-fopenmp -fopenmp-targets=nvptx64-nvidia-cuda "
             "-Wno-unknown-cuda-version --offload-arch=" + ",".join(archs)),
            ("%gpu-arch", ",".join(archs)),
        ])
        for var in os.environ:
            if var == "CUDA_VISIBLE_DEVICES" or var.startswith(
                    ("LIBOMPTARGET_", "OMP_INDIRECT_")):
                config.environment[var] = os.environ[var]
    elif archs and not lit_config.params.get("require-gpu"):
        lit_config.note("no GPU tests: " + why)
else:
    why = "no nvptx feature (clang without NVPTX, or no ptxas)"
if lit_config.params.get("require-gpu") and "gpu" not in \
        config.available_features:
    lit_config.fatal("no GPU found: " + why)
