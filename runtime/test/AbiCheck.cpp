//===- AbiCheck.cpp - the C headers against the compiler's table of calls -===//
//
// include/xmp/Conversion/RuntimeABI.def lists every libxmprt function that
// generated code calls, with the types the compiler passes. This file
// checks each entry against its C declaration at compile time (in
// xmprt.h, codegen.h, testing.h or mgpu.h: all are included, so an entry
// whose function is declared in none fails too): a parameter or result
// that differs (after mapping every pointer type to Ptr) fails the
// runtime's build, naming the function.
//===----------------------------------------------------------------------===//
#include "xmprt/codegen.h"
#include "xmprt/mgpu.h"
#include "xmprt/testing.h"
#include "xmprt/xmprt.h"

#include <cstdint>
#include <type_traits>

namespace {
struct Ptr;
using I32 = int32_t;
using I64 = int64_t;
using F32 = float;
using F64 = double;
using Void = void;

template <class T> struct Norm {
  using type = T;
};
template <class T> struct Norm<T *> {
  using type = Ptr;
};
template <class F> struct NormFn;
template <class R, class... A> struct NormFn<R(A...)> {
  using type = typename Norm<R>::type(typename Norm<A>::type...);
};

#define XMPRT_FN(n, r, a)                                                      \
  static_assert(std::is_same_v<NormFn<decltype(n)>::type, r a>,                \
                #n ": its declaration in xmprt/*.h and its entry in "         \
                   "include/xmp/Conversion/RuntimeABI.def disagree");
#include "xmp/Conversion/RuntimeABI.def"
} // namespace

// The number of functions checked (a symbol, so the object is not empty).
extern "C" int xmprt_abi_checked_functions() {
  int n = 0;
#define XMPRT_FN(name, r, a) ++n;
#include "xmp/Conversion/RuntimeABI.def"
  return n;
}
