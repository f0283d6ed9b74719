//===- FlangLoops.cpp - flang's x86_64 loop callbacks as loops ------------===//
//
// flang-22 hands every workshared or distributed loop of an x86_64 kernel to
// a GPU-style callback entry point, __kmpc_for_static_loop_4u(loc, body,
// arg, n, ...) and its relatives, with the loop body outlined into
// body(i, arg) of the normalized iteration number. The device runtime's
// definitions (devicertl/src/FlangLoops.c) then call body once an
// iteration, through a pointer, in another object: nothing inlines, nothing
// vectorizes, and a triad ran several times slower than C's.
//
// In a device module flang made for x86_64, each such call whose chunks are
// the constant 0 (every call flang-22 emits: it passes no schedule on the
// device) becomes the loop itself, around a direct call of body:
//
//   call @__omp_indirect_flang_static_bounds_4u(kind, n, ptr %lo, ptr %hi)
//   for (i = lo; i < hi; ++i) body(i, arg)
//
// where the device runtime's bounds function gives this thread its block of
// the iterations, as the callback would have (kind 0: among the threads of
// the team; 1: among the teams; 2: the team's block among its threads). The
// pass runs at the start of the pipeline, so the inliner then inlines body,
// which has one call site left, and the vectorizer sees a plain counted
// loop; a `simd` loop's (its body's accesses in flang's access groups) gets
// the parallel-accesses and vectorize.enable metadata flang gives a host
// simd loop. A worksharing loop with an `ordered` region keeps its
// callback, with a thread chunk of 1 (see hasOrderedRegion). Calls with
// another body, or a chunk, stay as they were.
//
// USAGE: opt -load-pass-plugin=build-22/lib/libomp-indirect-pass.so \
//            -passes=omp-indirect flang-x86_64-device.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "omp-indirect-flang-loops"

using namespace llvm;

STATISTIC(NumFlangLoops, "flang loop callbacks emitted as loops");
STATISTIC(NumOrderedLoops, "flang loops with ordered given a chunk of 1");

static cl::opt<bool>
    EnableFlangLoops("omp-indirect-flang-loops", cl::init(true), cl::Hidden,
                     cl::desc("Emit flang's x86_64 loop callbacks as loops "
                              "around the outlined body"));

namespace omp_indirect {

namespace {
/// One callback entry point: its name, the bounds kind it splits by, and
/// the operands that must be the constant 0.
struct LoopCallback {
  const char *Name;
  unsigned Kind;
  unsigned Chunks[2]; ///< Operand numbers; 0 for none.
};
const LoopCallback Callbacks[] = {
    {"__kmpc_for_static_loop", 0, {5, 0}},
    {"__kmpc_distribute_static_loop", 1, {4, 0}},
    {"__kmpc_distribute_for_static_loop", 2, {5, 6}},
};
const char *const Suffixes[] = {"_4", "_4u", "_8", "_8u"};
} // namespace

/// The loop metadata of a `simd` loop for the loop around \p Body, or null:
/// flang marks the memory accesses of a simd loop's outlined body with
/// access groups (llvm.access.group) for the loop it expects around them,
/// as it marks a host simd loop's. The loop gets what flang gives that one:
/// those groups' accesses are parallel, and vectorization is asked for (so
/// a simd reduction vectorizes, as in clang's kernels).
static MDNode *simdLoopMetadata(Function &Body) {
  LLVMContext &Ctx = Body.getContext();
  SmallSetVector<Metadata *, 4> Groups;
  for (BasicBlock &BB : Body)
    for (Instruction &I : BB)
      if (MDNode *G = I.getMetadata(LLVMContext::MD_access_group)) {
        if (G->getNumOperands() == 0)
          Groups.insert(G); // One group.
        else
          for (const MDOperand &Op : G->operands())
            Groups.insert(Op.get());
      }
  if (Groups.empty())
    return nullptr;
  SmallVector<Metadata *, 4> Parallel{
      MDString::get(Ctx, "llvm.loop.parallel_accesses")};
  Parallel.append(Groups.begin(), Groups.end());
  Metadata *Enable[] = {
      MDString::get(Ctx, "llvm.loop.vectorize.enable"),
      ConstantAsMetadata::get(ConstantInt::getTrue(Ctx))};
  SmallVector<Metadata *, 3> Ops{nullptr, MDNode::get(Ctx, Parallel),
                                 MDNode::get(Ctx, Enable)};
  MDNode *Loop = MDNode::getDistinct(Ctx, Ops);
  Loop->replaceOperandWith(0, Loop);
  return Loop;
}

/// True if \p Body has an `ordered` region (calls __kmpc_ordered). On the
/// device flang hands libomp's ordered no iteration number, and libomp
/// then passes the turn from thread to thread (0, 1, ..., 0, ...), which
/// is iteration order only if iteration k runs on thread k mod the team's
/// size: schedule(static, 1).
static bool hasOrderedRegion(Function &Body) {
  for (BasicBlock &BB : Body)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *F = Call->getCalledFunction())
          if (F->getName() == "__kmpc_ordered")
            return true;
  return false;
}

/// Replaces \p CI, a call of callback \p CB, with the loop around its body
/// (see the file comment); false, changing nothing, when it does not fit.
static bool emitLoop(CallInst &CI, const LoopCallback &CB, StringRef Suffix) {
  Module &M = *CI.getModule();
  LLVMContext &Ctx = M.getContext();
  if (CI.arg_size() < 4)
    return false;
  auto *Body = dyn_cast<Function>(CI.getArgOperand(1)->stripPointerCasts());
  Value *Arg = CI.getArgOperand(2), *NumIters = CI.getArgOperand(3);
  Type *Ty = NumIters->getType();
  if (!Body || Body->isDeclaration() || !Ty->isIntegerTy() ||
      Body->getFunctionType() !=
          FunctionType::get(Type::getVoidTy(Ctx),
                            {Ty, PointerType::getUnqual(Ctx)}, false))
    return false;
  for (unsigned Op : CB.Chunks) {
    if (!Op)
      continue;
    auto *C = Op < CI.arg_size() ? dyn_cast<ConstantInt>(CI.getArgOperand(Op))
                                 : nullptr;
    if (!C || !C->isZero())
      return false;
  }
  if (hasOrderedRegion(*Body)) {
    // The callback with a thread chunk of 1 (its last chunk operand), for
    // the turns of libomp's ordered; the loop is serial there anyway.
    if (CB.Kind == 1)
      return false;
    unsigned ThreadChunk = CB.Chunks[1] ? CB.Chunks[1] : CB.Chunks[0];
    CI.setArgOperand(ThreadChunk, ConstantInt::get(Ty, 1));
    ++NumOrderedLoops;
    return true;
  }

  Function &F = *CI.getFunction();
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  Value *LoSlot = Entry.CreateAlloca(Ty, nullptr, "omp_indirect.lo");
  Value *HiSlot = Entry.CreateAlloca(Ty, nullptr, "omp_indirect.hi");

  IRBuilder<> B(&CI);
  FunctionCallee Bounds = M.getOrInsertFunction(
      ("__omp_indirect_flang_static_bounds" + Suffix).str(),
      Type::getVoidTy(Ctx), B.getInt32Ty(), Ty, PointerType::getUnqual(Ctx),
      PointerType::getUnqual(Ctx));
  B.CreateCall(Bounds, {B.getInt32(CB.Kind), NumIters, LoSlot, HiSlot});
  Value *Lo = B.CreateLoad(Ty, LoSlot, "omp_indirect.lo.val");
  Value *Hi = B.CreateLoad(Ty, HiSlot, "omp_indirect.hi.val");

  BasicBlock *Pre = CI.getParent();
  BasicBlock *After = Pre->splitBasicBlock(CI.getIterator(), "omp_indirect.loop.exit");
  BasicBlock *Header = BasicBlock::Create(Ctx, "omp_indirect.loop.header", &F, After);
  BasicBlock *Latch = BasicBlock::Create(Ctx, "omp_indirect.loop.body", &F, After);
  Pre->getTerminator()->eraseFromParent();
  BranchInst::Create(Header, Pre);

  IRBuilder<> H(Header);
  PHINode *I = H.CreatePHI(Ty, 2, "omp_indirect.iv");
  I->addIncoming(Lo, Pre);
  H.CreateCondBr(H.CreateICmpULT(I, Hi), Latch, After);

  // I < Hi, so I + 1 wraps in neither sense.
  IRBuilder<> L(Latch);
  CallInst *Call = L.CreateCall(Body->getFunctionType(), Body, {I, Arg});
  Call->setDebugLoc(CI.getDebugLoc());
  Value *Next = L.CreateAdd(I, ConstantInt::get(Ty, 1), "omp_indirect.iv.next",
                            /*HasNUW=*/true, /*HasNSW=*/true);
  BranchInst *Back = L.CreateBr(Header);
  if (MDNode *Simd = simdLoopMetadata(*Body))
    Back->setMetadata(LLVMContext::MD_loop, Simd);
  I->addIncoming(Next, Latch);

  CI.eraseFromParent();
  ++NumFlangLoops;
  return true;
}

unsigned emitFlangLoops(Module &M) {
  if (!EnableFlangLoops || !isFlangModule(M) || !isDeviceModule(M) ||
      Triple(M.getTargetTriple()).getArch() != Triple::x86_64)
    return 0;
  unsigned Changed = 0;
  for (const LoopCallback &CB : Callbacks)
    for (const char *Suffix : Suffixes) {
      Function *Callee = M.getFunction((Twine(CB.Name) + Suffix).str());
      if (!Callee)
        continue;
      SmallVector<CallInst *, 8> Calls;
      for (User *U : Callee->users())
        if (auto *CI = dyn_cast<CallInst>(U))
          if (CI->getCalledOperand() == Callee)
            Calls.push_back(CI);
      for (CallInst *CI : Calls)
        Changed += emitLoop(*CI, CB, Suffix);
    }
  return Changed;
}

} // namespace omp_indirect
