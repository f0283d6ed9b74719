//===- VirtualCalls.cpp - translate vtable pointers at virtual dispatch ---===//
//
// An object built on the host and mapped to a device keeps the host's vptr.
// On a device module, every load of a vptr that a virtual dispatch reads
// through becomes
//
//   %vtable = load ptr, ptr %obj
//   %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
//
// and every use of %vtable reads %vtable.device instead. The FPTR table maps
// each host address point of an indirect class's vtable to the device one
// (EntryTable.cpp); a device vtable misses and passes through unchanged.
//
// At the pipeline start, clang-16 emits the shapes the pass looks for:
//  - a virtual call, or a call through a pointer to a virtual member: the
//    callee (maybe through a phi or select) is a load from the vptr, or from
//    a GEP of it, and the vptr was loaded from a pointer the call gets as an
//    argument (the object, `this`, possibly adjusted);
//  - a virtual base's offset: an integer load at a negative constant offset
//    from the vptr, added to the pointer the vptr was loaded from.
// A C table of function pointers reached the same way (`s->ops->f(s)`) is
// also translated; that lookup misses and changes nothing.
//
// The function pointer read from a translated vtable is a device address,
// so the second lookup (IndirectCalls.cpp) is skipped when the vptr load is
// provably one (clang's "vtable pointer" TBAA tag, -O1 and up;
// `!invariant.group`, -fstrict-vtable-pointers; or an llvm.type.test of it)
// and the vptr's lookup hit. Where it missed (the class registered no
// vtable, or the object was built on the device), the slot is looked up:
//
//   %vtable.miss = icmp eq ptr %vtable.device, %vtable
//   br i1 %vtable.miss, label %lookup, label %call
// lookup: %fptr.device = call ptr @__omp_indirect_translate_slot(ptr %fn)
// call:   %vfn.device = phi ptr [ %fn, ... ], [ %fptr.device, %lookup ]
//
// so a host function is never called through a host vtable unseen (the
// host-offload device stops there). __omp_indirect_translate_slot, which
// the pass defines in the module, calls the lookup; unlike the lookup it is
// not speculatable, so no later pass hoists it onto the hit path. At -O0 nothing proves the vptr load
// and the second lookup stays unconditional.
//
// Remarks: `VtablePointerTranslated`, `SlotLookupSkipped` (passed).
// Switches: -omp-indirect-disable-vptr-translation,
//           -omp-indirect-disable-slot-lookup-skip.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect -pass-remarks=omp-indirect dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "omp-indirect"

STATISTIC(NumVptrTranslated, "Vtable pointers routed through the FPTR table");
STATISTIC(NumSlotLookupsSkipped,
          "Calls through a translated vtable slot left without a lookup");

static cl::opt<bool> DisableVptrTranslation(
    "omp-indirect-disable-vptr-translation", cl::Hidden, cl::init(false),
    cl::desc("Do not translate vtable pointers at virtual dispatch"));
static cl::opt<bool> DisableSlotLookupSkip(
    "omp-indirect-disable-slot-lookup-skip", cl::Hidden, cl::init(false),
    cl::desc("Also look up function pointers read from translated vtables"));

namespace omp_indirect {

/// The pointer a load reads through, without casts and invariant groups.
static const Value *objectOf(const LoadInst &L) {
  return L.getPointerOperand()->stripPointerCastsForAliasAnalysis();
}

/// The vptr load \p Slot reads through: \p Slot's address is a loaded
/// pointer, or GEPs of one. Null otherwise.
static LoadInst *vptrUnder(Value *Addr) {
  Addr = Addr->stripPointerCasts();
  while (auto *GEP = dyn_cast<GEPOperator>(Addr))
    Addr = GEP->getPointerOperand()->stripPointerCasts();
  auto *L = dyn_cast<LoadInst>(Addr);
  return L && L->getType()->isPointerTy() ? L : nullptr;
}

/// The values \p V may be, through phis and selects: its possible loads.
static void collectSources(Value *V, SmallPtrSetImpl<Value *> &Seen,
                           SmallVectorImpl<LoadInst *> &Loads) {
  V = V->stripPointerCasts();
  if (!Seen.insert(V).second)
    return;
  if (auto *P = dyn_cast<PHINode>(V)) {
    for (Value *In : P->incoming_values())
      collectSources(In, Seen, Loads);
  } else if (auto *S = dyn_cast<SelectInst>(V)) {
    collectSources(S->getTrueValue(), Seen, Loads);
    collectSources(S->getFalseValue(), Seen, Loads);
  } else if (auto *L = dyn_cast<LoadInst>(V)) {
    Loads.push_back(L);
  }
}

/// Virtual calls: vptr loads whose slot is the callee of \p CB, read from an
/// object \p CB gets as an argument.
static void findCallVptrs(CallBase &CB, SmallVectorImpl<LoadInst *> &Out) {
  SmallPtrSet<Value *, 8> Seen;
  SmallVector<LoadInst *, 4> Slots;
  collectSources(CB.getCalledOperand(), Seen, Slots);
  for (LoadInst *Slot : Slots) {
    LoadInst *Vptr = vptrUnder(Slot->getPointerOperand());
    if (!Vptr)
      continue;
    const Value *Obj = objectOf(*Vptr);
    if (llvm::any_of(CB.args(), [&](const Use &A) {
          return A->stripPointerCastsForAliasAnalysis() == Obj;
        }))
      Out.push_back(Vptr);
  }
}

/// Virtual bases: \p L loads an integer at a negative constant offset from
/// a vptr, and the offset is added to the object the vptr came from.
static LoadInst *vbaseOffsetVptr(LoadInst &L) {
  if (!L.getType()->isIntegerTy())
    return nullptr;
  auto *GEP = dyn_cast<GEPOperator>(L.getPointerOperand()->stripPointerCasts());
  if (!GEP || GEP->getNumIndices() != 1)
    return nullptr;
  auto *Off = dyn_cast<ConstantInt>(GEP->idx_begin()->get());
  if (!Off || !Off->isNegative())
    return nullptr;
  auto *Vptr = dyn_cast<LoadInst>(GEP->getPointerOperand()->stripPointerCasts());
  if (!Vptr || !Vptr->getType()->isPointerTy())
    return nullptr;
  const Value *Obj = objectOf(*Vptr);
  for (const User *U : L.users())
    if (const auto *G = dyn_cast<GEPOperator>(U))
      if (G->getPointerOperand()->stripPointerCastsForAliasAnalysis() == Obj)
        return Vptr;
  return nullptr;
}

/// True if \p CB is a call of the translation function.
static bool isTranslateCall(const Value *V) {
  const auto *CB = dyn_cast<CallBase>(V);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->getName() == TranslateFnName;
}

/// True if \p V is checked by an llvm.type.test (or its public form).
static bool hasTypeTest(const Value &V) {
  for (const User *U : V.users())
    if (const auto *II = dyn_cast<IntrinsicInst>(U))
      if (II->getIntrinsicID() == Intrinsic::type_test ||
          II->getIntrinsicID() == Intrinsic::public_type_test)
        return true;
  return false;
}

/// True if \p L provably loads a vptr (see the file comment); \p T is its
/// translation, which the type tests read once it is in place.
static bool isProvenVptrLoad(const LoadInst &L, const Value &T) {
  if (L.hasMetadata(LLVMContext::MD_invariant_group))
    return true;
  if (const MDNode *Tag = L.getMetadata(LLVMContext::MD_tbaa))
    if (Tag->getNumOperands() >= 2)
      if (const auto *Access = dyn_cast<MDNode>(Tag->getOperand(1)))
        if (Access->getNumOperands() >= 1)
          if (const auto *S = dyn_cast<MDString>(Access->getOperand(0)))
            if (S->getString() == "vtable pointer")
              return true;
  return hasTypeTest(L) || hasTypeTest(T);
}

/// The slot's lookup on a miss: a function of the module that calls the
/// lookup. The lookup is speculatable, so that loops hoist it; this one is
/// not, so that no pass moves it out of its branch onto the hit path.
static FunctionCallee getSlotLookupFn(Module &M, FunctionCallee Translate) {
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  auto *Ty = FunctionType::get(Ptr, {Ptr}, false);
  if (Function *F = M.getFunction(SlotLookupName))
    return {Ty, F};
  Function *F = Function::Create(Ty, GlobalValue::LinkOnceODRLinkage,
                                 SlotLookupName, M);
  F->setVisibility(GlobalValue::HiddenVisibility);
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  F->setDoesNotAccessMemory();
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  B.CreateRet(B.CreateCall(Translate, {F->getArg(0)}));
  return {Ty, F};
}

bool lookUpSlotOnMiss(CallBase &CB, FunctionCallee Translate,
                      OptimizationRemarkEmitter &ORE) {
  if (DisableSlotLookupSkip)
    return false;
  Value *Callee = CB.getCalledOperand();
  auto *Slot = dyn_cast<LoadInst>(Callee->stripPointerCasts());
  if (!Slot)
    return false;
  Value *Addr = Slot->getPointerOperand()->stripPointerCasts();
  while (auto *GEP = dyn_cast<GEPOperator>(Addr))
    Addr = GEP->getPointerOperand()->stripPointerCasts();
  auto *T = dyn_cast<CallBase>(Addr);
  if (!T || !isTranslateCall(T))
    return false;
  auto *Vptr = dyn_cast<LoadInst>(T->getArgOperand(0)->stripPointerCasts());
  if (!Vptr || !isProvenVptrLoad(*Vptr, *T))
    return false;
  // The lookup answered with the vptr itself: the vtable is not registered
  // (a class without a device vtable) or already a device one. Only then is
  // the slot looked up; a translated vtable's slot is a device address.
  IRBuilder<> B(&CB);
  Value *Miss = B.CreateICmpEQ(T, T->getArgOperand(0), "vtable.miss");
  Instruction *Then = SplitBlockAndInsertIfThen(Miss, &CB, false);
  B.SetInsertPoint(Then);
  Type *Ptr = PointerType::get(CB.getContext(), 0);
  CallInst *Looked = B.CreateCall(
      getSlotLookupFn(*CB.getModule(), Translate),
      {B.CreatePointerBitCastOrAddrSpaceCast(Callee, Ptr)}, "fptr.device");
  Looked->setDoesNotAccessMemory();
  Looked->setDoesNotThrow();
  B.SetInsertPoint(CB.getParent(), CB.getParent()->begin());
  PHINode *Phi = B.CreatePHI(Ptr, 2, "vfn.device");
  Phi->addIncoming(B.CreatePointerBitCastOrAddrSpaceCast(Callee, Ptr),
                   Then->getParent()->getSinglePredecessor());
  Phi->addIncoming(Looked, Then->getParent());
  CB.setCalledOperand(Phi);
  ++NumSlotLookupsSkipped;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "SlotLookupSkipped", &CB)
           << "virtual call: the slot of a translated vtable is called "
              "without a lookup; where the vtable lookup missed (a class "
              "without a registered vtable), the slot is looked up";
  });
  return true;
}

/// Routes \p Vptr through the lookup. False if it already is.
static bool translateVptr(LoadInst &Vptr, FunctionCallee Translate,
                          OptimizationRemarkEmitter &ORE) {
  if (llvm::any_of(Vptr.users(), isTranslateCall))
    return false;
  IRBuilder<> B(Vptr.getNextNode());
  B.SetCurrentDebugLocation(Vptr.getDebugLoc());
  Type *Ptr = PointerType::get(Vptr.getContext(), 0);
  Value *Arg = B.CreatePointerBitCastOrAddrSpaceCast(&Vptr, Ptr);
  CallInst *T = B.CreateCall(Translate, {Arg}, "vtable.device");
  Value *New = B.CreatePointerBitCastOrAddrSpaceCast(T, Vptr.getType());
  Vptr.replaceUsesWithIf(New, [&](Use &U) {
    return U.getUser() != T && U.getUser() != Arg;
  });
  ++NumVptrTranslated;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "VtablePointerTranslated", &Vptr)
           << "vtable pointer routed through " << TranslateFnName;
  });
  return true;
}

unsigned translateVtablePointers(Module &M) {
  if (DisableVptrTranslation)
    return 0;
  unsigned Changed = 0;
  for (Function &F : M) {
    if (F.isDeclaration() || isDeviceRuntime(F))
      continue;
    SmallVector<LoadInst *, 8> Vptrs;
    for (Instruction &I : instructions(F)) {
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        if (CB->isIndirectCall() && !CB->isInlineAsm())
          findCallVptrs(*CB, Vptrs);
      } else if (auto *L = dyn_cast<LoadInst>(&I)) {
        if (LoadInst *V = vbaseOffsetVptr(*L))
          Vptrs.push_back(V);
      }
    }
    if (Vptrs.empty())
      continue;
    OptimizationRemarkEmitter ORE(&F);
    FunctionCallee Translate = getTranslateFn(M);
    SmallPtrSet<LoadInst *, 8> Done;
    for (LoadInst *V : Vptrs)
      if (Done.insert(V).second)
        Changed += translateVptr(*V, Translate, ORE);
  }
  return Changed;
}

} // namespace omp_indirect
