//===- RuntimeABI.h - types of the libxmprt functions the compiler calls -===//
//
// The compiler side of RuntimeABI.def: every call of a libxmprt function
// that a pass emits is checked here against the one list of their C types
// (which the runtime's build checks against xmprt/*.h), so a call that does
// not match the C declaration stops the compiler with a message naming the
// function, instead of becoming a program that passes the wrong arguments.
//===----------------------------------------------------------------------===//
#ifndef XMP_CONVERSION_RUNTIMEABI_H
#define XMP_CONVERSION_RUNTIMEABI_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include "xmprt/xmprt.h"

#include <string>

namespace mlir::xmp::abi {

// The parameter and result kinds of RuntimeABI.def.
struct Ptr;
struct I32;
struct I64;
struct F32;
struct F64;
using Void = void;

template <class T> struct Kind;
template <> struct Kind<Ptr> {
  static Type get(MLIRContext *c) { return LLVM::LLVMPointerType::get(c); }
  static constexpr const char *name = "Ptr";
};
template <> struct Kind<I32> {
  static Type get(MLIRContext *c) { return IntegerType::get(c, 32); }
  static constexpr const char *name = "I32";
};
template <> struct Kind<I64> {
  static Type get(MLIRContext *c) { return IntegerType::get(c, 64); }
  static constexpr const char *name = "I64";
};
template <> struct Kind<F32> {
  static Type get(MLIRContext *c) { return Float32Type::get(c); }
  static constexpr const char *name = "F32";
};
template <> struct Kind<F64> {
  static Type get(MLIRContext *c) { return Float64Type::get(c); }
  static constexpr const char *name = "F64";
};

template <class F> struct Signature;
template <class R, class... A> struct Signature<R(A...)> {
  static FunctionType get(MLIRContext *c) {
    SmallVector<Type> results;
    if constexpr (!std::is_void_v<R>)
      results.push_back(Kind<R>::get(c));
    return FunctionType::get(c, {Kind<A>::get(c)...}, results);
  }
};

struct RuntimeFunction {
  llvm::StringLiteral name;
  FunctionType (*type)(MLIRContext *);
};

inline llvm::ArrayRef<RuntimeFunction> runtimeFunctions() {
  static const RuntimeFunction table[] = {
#define XMPRT_FN(n, r, a) {llvm::StringLiteral(#n), &Signature<r a>::get},
#include "xmp/Conversion/RuntimeABI.def"
  };
  return table;
}

inline const RuntimeFunction *lookupRuntimeFunction(llvm::StringRef name) {
  for (const RuntimeFunction &f : runtimeFunctions())
    if (f.name == name)
      return &f;
  return nullptr;
}

/// Whether a value of type `got` at a call lowers to the ABI type `want`:
/// the same type, or `index` for a 64-bit integer (index lowers to i64 on
/// the 64-bit targets the runtime supports).
inline bool abiCompatible(Type want, Type got) {
  if (want == got)
    return true;
  return got.isIndex() && want.isInteger(64);
}

/// Checks a call of `name` with `args` and `results` against the table. A
/// mismatch is a bug of the compiler, not of the program: it stops with a
/// message naming the function, the position and both types.
inline void checkRuntimeCall(MLIRContext *ctx, llvm::StringRef name,
                             TypeRange args, TypeRange results) {
  const RuntimeFunction *f = lookupRuntimeFunction(name);
  std::string msg;
  llvm::raw_string_ostream os(msg);
  if (!f) {
    os << "xmp: internal error: call of '" << name
       << "', which is not in include/xmp/Conversion/RuntimeABI.def (add "
          "it there with its C type from xmprt/*.h)";
    llvm::report_fatal_error(llvm::StringRef(msg), /*gen_crash_diag=*/false);
  }
  FunctionType want = f->type(ctx);
  auto bad = [&](const char *what, size_t i, Type w, Type g) {
    os << "xmp: internal error: call of '" << name << "': " << what;
    if (i != size_t(-1))
      os << " #" << i;
    os << " is ";
    if (g)
      os << g;
    else
      os << "missing";
    os << ", the C ABI (RuntimeABI.def) has ";
    if (w)
      os << w;
    else
      os << "none";
    llvm::report_fatal_error(llvm::StringRef(msg), /*gen_crash_diag=*/false);
  };
  size_t n = std::max(args.size(), (size_t)want.getNumInputs());
  for (size_t i = 0; i < n; ++i) {
    Type w = i < want.getNumInputs() ? want.getInput(i) : Type();
    Type g = i < args.size() ? args[i] : Type();
    if (!w || !g || !abiCompatible(w, g))
      bad("argument", i, w, g);
  }
  if (results.size() != want.getNumResults() ||
      (results.size() == 1 && !abiCompatible(want.getResult(0), results[0])))
    bad("result", size_t(-1), want.getNumResults() ? want.getResult(0) : Type(),
        results.empty() ? Type() : results[0]);
}

/// The runtime's element-type code (XMPRT_I1 ... XMPRT_C64) of `type`, -1
/// for a type the runtime does not move.
inline int32_t runtimeElementType(Type type) {
  if (auto it = llvm::dyn_cast<IntegerType>(type)) {
    switch (it.getWidth()) {
    case 1:
      return XMPRT_I1;
    case 8:
      return XMPRT_I8;
    case 16:
      return XMPRT_I16;
    case 32:
      return XMPRT_I32;
    case 64:
      return XMPRT_I64;
    default:
      return -1;
    }
  }
  if (type.isF32())
    return XMPRT_F32;
  if (type.isF64())
    return XMPRT_F64;
  if (auto ct = llvm::dyn_cast<ComplexType>(type)) {
    if (ct.getElementType().isF32())
      return XMPRT_C32;
    if (ct.getElementType().isF64())
      return XMPRT_C64;
  }
  return -1;
}

/// Declares runtime function `name` (private, no body) in `module` unless a
/// symbol of that name exists, after checking `type` against the table.
inline void declareRuntimeFunction(ModuleOp module, Location loc,
                                   llvm::StringRef name, FunctionType type) {
  checkRuntimeCall(module.getContext(), name, type.getInputs(),
                   type.getResults());
  if (module.lookupSymbol(name))
    return;
  OpBuilder mb(module.getBodyRegion());
  func::FuncOp::create(mb, loc, name, type).setPrivate();
}

} // namespace mlir::xmp::abi

#endif
