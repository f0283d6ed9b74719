//===- OmpIndirectPass.cpp - the omp-indirect pass and its registration ---===//
//
// runOmpIndirect() applies to one module whatever fits it: on a device module
// it routes indirect calls through __kmpc_target_translate_fptr (and in
// flang's x86_64 device modules emits the loop callbacks as loops,
// FlangLoops.cpp), then turns a translated call whose candidates this
// module defines into guarded direct calls (CallPromotion.cpp); on host and
// device modules it emits the FPTR entry table; on a host module it sends
// kernel launches, and the uses of `declare mapper`, to the host runtime. It is idempotent, so running
// it twice (plugin plus -fpass-plugin) changes nothing the second time.
//
// Registration: by pipeline name `omp-indirect` (for opt) and at the
// pipeline-start extension point (for clang, at -O0 and above). The loop
// translation cache (TranslationCache.cpp) runs at the optimizer-last
// extension point above -O0, and by the name `omp-indirect-cache`; the
// versioning of loops on promoted pointers (PromotedLoopVersioning.cpp) at
// the scalar-optimizer-late one above -O0, and by `omp-indirect-version`.
// The host bitcode job of an offload compile (and, with -save-temps, the
// device one) runs with -disable-llvm-passes, where no extension point
// fires; when the clang plugin marks such a job, the pass runs from a
// pass-instrumentation callback just before the bitcode writer, the only
// pass that job runs. That keeps `-fplugin` alone sufficient.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect in.ll -S -o out.ll
//        clang -fpass-plugin=build/lib/libomp-indirect.so ...
//
//===----------------------------------------------------------------------===//
#include "CallPromotion.h"
#include "OmpIndirect.h"
#include "LLVMCompat.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace omp_indirect {

bool runOmpIndirect(Module &M) {
  TUInfo Pending;
  if (takePendingTUInfo(Pending))
    writeTUInfo(M, Pending);
  TUInfo Info = readTUInfo(M);
  unsigned Changed = addFlangIndirect(M, Info);
  Changed += checkFlangProcedures(M);
  if (isDeviceModule(M)) {
    Changed += translateVtablePointers(M);
    Changed += translateIndirectCalls(M);
    Changed += emitFlangLoops(M);
    Changed += promoteTranslatedCalls(M, Info);
  }
  else
    Changed += redirectRuntimeCalls(M);
  Changed += uniquifyClangIndirectEntries(M, Info);
  Changed += emitFptrTable(M, Info);
  Changed += emitImageRegistration(M, Info);
  Changed += emitMapperSection(M, Info);
  return Changed != 0;
}

PreservedAnalyses OmpIndirectPass::run(Module &M, ModuleAnalysisManager &) {
  return runOmpIndirect(M) ? PreservedAnalyses::none()
                           : PreservedAnalyses::all();
}

/// Runs the pass in a job without LLVM passes (see file comment). Only such
/// a job gets the callback: with any callback registered, the pass manager
/// works out every pass's name before running it, which cost an optimizing
/// device job with 500 indirect functions 1.4% of its instructions.
static void registerPasslessJobHook(PassBuilder &PB) {
  PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks();
  if (!PIC || !isPasslessJob())
    return;
  PIC->registerBeforeNonSkippedPassCallback([](StringRef, Any IR) {
    const Module *const *M = any_cast<const Module *>(&IR);
    if (!isPasslessJob() || !M)
      return;
    setPasslessJob(false); // Once per compilation.
    Module &Mod = const_cast<Module &>(**M);
    runOmpIndirect(Mod);
    // The tables are built: the entries' metadata would only be written
    // and read again by every job after this one (docs/format.md).
    if (NamedMDNode *Entries = Mod.getNamedMetadata(EntriesMDName))
      Mod.eraseNamedMetadata(Entries);
  });
}

void registerPassBuilderCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "omp-indirect")
          return false;
        MPM.addPass(OmpIndirectPass());
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "omp-indirect-cache")
          return false;
        FPM.addPass(TranslationCachePass());
        return true;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(OmpIndirectPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "omp-indirect-version")
          return false;
        FPM.addPass(PromotedLoopVersioningPass());
        return true;
      });
  // After the inliner, before the vectorizer (CallPromotion.h).
  PB.registerScalarOptimizerLateEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          FPM.addPass(PromotedLoopVersioningPass());
      });
  registerOptimizerLast(PB, [](ModulePassManager &MPM,
                               OptimizationLevel Level) {
    if (Level != OptimizationLevel::O0)
      MPM.addPass(createModuleToFunctionPassAdaptor(TranslationCachePass()));
  });
  registerPasslessJobHook(PB);
}

} // namespace omp_indirect

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "omp-indirect", "0.1",
          omp_indirect::registerPassBuilderCallbacks};
}
