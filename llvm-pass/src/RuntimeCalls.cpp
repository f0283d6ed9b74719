//===- RuntimeCalls.cpp - send host libomptarget calls through our runtime -===//
//
// Two features need the host runtime between compiled code and stock
// libomptarget, which has no hooks of its own:
//
//  - indirect calls: the FPTR table must reach a device before its first
//    kernel, so every __tgt_target_kernel call becomes
//    __omp_indirect_target_kernel (same signature);
//  - `declare mapper`: in a module that has mapper functions, the data-mapping
//    calls (__tgt_target_data_{begin,end,update}[_nowait]_mapper) go to
//    __omp_indirect_* versions that expand mappers into one flat list, and
//    the mapper functions' __tgt_push_mapper_component and
//    __tgt_mapper_num_components calls go to our collector.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
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
STATISTIC(NumMapperCalls, "Mapper-related calls sent to the runtime");

static cl::opt<bool>
    DisableLaunchHook("omp-indirect-disable-launch-hook", cl::Hidden,
                      cl::init(false),
                      cl::desc("Do not redirect host kernel launches"));
static cl::opt<bool> DisableMapperLowering(
    "omp-indirect-disable-mapper-lowering", cl::Hidden, cl::init(false),
    cl::desc("Leave declare mapper uses to libomptarget"));

namespace omp_indirect {

namespace {
struct Redirect {
  StringRef From, To;
};
} // namespace

static const Redirect MapperRedirects[] = {
    {"__tgt_target_data_begin_mapper", "__omp_indirect_target_data_begin_mapper"},
    {"__tgt_target_data_end_mapper", "__omp_indirect_target_data_end_mapper"},
    {"__tgt_target_data_update_mapper",
     "__omp_indirect_target_data_update_mapper"},
    {"__tgt_target_data_begin_nowait_mapper",
     "__omp_indirect_target_data_begin_nowait_mapper"},
    {"__tgt_target_data_end_nowait_mapper",
     "__omp_indirect_target_data_end_nowait_mapper"},
    {"__tgt_target_data_update_nowait_mapper",
     "__omp_indirect_target_data_update_nowait_mapper"},
    {"__tgt_push_mapper_component", "__omp_indirect_push_mapper_component"},
    {"__tgt_mapper_num_components", "__omp_indirect_mapper_num_components"},
};

/// Replaces every use of function \p From with \p To (same type). Returns
/// the number of uses replaced.
static unsigned redirect(Module &M, StringRef From, StringRef To) {
  Function *F = M.getFunction(From);
  if (!F || F->use_empty())
    return 0;
  FunctionCallee Hook = M.getOrInsertFunction(To, F->getFunctionType());
  if (auto *H = dyn_cast<Function>(Hook.getCallee()))
    H->setAttributes(F->getAttributes());
  unsigned N = F->getNumUses();
  F->replaceAllUsesWith(Hook.getCallee());
  F->eraseFromParent();
  return N;
}

/// A module has mapper functions if it pushes mapper components.
static bool hasMappers(const Module &M) {
  for (StringRef Name :
       {"__tgt_push_mapper_component", "__tgt_mapper_num_components"})
    if (const Function *F = M.getFunction(Name))
      if (!F->use_empty())
        return true;
  return false;
}

unsigned redirectRuntimeCalls(Module &M) {
  unsigned Changed = 0;
  if (!DisableLaunchHook) {
    unsigned N = redirect(M, KernelLaunchName, KernelLaunchHookName);
    NumHookedLaunches += N;
    Changed += N;
  }
  if (!DisableMapperLowering && hasMappers(M)) {
    for (const Redirect &R : MapperRedirects) {
      unsigned N = redirect(M, R.From, R.To);
      NumMapperCalls += N;
      Changed += N;
    }
  }
  return Changed;
}

} // namespace omp_indirect
