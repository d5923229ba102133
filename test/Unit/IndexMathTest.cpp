// The IR index math (xmp/Dialect/XMP/Transforms/IndexMath.h) against the
// runtime's constexpr formulas (xmprt/Distribution.h): every builder is
// applied to constants over a sweep, the module is canonicalized, and each
// folded result must equal what the runtime computes for the same inputs.
#include "xmp/Dialect/XMP/Transforms/IndexMath.h"
#include "xmprt/Distribution.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

using namespace mlir;
namespace dist = xmprt::dist;

namespace {

/// Builds one function per sample (returning the builder's result from
/// constant inputs), folds the module, compares every return value.
class Sweep {
public:
  using Build = std::function<Value(OpBuilder &, Location,
                                    std::function<Value(int64_t)>)>;

  Sweep() {
    ctx.loadDialect<arith::ArithDialect, func::FuncDialect>();
    module = ModuleOp::create(UnknownLoc::get(&ctx));
  }

  void add(std::string what, int64_t expected, const Build &build) {
    OpBuilder b(&ctx);
    Location loc = b.getUnknownLoc();
    b.setInsertionPointToEnd(module->getBody());
    auto fn = func::FuncOp::create(
        b, loc, "f" + std::to_string(samples.size()),
        b.getFunctionType({}, {b.getIndexType()}));
    b.setInsertionPointToStart(fn.addEntryBlock());
    auto cst = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    Value r = build(b, loc, cst);
    func::ReturnOp::create(b, loc, r);
    samples.push_back({std::move(what), expected, fn});
  }

  void check() {
    PassManager pm(&ctx);
    pm.addPass(createCanonicalizerPass());
    ASSERT_TRUE(succeeded(pm.run(*module)));
    ASSERT_FALSE(samples.empty());
    for (Sample &s : samples) {
      auto ret = cast<func::ReturnOp>(
          s.fn.getFunctionBody().front().getTerminator());
      auto c = ret.getOperand(0).getDefiningOp<arith::ConstantIndexOp>();
      ASSERT_TRUE(c) << s.what << ": did not fold to a constant";
      EXPECT_EQ(c.value(), s.expected) << s.what;
    }
  }

private:
  struct Sample {
    std::string what;
    int64_t expected;
    func::FuncOp fn;
  };
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  std::vector<Sample> samples;
};

std::string args(std::initializer_list<int64_t> vs) {
  std::string s;
  for (int64_t v : vs)
    s += (s.empty() ? "" : ",") + std::to_string(v);
  return s;
}

TEST(IndexMath, LatticeCeilAndTripCount) {
  Sweep sw;
  for (int64_t start = -4; start <= 4; ++start)
    for (int64_t x = -6; x <= 9; ++x)
      for (int64_t step = 1; step <= 4; ++step) {
        sw.add("latticeCeil(" + args({x, start, step}) + ")",
               dist::latticeCeil(x, start, step),
               [&](OpBuilder &b, Location loc, auto cst) {
                 return xmp::indexmath::latticeCeil(b, loc, cst(x), cst(start),
                                                    cst(step));
               });
        sw.add("latticeAtOrAbove(" + args({x, start, step}) + ")",
               dist::latticeAtOrAbove(x, start, step),
               [&](OpBuilder &b, Location loc, auto cst) {
                 return xmp::indexmath::latticeAtOrAbove(
                     b, loc, cst(x), cst(start), cst(step));
               });
        sw.add("tripCount(" + args({start, x, step}) + ")",
               dist::tripCount(start, x, step),
               [&](OpBuilder &b, Location loc, auto cst) {
                 return xmp::indexmath::tripCount(b, loc, cst(start), cst(x),
                                                  cst(step));
               });
      }
  for (int64_t v = -3; v <= 8; ++v)
    sw.add("clamp(" + args({v, 0, 5}) + ")", dist::clamp(v, 0, 5),
           [&](OpBuilder &b, Location loc, auto cst) {
             return xmp::indexmath::clamp(b, loc, cst(v), cst(0), cst(5));
           });
  sw.check();
}

// Cyclic(w) over p coordinates, n indices: ownedBelow for every coordinate
// and t in [0, n], the local index of every g in [0, n).
TEST(IndexMath, CyclicMatchesDistribution) {
  Sweep sw;
  for (int64_t p = 1; p <= 4; ++p)
    for (int64_t w = 1; w <= 3; ++w) {
      dist::TemplateDim d{dist::Kind::Cyclic, 23, p, w, nullptr};
      for (int64_t c = 0; c < p; ++c)
        for (int64_t t = 0; t <= d.n; ++t)
          sw.add("cyclicOwnedBelow(" + args({t, w, p, c}) + ")",
                 dist::ownedBelow(d, c, t),
                 [&](OpBuilder &b, Location loc, auto cst) {
                   return xmp::indexmath::cyclicOwnedBelow(
                       b, loc, cst(t), w, cst(w * p), cst(c));
                 });
      for (int64_t g = 0; g < d.n; ++g)
        sw.add("cyclicLocalIndex(" + args({g, w, p}) + ")",
               dist::globalToLocal(d, g),
               [&](OpBuilder &b, Location loc, auto cst) {
                 return xmp::indexmath::cyclicLocalIndex(b, loc, cst(g), w,
                                                         cst(w * p));
               });
    }
  sw.check();
}

} // namespace
