//===- Plugin.cpp - the omp-indirect clang plugin -------------------------===//
//
// Runs before clang's code generator on every job of an OpenMP offload
// compile. At the end of the translation unit it finds the indirect
// functions, makes sure each one is emitted (also on the device, also when
// it is `static` and only its address is taken on the host), and hands the
// list to the pass, which records it as module metadata. It also makes the
// code generator run the pass (addPassToCodeGen in ClangCompat.h), so
// `-fplugin` alone brings in the pass.
//
// USAGE: clang -fopenmp -fopenmp-version=51
//              -fopenmp-targets=x86_64-pc-linux-gnu
//              -fplugin=build/lib/libomp-indirect.so file.c
//
//===----------------------------------------------------------------------===//
#include "ClangCompat.h"
#include "DeviceCalls.h"
#include "IndirectClasses.h"
#include "IndirectDiagnostics.h"
#include "IndirectFunctions.h"
#include "Mappers.h"
#include "OmpIndirect.h"
#include "StridedUpdates.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/MultiplexConsumer.h"

#include <dlfcn.h>

using namespace clang;

namespace omp_indirect {
namespace {

/// Path of this shared object, to hand to the code generator.
std::string ownPath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&ownPath), &Info) || !Info.dli_fname)
    return "";
  return Info.dli_fname;
}

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, std::shared_ptr<const DirectiveLog> Log)
      : CI(CI), Log(std::move(Log)) {}

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (Decl *D : DG)
      if (auto *VD = dyn_cast<VarDecl>(D))
        nameLambdasOfVariable(*VD);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    // Declarations read from an AST file came with no directive tokens.
    bool Imported = Ctx.getExternalSource() != nullptr;
    std::vector<MapperRecord> Mappers;
    if (Log->SawMapper || Imported)
      Mappers = checkMappers(Ctx);
    if (Log->SawUpdate || Imported)
      checkStridedUpdates(Ctx);
    DeviceCalls Device = findDeviceCalls(Ctx);
    addDeviceVirtualAttrs(Ctx, Device.VirtualClasses);
    addOverriderAttrs(Ctx);
    std::vector<FoundFunction> Found = findIndirectFunctions(Ctx);
    std::vector<FoundVTable> VTables = findIndirectVTables(Ctx);
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    TUInfo Info{translationUnitId(Ctx, Found, CI.getPreprocessorOpts(),
                                  CI.getHeaderSearchOpts()),
                {},
                std::move(Mappers),
                Device.ThroughPointers};
    for (const FoundFunction &F : Found) {
      Info.Entries.push_back(
          {F.MangledName, unsigned(Info.Entries.size()), F.Signature});
      if (const FunctionDecl *Def = F.Decl->getDefinition())
        forceEmission(Ctx, *const_cast<FunctionDecl *>(Def));
    }
    // Vtables after functions, one entry per address point; the code
    // generator emits each vtable (and, through it, its functions) in the
    // host and the device job alike.
    for (const FoundVTable &V : VTables) {
      for (uint64_t Off : V.Offsets)
        Info.Entries.push_back({V.Symbol, unsigned(Info.Entries.size()), "",
                                VTableKind, Off});
      CI.getASTConsumer().HandleVTable(const_cast<CXXRecordDecl *>(V.Class));
    }
    setPendingTUInfo(std::move(Info));
  }

private:
  /// A `used` function is emitted even when nothing references it. The code
  /// generator may have seen the definition before the directive that made
  /// it indirect, so it sees the definition again; a function it already
  /// emitted is not emitted twice. It reads `declare target` from the
  /// definition, which lacks it when the directive names a later
  /// redeclaration. A lambda's static invoker carries no `declare target`
  /// of its own (the source never names it); it gets one, so that the
  /// device job emits it also when only host code converts the lambda.
  void forceEmission(ASTContext &Ctx, FunctionDecl &Def) {
    auto *MD = dyn_cast<CXXMethodDecl>(&Def);
    if (MD && MD->isLambdaStaticInvoker() &&
        !Def.hasAttr<OMPDeclareTargetDeclAttr>())
      markIndirect(Ctx, Def);
    bool Inherited = inheritDeclareTarget(Ctx, Def);
    if (!Inherited && (Def.hasAttr<UsedAttr>() || emittedAsSeen(Ctx, Def)))
      return;
    if (!Def.hasAttr<UsedAttr>())
      Def.addAttr(UsedAttr::CreateImplicit(Ctx));
    CI.getASTConsumer().HandleTopLevelDecl(DeclGroupRef(&Def));
  }

  /// Whether the code generator emitted \p Def when it saw it, so that a
  /// second visit would only cost time (about a tenth of a small function's
  /// compile each): a definition it must emit (strong external linkage),
  /// which in a device job already had its `declare target` attributes then,
  /// each made by a directive before the definition's end (a block's
  /// attributes are implicit, so only the location tells).
  static bool emittedAsSeen(ASTContext &Ctx, const FunctionDecl &Def) {
    if (Ctx.GetGVALinkageForFunction(&Def) != GVA_StrongExternal)
      return false;
    if (!isOpenMPDeviceCompilation(Ctx.getLangOpts()))
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    bool Any = false;
    for (const auto *A : Def.specific_attrs<OMPDeclareTargetDeclAttr>()) {
      SourceLocation At = A->getRange().getBegin();
      if (A->isInherited() || At.isInvalid() ||
          !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(At),
                                        SM.getExpansionLoc(Def.getEndLoc())))
        return false;
      Any = true;
    }
    return Any;
  }

  CompilerInstance &CI;
  std::shared_ptr<const DirectiveLog> Log;
};

class Action : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    const LangOptions &LO = CI.getLangOpts();
    bool Offload =
        isOpenMPDeviceCompilation(LO) || !LO.OMPTargetTriples.empty();
    if (!LO.OpenMP)
      return std::make_unique<ASTConsumer>();
    // Diagnostics first: their errors stop the metadata and code generation,
    // and they add the nested blocks' attributes findIndirectFunctions reads.
    // A device job given the host job's IR follows that job, which already
    // gave the warnings about host code: one copy of each, not two.
    bool WarnHostCode = Offload && LO.OMPHostIRFile.empty();
    std::shared_ptr<DirectiveLog> Log =
        recordDeclareTargetDirectives(CI.getPreprocessor());
    std::unique_ptr<ASTConsumer> Checks =
        createIndirectDiagnostics(CI, WarnHostCode, Log);
    if (!Offload)
      return Checks;
    CodeGenOptions &CG = CI.getCodeGenOpts();
    addPassToCodeGen(CG, ownPath(), registerPassBuilderCallbacks);
    setPasslessJob(CG.DisableLLVMPasses);
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::move(Checks));
    Consumers.push_back(std::make_unique<Consumer>(CI, std::move(Log)));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace
} // namespace omp_indirect

static FrontendPluginRegistry::Add<omp_indirect::Action>
    X("omp-indirect", "declare target indirect and scalable declare mapper");
