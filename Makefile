# omp-indirect: the two commands are `make run` and `make check`.
# LLVM=19 builds against LLVM 19 in build-19/ (make LLVM=19 check), LLVM=22
# against LLVM 22 in build-22/; the default is LLVM 16 in build/.
LLVM ?= 16
ifeq ($(LLVM),16)
BUILD ?= build
else
BUILD ?= build-$(LLVM)
endif
HOST_OFFLOAD := -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu

.PHONY: all deps build run check check-sanitize check-gpu-bundle gpu-bundle \
  fuzz bench clean

all: build

deps:
	@utils/install-deps $(LLVM)

$(BUILD)/build.ninja: CMakeLists.txt | deps
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DOMP_INDIRECT_LLVM_VERSION=$(LLVM)

build: deps $(BUILD)/build.ninja
	ninja -C $(BUILD)

# Compiles examples/dispatch.c with the wrapper and runs it on the
# host-offload device.
run: build
	$(BUILD)/bin/omp-indirect-clang $(HOST_OFFLOAD) examples/dispatch.c \
	  -o $(BUILD)/dispatch
	OMP_TARGET_OFFLOAD=MANDATORY $(BUILD)/dispatch

check: build
	ninja -C $(BUILD) check

# The host runtime under AddressSanitizer and UndefinedBehaviorSanitizer:
# its unit tests and every execution test (.ci/run runs it).
check-sanitize: build
	ninja -C $(BUILD) check-sanitize

# The GPU bundle (utils/gpu-bundle): every GPU test program and the GPU
# benchmarks built here for sm_90 (GPU_ARCH=sm_XX for another), and for the
# host-offload device, with every library they load, in one archive,
# $(BUILD)/gpu-bundle.tar.xz, for a machine with an NVIDIA driver and no
# LLVM. utils/run-gpu-tests says how to run it there.
GPU_ARCH ?= sm_90
gpu-bundle: build
	utils/gpu-bundle $(BUILD) --arch $(GPU_ARCH)

# The bundle's host-offload half, run with LLVM, the build tree and the
# system copies of the bundle's libraries hidden (.ci/run runs it).
check-gpu-bundle: gpu-bundle
	utils/check-gpu-bundle $(BUILD)

# libFuzzer over the image registry, the table merge and the device lookup,
# 10^6 inputs (not in CI).
fuzz: build
	ninja -C $(BUILD) fuzz

# Benchmarks (not tests): prints ratios measured side by side in one run.
# bench/fortran/run and bench/fortran/stream/run need omp-indirect-flang
# (LLVM 22) and say so otherwise.
bench: build
	bench/mapper/run $(BUILD)
	bench/mapper/paused $(BUILD)
	bench/mapper/faults $(BUILD)
	bench/indirect/run $(BUILD)
	bench/promote/run $(BUILD)
	bench/compile/run $(BUILD)
	bench/fortran/run $(BUILD)
	bench/fortran/stream/run $(BUILD)

clean:
	rm -rf $(BUILD)
