//===- OmpIndirect.h - names and entry points of the omp-indirect pass ---===//
//
// Everything the clang plugin, the pass and the tests share: the metadata and
// symbol names that make up omp-indirect's binary interface (docs/ describes
// each one), the pure transformations, and the pass wrapper.
//
// USAGE: /usr/lib/llvm-16/bin/opt -load-pass-plugin=build/lib/libomp-indirect-pass.so
//            -passes=omp-indirect in.ll -S -o out.ll
//
//===----------------------------------------------------------------------===//
#ifndef OMP_INDIRECT_OMPINDIRECT_H
#define OMP_INDIRECT_OMPINDIRECT_H

#include "FptrFormat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class CallInst;
class Constant;
class PassBuilder;
class Function;
class FunctionCallee;
class GlobalVariable;
class Module;
class OptimizationRemarkEmitter;
class Value;
class StructType;
} // namespace llvm

namespace omp_indirect {

/// \name Binary interface. docs/format.md documents every name here.
///{
/// Named metadata listing the indirect functions of a translation unit.
constexpr llvm::StringLiteral EntriesMDName = "omp_indirect.entries";
/// Named metadata listing the unit's `declare mapper` declarations.
constexpr llvm::StringLiteral MappersMDName = "omp_indirect.mappers";
/// Named metadata holding the translation unit's identifier.
constexpr llvm::StringLiteral TUMDName = "omp_indirect.tu";
/// Named metadata, present when the unit's device code calls through a
/// pointer (the plugin's DeviceCalls.h).
constexpr llvm::StringLiteral PointerCallsMDName = "omp_indirect.pointer_calls";
/// Metadata kind of an indirect function entry (the design's kind 2).
constexpr unsigned IndirectFuncKind = 2;
/// Metadata kind of a vtable address point of an indirect class.
constexpr unsigned VTableKind = 3;
/// __tgt_offload_entry::flags of an indirect function entry.
constexpr uint32_t DeclareTargetFptrFlag = 0x8;
/// Device runtime function that maps a host function pointer to the device.
constexpr llvm::StringLiteral TranslateFnName = "__kmpc_target_translate_fptr";
/// Device: the symbol every module with lookups refers to, which only the
/// device runtime defines, so that a link without it names what to add
/// (devicertl/include/FptrMap.h, OMP_INDIRECT_LINK_HINT and _NVPTX).
constexpr llvm::StringLiteral LinkHintName =
    "omp-indirect: link with -lomp-indirect-device -lomp-indirect-rt "
    "(omp-indirect-clang adds them)";
constexpr llvm::StringLiteral LinkHintNameNVPTX =
    "omp_indirect_link_with_lomp_indirect_device_and_lomp_indirect_rt";
/// Device: the lookup of a vtable slot where the vtable's lookup missed
/// (VirtualCalls.cpp), defined by the pass in each module that needs it.
constexpr llvm::StringLiteral SlotLookupName = "__omp_indirect_translate_slot";
/// Prefix of the per-translation-unit FPTR entry table.
constexpr llvm::StringLiteral FptrTablePrefix = "__omp_offloading_fptr_entries_";
/// The types of a device FPTR table's header and of its x86_64 entry
/// (docs/format.md, section 2).
constexpr llvm::StringLiteral FptrDeviceHeaderTypeName =
    "struct.__omp_indirect_fptr_device_header";
constexpr llvm::StringLiteral FptrRelEntryTypeName =
    "struct.__omp_indirect_fptr_rel_entry";
/// Bytes of a device table of \p N entries, on every target (the layouts,
/// sizes and digest: runtime/common/FptrFormat.h).
constexpr uint64_t fptrDeviceTableBytes(uint64_t N) {
  return OMP_INDIRECT_FPTR_HEADER_BYTES + OMP_INDIRECT_FPTR_ENTRY_BYTES * N;
}
/// Host section that gathers every FPTR entry of the program.
constexpr llvm::StringLiteral FptrSectionName = "omp_offloading_fptr_entries";
/// Device global that points at the uploaded table block.
constexpr llvm::StringLiteral MapPtrName = "__omp_offloading_fptr_map_p";
/// Host section, record prefix and first string of the `declare mapper`
/// records (MapperSection.cpp).
constexpr llvm::StringLiteral MapperSectionName = "omp_indirect_mappers";
constexpr llvm::StringLiteral MapperRecordPrefix = "__omp_indirect_mappers_";
constexpr llvm::StringLiteral MapperRecordMagic = "omp_indirect.mappers.v1";
/// libomptarget's kernel launch, and the runtime hook that replaces it.
constexpr llvm::StringLiteral KernelLaunchName = "__tgt_target_kernel";
constexpr llvm::StringLiteral KernelLaunchHookName =
    "__omp_indirect_target_kernel";
/// Host: the image descriptor every unit of an image shares, and the runtime
/// calls that register and unregister it (docs/runtime.md).
constexpr llvm::StringLiteral ImageDescName = "__omp_indirect_image";
constexpr llvm::StringLiteral RegisterImageName = "__omp_indirect_register_image";
constexpr llvm::StringLiteral UnregisterImageName =
    "__omp_indirect_unregister_image";
/// Layout version of the image descriptor.
constexpr uint32_t ImageDescVersion = 3;
/// Host: what a unit whose device code calls through pointers calls from a
/// constructor (once per image), so that the runtime uploads a table even
/// without indirect functions (docs/runtime.md, the stop).
constexpr llvm::StringLiteral PointerCallsName =
    "__omp_indirect_image_calls_through_pointers";
///}

/// One entry of a translation unit's FPTR table: an indirect function, or
/// (kind VTableKind) one address point of an indirect class's vtable.
struct IndirectEntry {
  std::string Name;      ///< Symbol name of the function or vtable (mangled).
  unsigned Order;        ///< Position in the table, from 0.
  std::string Signature; ///< "i32(ptr,...)" if only declared, else "".
  unsigned Kind = IndirectFuncKind;
  uint64_t Offset = 0; ///< Vtables: byte offset of the address point.
};

/// One map clause item of a `declare mapper`.
struct MapperItem {
  std::string Expr;    ///< The item as written, e.g. "s.d[0:s.len]".
  std::string MapType; ///< alloc, to, from, tofrom, release or delete.
};

/// One `declare mapper` declaration.
struct MapperRecord {
  std::string Id;   ///< The mapper identifier; "default" when unnamed.
  std::string Type; ///< The mapped type, e.g. "struct S".
  std::vector<MapperItem> Items;
};

/// What the clang plugin found in one translation unit.
struct TUInfo {
  std::string Id;                     ///< Unique, equal on host and device.
  std::vector<IndirectEntry> Entries; ///< In declaration order.
  std::vector<MapperRecord> Mappers;  ///< In source order.
  bool PointerCalls = false; ///< The unit's device code calls through one.
};

/// \name Metadata (Metadata.cpp)
///{
/// True for a module compiled for an offload device ("openmp-device" flag).
bool isDeviceModule(const llvm::Module &M);
/// Attaches \p Info to \p M: the entries (when there are any and \p M has
/// none yet) and the mappers (likewise).
void writeTUInfo(llvm::Module &M, const TUInfo &Info);
/// Reads the entries and identifier of \p M. The identifier falls back to a
/// hash of the source file name when the module has none.
TUInfo readTUInfo(const llvm::Module &M);
/// Plugin-to-pass handoff inside one clang process: the plugin stores what
/// it found, the pass attaches it to the module it runs on.
void setPendingTUInfo(TUInfo Info);
/// Returns and clears the stored handoff, if any.
bool takePendingTUInfo(TUInfo &Out);
/// Set by the plugin in a job that runs no LLVM passes, such as the host
/// bitcode job of an offload compile (see OmpIndirectPass.cpp for how the
/// pass still reaches that module).
void setPasslessJob(bool V);
bool isPasslessJob();
/// Registers the pass with \p PB: by pipeline name, at the pipeline's start
/// and end, and the passless-job hook (what llvmGetPassPluginInfo hands opt
/// and clang).
void registerPassBuilderCallbacks(llvm::PassBuilder &PB);
///}

/// \name Transformations. Each returns how many things it changed.
///{
/// Device: routes every indirect call through __kmpc_target_translate_fptr.
unsigned translateIndirectCalls(llvm::Module &M);
/// Device: routes every vtable pointer a virtual dispatch reads through
/// __kmpc_target_translate_fptr (VirtualCalls.cpp). Run it before
/// translateIndirectCalls.
unsigned translateVtablePointers(llvm::Module &M);
/// Device: true if \p Callee provably holds a device address or NULL, so a
/// call through it needs no translation (DeviceAddress.cpp).
bool holdsDeviceAddress(const llvm::Value *Callee);
/// Host and device: appends the unit's identifier to the names of clang's
/// own entries for `indirect` functions (LLVM 17 and later), so that units
/// never collide, and makes the vtables clang 22 defines for its vtable
/// entries outside their unit weak_odr (ClangIndirectEntries.cpp).
unsigned uniquifyClangIndirectEntries(llvm::Module &M, const TUInfo &Info);
/// Host and device: emits the FPTR entry table.
unsigned emitFptrTable(llvm::Module &M, const TUInfo &Info);
/// Host and device, in every unit with offload code or indirect functions:
/// the table globals the device runtime reads; on the host also the image
/// descriptor and the constructor that registers it (ImageRegistration.cpp).
unsigned emitImageRegistration(llvm::Module &M, const TUInfo &Info);
/// Host: copies !omp_indirect.mappers into section omp_indirect_mappers.
unsigned emitMapperSection(llvm::Module &M, const TUInfo &Info);
/// Host: sends kernel launches, and in modules with mappers the data-mapping
/// calls and the mapper functions' component pushes, to the host runtime.
unsigned redirectRuntimeCalls(llvm::Module &M);
/// Device, late in the pipeline: gives each translation of a pointer
/// reloaded in a loop a one-entry cache (TranslationCache.cpp).
unsigned cacheLoopTranslations(llvm::Function &F,
                               llvm::FunctionAnalysisManager &FAM);
/// The metadata that marks a translation on the miss path of the memos
/// (PromotionMemo.cpp), which the translation cache leaves alone.
constexpr llvm::StringLiteral MemoMDName = "omp_indirect.memo";
/// The translations in \p F of a device module that the loop rewrites
/// (TranslationCache.cpp, PromotionMemo.cpp) may take: every call of
/// __kmpc_target_translate_fptr but those marked MemoMDName.
llvm::SmallVector<llvm::CallInst *, 8>
loopTranslationCandidates(llvm::Function &F);
/// Fortran: in a module flang made, the indirect procedures
/// omp-indirect-flang found (its environment), the unit's identifier, and
/// on the host whether its code calls through pointers; with -g the compile
/// unit names the user's source, not the wrapper's copy (FlangIndirect.cpp).
unsigned addFlangIndirect(llvm::Module &M, TUInfo &Info);
/// Fortran, device, x86_64: each of flang's loop callbacks
/// (__kmpc_for_static_loop_4u, ...) becomes the loop around a direct call
/// of its outlined body, which the inliner then inlines (FlangLoops.cpp).
unsigned emitFlangLoops(llvm::Module &M);
/// True for a module flang made (source_filename "FIRModule").
bool isFlangModule(const llvm::Module &M);
/// Fortran: on the device, `associated(p, f)` compares the pointer's
/// device address; on the host, a warning for an intrinsic procedure passed
/// as an argument (FlangProcedureChecks.cpp).
unsigned checkFlangProcedures(llvm::Module &M);
/// All of the above that applies to \p M. Returns true if \p M changed.
bool runOmpIndirect(llvm::Module &M);
///}

/// \name Shared by IndirectCalls.cpp and VirtualCalls.cpp.
///{
/// The declaration of __kmpc_target_translate_fptr in \p M.
llvm::FunctionCallee getTranslateFn(llvm::Module &M);
/// True for functions of a device runtime, whose calls stay as they are.
bool isDeviceRuntime(const llvm::Function &F);
/// When the callee of \p CB is read from a slot of a translated vtable
/// (provably a vptr), makes the slot's own lookup run only where the vptr's
/// lookup missed, and returns true (with a remark); the slot of a vtable
/// that was translated is a device address.
bool lookUpSlotOnMiss(llvm::CallBase &CB, llvm::FunctionCallee Translate,
                      llvm::OptimizationRemarkEmitter &ORE);
///}

/// The type of an FPTR entry in \p M: the layout of LLVM 16 and 19's
/// __tgt_offload_entry on every release (docs/format.md).
llvm::StructType *getFptrEntryType(llvm::Module &M);
/// \name The device module's FPTR table (DeviceEntryTable.cpp)
///{
/// The header type, { i32 layout, i32 count, i64 digest }.
llvm::StructType *getFptrDeviceHeaderType(llvm::Module &M);
/// The x86_64 entry type, { i32 offset from the entry, i32 name hash }.
llvm::StructType *getFptrRelEntryType(llvm::Module &M);
/// The header's digest of \p Hashes, in order.
uint64_t fptrDigest(llvm::ArrayRef<uint32_t> Hashes);
/// Emits the device table \p Name of the functions (or vtable address
/// points) \p Addrs, whose names hash to \p Hashes: relative entries on
/// x86_64, addresses elsewhere (docs/format.md, section 2).
llvm::GlobalVariable *emitDeviceFptrTable(llvm::Module &M,
                                          llvm::StringRef Name,
                                          llvm::ArrayRef<llvm::Constant *> Addrs,
                                          llvm::ArrayRef<uint32_t> Hashes);
///}
/// Host: gives \p GV an ordinary libomptarget entry (flags 0), so that stock
/// libomptarget maps it to the device global of the same name, which has
/// \p DeviceSize bytes (by default, as many as \p GV).
void registerWithLibomptarget(
    llvm::Module &M, llvm::GlobalVariable &GV,
    std::optional<uint64_t> DeviceSize = std::nullopt);

/// New-PM wrapper; required, so that it also runs on optnone functions.
struct OmpIndirectPass : llvm::PassInfoMixin<OmpIndirectPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Function pass wrapper of cacheLoopTranslations; an optimization, so not
/// required (skipped on optnone functions).
struct TranslationCachePass : llvm::PassInfoMixin<TranslationCachePass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace omp_indirect

#endif // OMP_INDIRECT_OMPINDIRECT_H
