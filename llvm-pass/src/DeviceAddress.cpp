//===- DeviceAddress.cpp - prove that a callee already is a device address ===//
//
// In a device module, the address of a function taken there is the address
// of its device copy, so a call through it needs no translation. This file
// proves, conservatively, that a called pointer can only hold such
// addresses (or NULL, which the translation would return unchanged):
//
//  - a function, or an alias of one;
//  - a `select` or `phi` whose every operand is proven;
//  - a load from a constant global with a definitive initializer whose every
//    pointer is a function or null, and nothing but pointers (so no load can
//    read integer bits as a pointer);
//  - a load from a local variable (alloca) that does not escape and into
//    which only proven values are stored: `fn_t p = f; p();` at -O0, and
//    before SROA at -O2.
//
// Anything else (arguments, loads from mapped or writable memory, integer
// casts, calls) may hold a host address and is translated.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect -pass-remarks=omp-indirect dev.ll -S
//
//===----------------------------------------------------------------------===//
#include "OmpIndirect.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace {

/// How far the search follows operands before it gives up (and translates).
constexpr unsigned MaxDepth = 8;

class DeviceAddressProver {
public:
  bool proves(const Value *V, unsigned Depth = 0);

private:
  bool isFunctionTable(const Constant *C);
  bool isPrivateSlot(const AllocaInst *A, unsigned Depth);
  bool provesSlot(const AllocaInst *A, unsigned Depth);
  SmallPtrSet<const Value *, 16> Visiting;
};

} // namespace

/// True if every leaf of \p C is a function, an alias of one, or null, and
/// every leaf is a pointer: an array or struct of function pointers.
bool DeviceAddressProver::isFunctionTable(const Constant *C) {
  C = C->stripPointerCasts();
  if (isa<Function>(C) || isa<ConstantPointerNull>(C))
    return true;
  if (auto *GA = dyn_cast<GlobalAlias>(C))
    return isa<Function>(GA->getAliaseeObject());
  if (isa<ConstantAggregateZero>(C))
    return C->getType()->isArrayTy() &&
           C->getType()->getArrayElementType()->isPointerTy();
  if (!isa<ConstantArray>(C) && !isa<ConstantStruct>(C))
    return false;
  for (const Use &Op : C->operands())
    if (!isFunctionTable(cast<Constant>(Op.get())))
      return false;
  return true;
}

/// True for a local variable whose address never escapes and into which
/// only proven values are stored.
bool DeviceAddressProver::isPrivateSlot(const AllocaInst *A, unsigned Depth) {
  for (const User *U : A->users()) {
    if (auto *L = dyn_cast<LoadInst>(U)) {
      if (L->getPointerOperand() != A)
        return false;
      continue;
    }
    if (auto *S = dyn_cast<StoreInst>(U)) {
      if (S->getPointerOperand() != A || S->getValueOperand() == A ||
          !proves(S->getValueOperand(), Depth + 1))
        return false;
      continue;
    }
    if (auto *II = dyn_cast<IntrinsicInst>(U))
      if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
        continue;
    return false; // Escapes, or written some other way (memcpy, GEP).
  }
  return true;
}

/// isPrivateSlot, assuming it for \p A while its stores are looked at: a
/// store of a value loaded from \p A itself stores a proven value if all
/// the others do.
bool DeviceAddressProver::provesSlot(const AllocaInst *A, unsigned Depth) {
  if (!Visiting.insert(A).second)
    return true;
  bool Proven = isPrivateSlot(A, Depth);
  Visiting.erase(A);
  return Proven;
}

bool DeviceAddressProver::proves(const Value *V, unsigned Depth) {
  if (Depth > MaxDepth)
    return false;
  V = V->stripPointerCasts();
  if (isa<Function>(V) || isa<ConstantPointerNull>(V))
    return true;
  if (auto *GA = dyn_cast<GlobalAlias>(V))
    return isa<Function>(GA->getAliaseeObject());
  // A phi may reach itself through a loop: assume it while we look at its
  // operands (each of them must still be proven).
  if (!Visiting.insert(V).second)
    return isa<PHINode>(V);
  bool Proven = false;
  if (auto *Sel = dyn_cast<SelectInst>(V)) {
    Proven = proves(Sel->getTrueValue(), Depth + 1) &&
             proves(Sel->getFalseValue(), Depth + 1);
  } else if (auto *Phi = dyn_cast<PHINode>(V)) {
    Proven = llvm::all_of(Phi->incoming_values(), [&](const Value *In) {
      return proves(In, Depth + 1);
    });
  } else if (auto *L = dyn_cast<LoadInst>(V)) {
    const Value *Obj = getUnderlyingObject(L->getPointerOperand());
    if (auto *GV = dyn_cast<GlobalVariable>(Obj))
      Proven = GV->isConstant() && GV->hasDefinitiveInitializer() &&
               isFunctionTable(GV->getInitializer());
    else if (auto *A = dyn_cast<AllocaInst>(Obj))
      Proven = A == L->getPointerOperand()->stripPointerCasts() &&
               !L->isVolatile() && provesSlot(A, Depth);
  }
  Visiting.erase(V);
  return Proven;
}

namespace omp_indirect {

bool holdsDeviceAddress(const Value *Callee) {
  return DeviceAddressProver().proves(Callee);
}

} // namespace omp_indirect
