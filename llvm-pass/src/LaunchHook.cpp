//===- LaunchHook.cpp - send host kernel launches through the runtime -----===//
//
// The runtime must upload the FPTR table to a device before the first kernel
// that may call through a pointer runs there, and stock libomptarget has no
// hook for that. So on the host every call to __tgt_target_kernel becomes a
// call to __omp_indirect_target_kernel, which has the same signature, makes
// sure the device has its table, and then launches. The check after the
// first launch on a device is one atomic load.
//
// USAGE: opt -load-pass-plugin=build/lib/OmpIndirectPass.so
//            -passes=omp-indirect host.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumHookedLaunches, "Kernel launches sent through the runtime hook");

static cl::opt<bool>
    DisableLaunchHook("omp-indirect-disable-launch-hook", cl::Hidden,
                      cl::init(false),
                      cl::desc("Do not redirect host kernel launches"));

namespace omp_indirect {

unsigned hookKernelLaunches(Module &M) {
  Function *Launch = M.getFunction(KernelLaunchName);
  if (DisableLaunchHook || !Launch || Launch->use_empty())
    return 0;
  FunctionCallee Hook =
      M.getOrInsertFunction(KernelLaunchHookName, Launch->getFunctionType());
  unsigned N = Launch->getNumUses();
  Launch->replaceAllUsesWith(Hook.getCallee());
  Launch->eraseFromParent();
  NumHookedLaunches += N;
  return N;
}

} // namespace omp_indirect
