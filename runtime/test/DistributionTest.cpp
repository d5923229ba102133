// Pure unit tests of Distribution.h (no MPI): every kind, uneven sizes,
// empty pieces, exhaustive cross-checks against brute force.
#include "xmprt/Distribution.h"
#include "xmprt/HaloGeometry.h"
#include "xmprt/ReplicaBalance.h"

#include <map>
#include <set>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace xmprt::dist;

namespace {

// Static folding must work (the compiler relies on it).
constexpr TemplateDim kB54{Kind::Block, 5, 4, 1, nullptr};
static_assert(localSize(kB54, 0) == 2 && localSize(kB54, 1) == 2 &&
                  localSize(kB54, 2) == 1 && localSize(kB54, 3) == 0,
              "block n=5 p=4 is 2,2,1,0");
static_assert(owner(TemplateDim{Kind::Cyclic, 17, 4, 3, nullptr}, 13) == 0,
              "cyclic(3)");
static_assert(maxLocalSize(kB54) == 2, "max local size");

struct Case {
  const char *name;
  TemplateDim d;
};

const int64_t kGB[4] = {3, 5, 7, 1};
const int64_t kGB0[3] = {0, 4, 2};

std::vector<Case> cases() {
  return {
      {"none7", {Kind::None, 7, 1, 1, nullptr}},
      {"block5p4", {Kind::Block, 5, 4, 1, nullptr}},
      {"block7p3", {Kind::Block, 7, 3, 1, nullptr}},
      {"block2p4", {Kind::Block, 2, 4, 1, nullptr}},
      {"block12p4", {Kind::Block, 12, 4, 1, nullptr}},
      {"cyclic17p4", {Kind::Cyclic, 17, 4, 1, nullptr}},
      {"cyclic3_17p4", {Kind::Cyclic, 17, 4, 3, nullptr}},
      {"cyclic2_7p3", {Kind::Cyclic, 7, 3, 2, nullptr}},
      {"cyclic5_3p2", {Kind::Cyclic, 3, 2, 5, nullptr}},
      {"gblock3571", {Kind::GBlock, 16, 4, 1, kGB}},
      {"gblock042", {Kind::GBlock, 6, 3, 1, kGB0}},
      {"block3_8p3", {Kind::BlockN, 8, 3, 3, nullptr}},  // 3 3 2
      {"block4_9p4", {Kind::BlockN, 9, 4, 4, nullptr}},  // 4 4 1 0
      {"block5_5p3", {Kind::BlockN, 5, 3, 5, nullptr}},  // 5 0 0
      {"block1_4p4", {Kind::BlockN, 4, 4, 1, nullptr}},  // 1 1 1 1
  };
}

// The oracle: the owner of every index 0..n-1, found by dealing the
// indices out piece by piece as each kind is defined (block: equal pieces
// of the smallest width that covers n; block(w): pieces of w; cyclic(w):
// rounds of w per coordinate; gblock: the given sizes). No closed formula
// of Distribution.h is repeated here: a test that recomputed owner() the
// way the header does could not catch a mistake in it.
std::vector<int64_t> dealOwners(const TemplateDim &d) {
  std::vector<int64_t> owners;
  auto deal = [&](int64_t coord, int64_t count) {
    for (int64_t k = 0; k < count && (int64_t)owners.size() < d.n; ++k)
      owners.push_back(coord);
  };
  switch (d.kind) {
  case Kind::None:
    deal(0, d.n);
    break;
  case Kind::Block: {
    int64_t width = 0;
    while (width * d.p < d.n)
      ++width;
    for (int64_t c = 0; c < d.p; ++c)
      deal(c, width);
    break;
  }
  case Kind::BlockN:
    for (int64_t c = 0; c < d.p; ++c)
      deal(c, d.w);
    break;
  case Kind::Cyclic:
    while ((int64_t)owners.size() < d.n)
      for (int64_t c = 0; c < d.p; ++c)
        deal(c, d.w);
    break;
  case Kind::GBlock:
    for (int64_t c = 0; c < d.p; ++c)
      deal(c, d.gblock[c]);
    break;
  }
  return owners;
}

// The owned iterations of a loop (count and k-th, what the runtime splits
// device loops with) against enumeration, on every case, for bounds
// outside the template and steps that do and do not divide the widths.
TEST(Distribution, OwnedIterationsMatchEnumeration) {
  static_assert(OwnedIterations(TemplateDim{Kind::Cyclic, 17, 4, 3, nullptr},
                                1, 0, 17, 2).count() == 2,
                "cyclic(3) of 17 over 4: coordinate 1 owns 3,4,5,15,16, "
                "of which the loop 0,2,4,... visits 4 and 16");
  for (const Case &cs : cases()) {
    SCOPED_TRACE(cs.name);
    const TemplateDim &d = cs.d;
    std::vector<int64_t> dealt = dealOwners(d);
    for (int64_t c = 0; c < parts(d); ++c)
      for (int64_t lb = -3; lb <= d.n + 1; ++lb)
        for (int64_t ub = lb; ub <= d.n + 3; ++ub)
          for (int64_t step = 1; step <= 5; ++step) {
            std::vector<int64_t> mine;
            for (int64_t g = lb; g < ub; g += step)
              if (g >= 0 && g < d.n && dealt[g] == c)
                mine.push_back(g);
            OwnedIterations it(d, c, lb, ub, step);
            ASSERT_EQ(it.count(), (int64_t)mine.size())
                << "c=" << c << " lb=" << lb << " ub=" << ub
                << " step=" << step;
            for (int64_t k = 0; k < (int64_t)mine.size(); ++k)
              ASSERT_EQ(it.kth(k), mine[k]) << "c=" << c << " lb=" << lb
                                            << " ub=" << ub << " step="
                                            << step << " k=" << k;
          }
  }
}

// Halo strips (HaloGeometry.h) against the byte offsets of the elements
// they should cover, enumerated in blocks of rank 1 to 3; the class and
// byte count the compiler uses agree with the strip the runtime moves.
TEST(HaloGeometry, StripsCoverExactlyTheirElements) {
  namespace halo = xmprt::halo;
  const std::vector<std::vector<int64_t>> shapes = {
      {7}, {1, 5}, {4, 1}, {3, 4}, {2, 3, 4}, {3, 1, 2}, {1, 1, 6}};
  const int64_t esize = 8;
  for (const auto &E : shapes) {
    int rank = (int)E.size();
    for (int d = 0; d < rank; ++d)
      for (int64_t l0 = 0; l0 < E[d]; ++l0)
        for (int64_t len = 1; l0 + len <= E[d]; ++len) {
          std::vector<int64_t> want;
          int64_t total = halo::extentProduct(E.data(), 0, rank);
          for (int64_t lin = 0; lin < total; ++lin) {
            int64_t idx = lin;
            for (int k = rank - 1; k > d; --k)
              idx /= E[k];
            idx %= E[d];
            if (idx >= l0 && idx < l0 + len)
              want.push_back(lin * esize);
          }
          halo::Strip s = halo::strip(E.data(), rank, d, esize, l0, len);
          std::vector<int64_t> got;
          for (int64_t r = 0; r < s.nblocks; ++r)
            for (int64_t b = 0; b < s.blockBytes; b += esize)
              got.push_back(s.offset + r * s.stride + b);
          ASSERT_EQ(got, want) << "rank " << rank << " d=" << d
                               << " l0=" << l0 << " len=" << len;
          EXPECT_EQ(halo::stripBytes(E.data(), rank, d, esize, len),
                    (int64_t)want.size() * esize);
          halo::Class c = halo::classify(E.data(), rank, d, len);
          EXPECT_EQ(c == halo::Class::Block, s.nblocks == 1);
          EXPECT_EQ(c == halo::Class::Stride,
                    s.nblocks > 1 && s.blockBytes == esize);
        }
  }
  // Unknown extents: classified as if > 1, no byte count.
  const int64_t U[3] = {halo::kUnknown, 4, halo::kUnknown};
  EXPECT_EQ(halo::classify(U, 3, 0, 1), halo::Class::Block);
  EXPECT_EQ(halo::classify(U, 3, 1, 1), halo::Class::BlockStride);
  EXPECT_EQ(halo::classify(U, 3, 2, 1), halo::Class::Stride);
  EXPECT_EQ(halo::classify(U, 3, 2, 2), halo::Class::BlockStride);
  EXPECT_EQ(halo::stripBytes(U, 3, 1, 8, 1), halo::kUnknown);
}

// Sub-boxes (an index range in every dimension: orthogonal reflects,
// reduce_shadow): forEachStrip covers exactly the box's elements, strips
// in increasing offset, each strip maximal as documented (a strip of one
// dimension with the others whole is strip()); classifyBox, given which
// lengths are whole, names the shape of what forEachStrip moves.
TEST(HaloGeometry, SubBoxStripsCoverExactlyTheirElements) {
  namespace halo = xmprt::halo;
  const std::vector<std::vector<int64_t>> shapes = {
      {7},       {1, 5},    {4, 1},    {3, 4},
      {2, 3, 4}, {3, 1, 2}, {1, 1, 6}, {2, 2, 2, 3}};
  const int64_t esize = 4;
  for (const auto &E : shapes) {
    int rank = (int)E.size();
    int64_t total = halo::extentProduct(E.data(), 0, rank);
    // Every (lo, len) per dimension.
    std::vector<int64_t> lo(rank, 0), len(rank, 1);
    for (;;) {
      std::vector<int64_t> want;
      for (int64_t lin = 0; lin < total; ++lin) {
        int64_t r = lin;
        bool in = true;
        for (int k = rank - 1; k >= 0; --k) {
          int64_t i = r % E[k];
          r /= E[k];
          in = in && i >= lo[k] && i < lo[k] + len[k];
        }
        if (in)
          want.push_back(lin * esize);
      }
      std::vector<int64_t> got;
      int strips = 0;
      halo::Strip first;
      halo::forEachStrip(E.data(), rank, esize, lo.data(), len.data(),
                         [&](const halo::Strip &s) {
                           if (strips++ == 0)
                             first = s;
                           for (int64_t b = 0; b < s.nblocks; ++b)
                             for (int64_t x = 0; x < s.blockBytes; x += esize)
                               got.push_back(s.offset + b * s.stride + x);
                         });
      std::string where = "shape rank " + std::to_string(rank) + " lo/len";
      for (int k = 0; k < rank; ++k)
        where += " " + std::to_string(lo[k]) + "+" + std::to_string(len[k]);
      ASSERT_EQ(got, want) << where; // also: increasing order
      bool whole[halo::kMaxBoxRank];
      int halfDims = 0, dHalf = 0;
      for (int k = 0; k < rank; ++k) {
        whole[k] = len[k] == E[k];
        if (!whole[k]) {
          ++halfDims;
          dHalf = k;
        }
      }
      halo::Class c = halo::classifyBox(len.data(), whole, rank);
      EXPECT_EQ(c == halo::Class::Block, strips == 1 && first.nblocks == 1)
          << where;
      EXPECT_EQ(c == halo::Class::Stride,
                !(strips == 1 && first.nblocks == 1) &&
                    first.blockBytes == esize)
          << where;
      EXPECT_EQ(halo::boxBytes(len.data(), rank, esize),
                (int64_t)want.size() * esize);
      if (halfDims == 1) { // the strip of dimension dHalf
        halo::Strip s =
            halo::strip(E.data(), rank, dHalf, esize, lo[dHalf], len[dHalf]);
        EXPECT_EQ(strips, 1) << where;
        EXPECT_EQ(first.offset, s.offset) << where;
        EXPECT_EQ(first.nblocks * first.blockBytes, s.nblocks * s.blockBytes)
            << where;
        if (s.nblocks == 1 || first.nblocks > 1) {
          EXPECT_EQ(first.nblocks, s.nblocks) << where;
          EXPECT_EQ(first.stride, s.stride) << where;
        }
      }
      // next (lo, len)
      int k = rank - 1;
      for (; k >= 0; --k) {
        if (lo[k] + len[k] < E[k]) {
          ++len[k];
          break;
        }
        if (lo[k] + 1 < E[k]) {
          ++lo[k];
          len[k] = 1;
          break;
        }
        lo[k] = 0;
        len[k] = 1;
      }
      if (k < 0)
        break;
    }
  }
  // Unknown lengths are neither 1 nor whole.
  const int64_t U[2] = {halo::kUnknown, halo::kUnknown};
  const bool W[2] = {false, false}, W1[2] = {false, true};
  EXPECT_EQ(halo::classifyBox(U, W, 2), halo::Class::BlockStride);
  EXPECT_EQ(halo::classifyBox(U, W1, 2), halo::Class::Block);
  const int64_t L1[2] = {halo::kUnknown, 1};
  EXPECT_EQ(halo::classifyBox(L1, W, 2), halo::Class::Stride);
  EXPECT_EQ(halo::boxBytes(U, 2, 8), halo::kUnknown);
}

TEST(Distribution, ExplicitBlockSizes) {
  TemplateDim d{Kind::Block, 5, 4, 1, nullptr};
  EXPECT_EQ(owned(d, 0).lo, 0);
  EXPECT_EQ(owned(d, 0).hi, 2);
  EXPECT_EQ(owned(d, 2).lo, 4);
  EXPECT_EQ(owned(d, 2).hi, 5);
  EXPECT_TRUE(owned(d, 3).empty());
  TemplateDim e{Kind::Block, 7, 3, 1, nullptr};
  EXPECT_EQ(localSize(e, 0), 3);
  EXPECT_EQ(localSize(e, 1), 3);
  EXPECT_EQ(localSize(e, 2), 1);
  TemplateDim c{Kind::Cyclic, 17, 4, 3, nullptr};
  // 17 = 12 + 5: coordinate 0 owns 0,1,2,12,13,14 ; 1 owns 3,4,5,15,16
  EXPECT_EQ(localSize(c, 0), 6);
  EXPECT_EQ(localSize(c, 1), 5);
  EXPECT_EQ(localSize(c, 2), 3);
  EXPECT_EQ(localSize(c, 3), 3);
  EXPECT_EQ(globalToLocal(c, 16), 4);
  TemplateDim g{Kind::GBlock, 16, 4, 1, kGB};
  EXPECT_EQ(owned(g, 2).lo, 8);
  EXPECT_EQ(owned(g, 2).hi, 15);
  EXPECT_EQ(owner(g, 15), 3);
  // block(4) of 9 over 4 ranks: 4, 4, 1 and nothing
  TemplateDim bn{Kind::BlockN, 9, 4, 4, nullptr};
  EXPECT_EQ(owned(bn, 1).lo, 4);
  EXPECT_EQ(owned(bn, 1).hi, 8);
  EXPECT_EQ(localSize(bn, 2), 1);
  EXPECT_TRUE(owned(bn, 3).empty());
  EXPECT_EQ(owner(bn, 8), 2);
  EXPECT_EQ(globalToLocal(bn, 6), 2);
}

TEST(Distribution, ExhaustiveCrossCheck) {
  for (const Case &cs : cases()) {
    SCOPED_TRACE(cs.name);
    const TemplateDim &d = cs.d;
    int64_t P = parts(d);
    std::vector<std::vector<int64_t>> ownedBy(P);
    std::vector<int64_t> dealt = dealOwners(d);
    ASSERT_EQ((int64_t)dealt.size(), d.n);
    for (int64_t g = 0; g < d.n; ++g) {
      int64_t o = owner(d, g);
      ASSERT_EQ(o, dealt[g]);
      ownedBy[o].push_back(g);
    }
    int64_t mx = 0;
    for (int64_t c = 0; c < P; ++c) {
      const auto &v = ownedBy[c];
      EXPECT_EQ(localSize(d, c), (int64_t)v.size());
      mx = std::max<int64_t>(mx, v.size());
      if (isBlockLike(d)) {
        Range r = owned(d, c);
        EXPECT_EQ(r.size(), (int64_t)v.size());
        if (!v.empty()) {
          EXPECT_EQ(r.lo, v.front());
          EXPECT_EQ(r.hi, v.back() + 1);
        }
      }
      for (int64_t l = 0; l < (int64_t)v.size(); ++l) {
        EXPECT_EQ(globalToLocal(d, v[l]), l);
        EXPECT_EQ(localToGlobal(d, c, l), v[l]);
      }
      for (int64_t t = -1; t <= d.n + 1; ++t) {
        int64_t cnt = 0;
        for (int64_t g : v)
          cnt += g < t;
        EXPECT_EQ(ownedBelow(d, c, t), cnt);
      }
      // Loops vs brute force.
      for (int64_t lb = 0; lb <= d.n; ++lb)
        for (int64_t ub = lb; ub <= d.n + 1; ++ub)
          for (int64_t s = 1; s <= 5; ++s) {
            std::vector<int64_t> want;
            for (int64_t g = lb; g < ub && g < d.n; g += s)
              if (owner(d, g) == c)
                want.push_back(g);
            Loop lp = localLoop(d, c, lb, std::min(ub, d.n), s);
            std::vector<int64_t> got;
            for (int64_t i = lp.start; i < lp.end; i += lp.step) {
              int64_t g = isBlockLike(d) ? i : localToGlobal(d, c, i);
              if (!lp.exact && (g - lb) % s != 0)
                continue;
              got.push_back(g);
            }
            ASSERT_EQ(got, want) << "c=" << c << " lb=" << lb << " ub=" << ub
                                 << " s=" << s;
            if (d.kind == Kind::Cyclic && (d.w == 1 || s == 1))
              EXPECT_TRUE(lp.exact);
          }
    }
    EXPECT_EQ(maxLocalSize(d), mx);
  }
}

TEST(Distribution, ArrayDims) {
  for (const Case &cs : cases()) {
    for (int64_t off = 0; off <= 2; ++off)
      for (int64_t m = 0; m + off <= cs.d.n; m += (m < 3 ? 1 : 2))
        for (int sl = 0; sl <= 2; ++sl)
          for (int sh = 0; sh <= 1; ++sh)
            for (int full = 0; full <= 1; ++full) {
              SCOPED_TRACE(std::string(cs.name) + " off=" +
                           std::to_string(off) + " m=" + std::to_string(m) +
                           " full=" + std::to_string(full));
              ArrayDim a;
              a.t = cs.d;
              a.aligned = true;
              a.offset = off;
              a.m = m;
              a.shadowLo = full ? 0 : sl;
              a.shadowHi = full ? 0 : sh;
              a.fullShadow = full;
              int64_t P = arrayParts(a);
              int64_t mx = 0;
              for (int64_t c = 0; c < P; ++c) {
                std::vector<int64_t> v;
                for (int64_t i = 0; i < m; ++i)
                  if (owner(cs.d, i + off) == c)
                    v.push_back(i);
                EXPECT_EQ(arrayOwnedCount(a, c), (int64_t)v.size());
                mx = std::max<int64_t>(mx, v.size());
                if (isBlockLike(cs.d)) {
                  Range r = arrayOwned(a, c);
                  EXPECT_EQ(r.size(), (int64_t)v.size());
                  if (!v.empty())
                    EXPECT_EQ(r.lo, v.front());
                }
                for (size_t k = 0; k < v.size(); ++k) {
                  int64_t i = v[k];
                  EXPECT_EQ(arrayOwner(a, i), c);
                  int64_t l = arrayGlobalToLocal(a, c, i);
                  EXPECT_EQ(l, full ? i : (int64_t)k + a.shadowLo);
                  EXPECT_EQ(arrayLocalToGlobal(a, c, l), i);
                  EXPECT_LT(l, arrayExtent(a));
                }
                // block-like shadows sit right beside the owned part
                if (!full && isBlockLike(cs.d) && !v.empty()) {
                  EXPECT_EQ(arrayGlobalToLocal(a, c, v.front() - sl), 0);
                  EXPECT_LT(arrayGlobalToLocal(a, c, v.back() + sh),
                            arrayExtent(a));
                }
              }
              EXPECT_EQ(arrayExtent(a), full ? m : mx + a.shadowLo + a.shadowHi);
            }
  }
}

// The closed form of arrayMaxOwnedCount against every coordinate, for all
// small block and cyclic(w) layouts with every offset and size.
TEST(Distribution, MaxOwnedCountClosedForm) {
  for (int kind : {1, 2})
    for (int64_t n = 0; n <= 23; ++n)
      for (int64_t p = 1; p <= 6; ++p)
        for (int64_t w = 1; w <= (kind == 2 ? 5 : 1); ++w)
          for (int64_t off = 0; off <= n; ++off)
            for (int64_t m = 0; m + off <= n; ++m) {
              ArrayDim a;
              a.t = {(Kind)kind, n, p, w, nullptr};
              a.aligned = true;
              a.offset = off;
              a.m = m;
              int64_t mx = 0;
              for (int64_t c = 0; c < p; ++c)
                mx = std::max(mx, arrayOwnedCount(a, c));
              ASSERT_EQ(arrayMaxOwnedCount(a), mx)
                  << "kind " << kind << " n=" << n << " p=" << p << " w=" << w
                  << " off=" << off << " m=" << m;
            }
}

// Sizes up to INT64_MAX: no intermediate leaves 64 bits (a UBSan build
// would report it), and the results are the exact ones.
constexpr int64_t kM = INT64_MAX;
constexpr TemplateDim kHugeBlock{Kind::Block, kM, 2, 1, nullptr};
static_assert(localSize(kHugeBlock, 0) == (int64_t)1 << 62 &&
                  localSize(kHugeBlock, 1) == ((int64_t)1 << 62) - 1,
              "block of 2^63-1 on 2");
static_assert(maxLocalSize(kHugeBlock) == (int64_t)1 << 62, "closed form");
constexpr TemplateDim kHugeCyclic{Kind::Cyclic, 17, 3, kM, nullptr};
static_assert(localSize(kHugeCyclic, 0) == 17 &&
                  localSize(kHugeCyclic, 1) == 0 &&
                  localSize(kHugeCyclic, 2) == 0,
              "cyclic(2^63-1): one block, on coordinate 0");
static_assert(maxLocalSize(TemplateDim{Kind::Block, 17, 4294967296, 1,
                                       nullptr}) == 1,
              "a grid of 2^32: closed form");

TEST(Distribution, HugeSizes) {
  EXPECT_EQ(floorDiv(INT64_MIN, 3), INT64_MIN / 3 - 1);
  EXPECT_EQ(ceilDiv(INT64_MIN + 1, 2), (INT64_MIN + 1) / 2);
  EXPECT_EQ(ceilDiv(kM, 2), (int64_t)1 << 62);
  EXPECT_EQ(floorMod(INT64_MIN, 3), 1);
  EXPECT_EQ(floorMod(-7, 3), 2);
  EXPECT_EQ(ceilDiv(-7, 2), -3);
  EXPECT_EQ(satMul(kM, 2), kM);
  EXPECT_EQ(satAdd(kM, 1), kM);
  // A grid of 2^31 - 1 ranks, every kind.
  const int64_t p = 2147483647;
  TemplateDim b{Kind::Block, kM, p, 1, nullptr};
  int64_t bw = ceilDiv(kM, p);
  EXPECT_EQ(localSize(b, 0), bw);
  EXPECT_EQ(owned(b, p - 1).hi, kM);
  EXPECT_EQ(localSize(b, p - 1), kM - (p - 1) * bw);
  EXPECT_EQ(maxLocalSize(b), bw);
  // cyclic(2^62) on 3: the round (3 * 2^62) does not fit in 64 bits.
  const int64_t w = (int64_t)1 << 62;
  TemplateDim c{Kind::Cyclic, kM, 3, w, nullptr};
  EXPECT_EQ(localSize(c, 0), w);
  EXPECT_EQ(localSize(c, 1), w - 1);
  EXPECT_EQ(localSize(c, 2), 0);
  EXPECT_EQ(maxLocalSize(c), w);
  EXPECT_EQ(owner(c, kM - 1), 1);
  EXPECT_EQ(globalToLocal(c, kM - 1), w - 2);
  EXPECT_EQ(localToGlobal(c, 1, w - 2), kM - 1);
  EXPECT_EQ(ownedBelow(c, 2, kM), 0);
  // cyclic(2^63-1) on 2^31-1 ranks: coordinate 0 owns everything.
  TemplateDim c1{Kind::Cyclic, kM, p, kM, nullptr};
  EXPECT_EQ(localSize(c1, 0), kM);
  EXPECT_EQ(localSize(c1, p - 1), 0);
  EXPECT_EQ(maxLocalSize(c1), kM);
  // An array at the end of a huge template, with shadows.
  ArrayDim a;
  a.t = b;
  a.aligned = true;
  a.offset = kM - 10;
  a.m = 10;
  a.shadowLo = a.shadowHi = 1;
  EXPECT_EQ(arrayOwnedCount(a, p - 1), 10);
  EXPECT_EQ(arrayMaxOwnedCount(a), 10);
  EXPECT_EQ(arrayExtent(a), 12);
  EXPECT_EQ(arrayGlobalToLocal(a, p - 1, 9), 10);
  // Shadows past 64 bits saturate (callers report it).
  ArrayDim na;
  na.m = kM;
  na.shadowHi = 1;
  EXPECT_EQ(arrayExtent(na), kM);
  // A loop of huge step over a cyclic(1) dimension: the first local index
  // solves l * p + c == lb (mod s) with a product of ~2^124.
  TemplateDim cy{Kind::Cyclic, kM, 3, 1, nullptr};
  int64_t s = ((int64_t)1 << 62) + 1, lb = 5;
  for (int64_t cc = 0; cc < 3; ++cc) {
    Loop l = localLoop(cy, cc, lb, kM, s);
    ASSERT_TRUE(l.exact);
    if (l.start < l.end) {
      int64_t g = localToGlobal(cy, cc, l.start);
      EXPECT_EQ(floorMod(g - lb, s), 0) << "c=" << cc;
      EXPECT_GE(g, lb);
    }
  }
  Loop bl = localLoop(b, 1, 0, kM, kM - 1);
  EXPECT_GE(bl.start, bl.end); // 0 and kM - 1 are on coordinates 0 and p-1
}

TEST(Distribution, NotAligned) {
  ArrayDim a;
  a.m = 9;
  a.shadowLo = 1;
  a.shadowHi = 2;
  EXPECT_EQ(arrayExtent(a), 12);
  EXPECT_EQ(arrayGlobalToLocal(a, 0, 4), 5);
  EXPECT_EQ(arrayLocalToGlobal(a, 0, 5), 4);
  EXPECT_EQ(arrayOwned(a, 0).hi, 9);
}

TEST(Distribution, RowPitch) {
  // Short rows keep their extent; from kRowPadMin on they are padded to a
  // multiple of kRowSpan (at most kRowSpan - 1 more); no 64-bit wrap.
  EXPECT_EQ(rowPitch(0), 0);
  EXPECT_EQ(rowPitch(1023), 1023);
  EXPECT_EQ(rowPitch(1024), 1024);
  EXPECT_EQ(rowPitch(1025), 1056);
  EXPECT_EQ(rowPitch(8194), 8224);
  EXPECT_EQ(rowPitch(kMax64), kMax64);
  for (int64_t e = kRowPadMin; e < kRowPadMin + 3 * kRowSpan; ++e) {
    EXPECT_EQ(rowPitch(e) % kRowSpan, 0) << e;
    EXPECT_GE(rowPitch(e), e);
    EXPECT_LT(rowPitch(e) - e, kRowSpan);
  }
}

// The NPB-CG transpose y[:] = x[:] on an R x C grid: template n x n
// [block, block], x aligned with template dim 0 (distributed over grid axis
// 0, replicated over axis 1), y with dim 1. For every reader and group,
// returns who serves it, by the balanced rule or by "my own coordinate on
// the replicated axis" (the rule seed 002 measured).
struct Transpose {
  int64_t R, C, n;
  std::vector<int64_t> counts; // reader * R + group
  Transpose(int64_t R, int64_t C, int64_t n) : R(R), C(C), n(n) {
    counts.assign(R * C * R, 0);
    int64_t br = (n + R - 1) / R, bc = (n + C - 1) / C;
    for (int64_t r = 0; r < R; ++r)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t i = c * bc; i < std::min(n, (c + 1) * bc); ++i)
          ++counts[(r * C + c) * R + i / br];
  }
  // sender -> {reader -> elements}, remote pairs only
  std::map<int64_t, std::map<int64_t, int64_t>> sends(bool balanced) const {
    xmprt::dist::ReplicaGroups G({R, C}, {true, false});
    std::map<int64_t, std::map<int64_t, int64_t>> out;
    for (int64_t me = 0; me < R * C; ++me) {
      std::vector<int64_t> ch =
          xmprt::dist::balanceReplicas(G, counts, R * C, me);
      for (int64_t g = 0; g < R; ++g) {
        int64_t n = counts[me * R + g];
        if (n == 0) {
          EXPECT_EQ(ch[g], -1);
          continue;
        }
        int64_t h = balanced ? ch[g] : g * C + me % C;
        EXPECT_EQ(h / C, g) << "served by a rank outside the group";
        if (h != me)
          out[h][me] += n;
      }
    }
    return out;
  }
};

TEST(ReplicaBalance, TransposeEveryHolderSendsToOneRank) {
  // The decompositions of NPB CG (C = R or 2R, n a multiple of C, so that
  // a column block lies in one row block): the balanced rule is the
  // hand-written transpose exchange, each holder sends to at most one rank
  // and every rank not holding its part locally receives from exactly one.
  // (With uneven blocks a column block can straddle two row blocks; then
  // there can be more remote (reader, group) pairs than holders, and the
  // next test's bound is what holds.)
  for (int64_t R : {1, 2, 4, 8})
    for (int64_t C : {R, 2 * R})
      for (int64_t n : {1400 * R * C, 1400 * R * C * 3}) {
        Transpose T(R, C, n);
        auto s = T.sends(true);
        std::map<int64_t, int> receives;
        for (auto &[h, readers] : s) {
          EXPECT_LE(readers.size(), 1u) << R << "x" << C << " n=" << n << " holder " << h;
          for (auto &[r, k] : readers)
            ++receives[r];
        }
        for (auto &[r, k] : receives)
          EXPECT_EQ(k, 1) << R << "x" << C << " n=" << n << " reader " << r;
      }
}

TEST(ReplicaBalance, TransposeTallGrids) {
  // R = 2C: each rank reads two row blocks (more readers than holders).
  // "My own coordinate" makes the C holders of a group in the reader's
  // column serve all R readers of that column (R - 1 remote) while the
  // other holders idle; the balanced rule spreads them, at most 2 each.
  for (int64_t C : {1, 2, 4}) {
    int64_t R = 2 * C;
    Transpose T(R, C, 64 * R * C);
    size_t most = 0, oldMost = 0;
    for (auto &[h, readers] : T.sends(true))
      most = std::max(most, readers.size());
    for (auto &[h, readers] : T.sends(false))
      oldMost = std::max(oldMost, readers.size());
    EXPECT_LE(most, 2u) << R << "x" << C;
    EXPECT_EQ(oldMost, (size_t)(R - 1)) << R << "x" << C;
  }
}

TEST(ReplicaBalance, AnyGridSpreadsTheLoad) {
  // Other shapes, uneven sizes: list scheduling's bound. A holder's load
  // (what it gives, local copies included) is at most the group's even
  // share plus the largest remote request.
  for (int64_t R = 1; R <= 5; ++R)
    for (int64_t C = 1; C <= 7; ++C)
      for (int64_t n : {7, 30, 101}) {
        Transpose T(R, C, n);
        auto s = T.sends(true);
        std::map<int64_t, int64_t> total, biggest, load;
        for (int64_t h = 0; h < R * C; ++h) { // local copies
          int64_t own = T.counts[h * R + h / C];
          total[h / C] += own;
          load[h] += own;
        }
        for (auto &[h, readers] : s)
          for (auto &[r, k] : readers) {
            total[h / C] += k;
            load[h] += k;
            biggest[h / C] = std::max(biggest[h / C], k);
          }
        for (auto &[h, l] : load) {
          int64_t g = h / C;
          if (l > T.counts[h * R + g]) // it serves remote readers
            EXPECT_LE(l, (total[g] + C - 1) / C + biggest[g])
                << R << "x" << C << " n=" << n << " holder " << h;
        }
      }
}

TEST(ReplicaBalance, OnlyReadersServe) {
  // 2 x 3 grid replicated over axis 1 (2 groups of 3 replicas); the
  // readers are 4 ranks of a communicator: grid ranks 1, 2, 4 and 5 are
  // readers 0..3, grid ranks 0 and 3 (replica 0 of each group) are not. A
  // reader is served by a replica that is a reader (itself when it is
  // one), never by 0 or 3; none: -1.
  xmprt::dist::ReplicaGroups G({2, 3}, {true, false});
  std::vector<int64_t> readerOf = {-1, 0, 1, -1, 2, 3};
  // every reader needs 5 elements of group 0, reader 3 also 2 of group 1
  std::vector<int64_t> counts = {5, 0, 5, 0, 5, 0, 5, 2};
  for (int64_t me = 0; me < 4; ++me) {
    std::vector<int64_t> ch = xmprt::dist::balanceReplicas(G, counts, 4, me,
                                                           readerOf);
    EXPECT_TRUE(ch[0] == 0 || ch[0] == 1) << me; // grid ranks 1, 2
    if (me < 2)
      EXPECT_EQ(ch[0], me); // a replica itself
    EXPECT_EQ(ch[1], me == 3 ? 3 : -1) << me;
  }
  // No replica of group 1 is a reader: nobody can serve it.
  std::vector<int64_t> none = {-1, 0, 1, -1, -1, -1};
  std::vector<int64_t> c2 = {0, 1, 0, 0};
  EXPECT_EQ(xmprt::dist::balanceReplicas(G, c2, 2, 0, none)[1], -1);
}

TEST(ReplicaBalance, GroupsAndHolders) {
  // 3 x 2 x 4 grid distributed on axes 0 and 2: 12 groups of 2 replicas.
  xmprt::dist::ReplicaGroups G({3, 2, 4}, {true, false, true});
  EXPECT_EQ(G.groups, 12);
  EXPECT_EQ(G.perGroup, 2);
  int64_t coord[3] = {2, 1, 3};
  int64_t g = G.groupOf(coord);
  EXPECT_EQ(g, 2 * 4 + 3);
  EXPECT_EQ(G.holder(g, 0), (2 * 2 + 0) * 4 + 3);
  EXPECT_EQ(G.holder(g, 1), (2 * 2 + 1) * 4 + 3);
}

} // namespace
