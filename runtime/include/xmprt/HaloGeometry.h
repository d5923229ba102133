//===- HaloGeometry.h - the shape of a halo strip (header-only) -----------===//
//
// Pure C++17, constexpr, no MPI. A reflect moves, per dimension d and side,
// strips of `len` consecutive local indices of dimension d across the whole
// local block (row-major, extents E[0..rank), elements of `esize` bytes):
// E[0]*...*E[d-1] runs ("outer") of len*E[d+1]*...*E[rank-1] elements
// ("inner" each), one run every E[d]*inner bytes. The runtime builds its
// copy boxes with strip(); xmp-select-channels classifies the same strips
// with classify() and stripBytes() to choose a channel per dimension, so
// the class the compiler reasons about is the shape the runtime moves.
//
// The compiler may not know every extent: kUnknown marks one, and an
// unknown extent is taken to be > 1 for classification (the common case)
// and makes byte counts unknown.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_HALOGEOMETRY_H
#define XMPRT_HALOGEOMETRY_H

#include <cstdint>

namespace xmprt {
namespace halo {

constexpr int64_t kUnknown = -1;

// block: one contiguous run; stride: runs of one element; block-stride:
// several runs of several elements. (The order is the one of the cost
// profile's "classes", docs/channels.md.)
enum class Class : int { Block = 0, BlockStride = 1, Stride = 2 };

// Product of E[lo..hi), kUnknown if one of them is.
constexpr int64_t extentProduct(const int64_t *E, int lo, int hi) {
  int64_t p = 1;
  for (int k = lo; k < hi; ++k) {
    if (E[k] == kUnknown)
      return kUnknown;
    p *= E[k];
  }
  return p;
}

// The strip of local indices [l0, l0 + len) of dimension d, in bytes from
// the block's base (every extent known).
struct Strip {
  int64_t offset = 0;     // of the first run
  int64_t nblocks = 1;    // runs
  int64_t blockBytes = 0; // bytes per run
  int64_t stride = 0;     // between run starts (blockBytes for one run)
};

constexpr Strip strip(const int64_t *E, int rank, int d, int64_t esize,
                      int64_t l0, int64_t len) {
  int64_t inner = esize * extentProduct(E, d + 1, rank);
  int64_t outer = extentProduct(E, 0, d);
  Strip s;
  s.offset = l0 * inner;
  s.nblocks = outer;
  s.blockBytes = len * inner;
  s.stride = outer == 1 ? s.blockBytes : E[d] * inner;
  return s;
}

// The class of a strip `len` wide in dimension d.
constexpr Class classify(const int64_t *E, int rank, int d, int64_t len) {
  int64_t outer = extentProduct(E, 0, d);
  int64_t inner = extentProduct(E, d + 1, rank);
  if (outer == 1)
    return Class::Block;
  if (inner != kUnknown && len * inner == 1)
    return Class::Stride;
  return Class::BlockStride;
}

// Bytes of a strip `len` wide in dimension d, kUnknown if an extent is.
constexpr int64_t stripBytes(const int64_t *E, int rank, int d, int64_t esize,
                             int64_t len) {
  int64_t outer = extentProduct(E, 0, d);
  int64_t inner = extentProduct(E, d + 1, rank);
  if (outer == kUnknown || inner == kUnknown)
    return kUnknown;
  return outer * len * inner * esize;
}

//--- sub-boxes ----------------------------------------------------------------
// An orthogonal reflect moves a dimension's halo restricted to the owned
// range of the other dimensions, and reduce_shadow moves corner boxes too:
// boxes with an index range [lo[k], lo[k] + len[k]) in every dimension k,
// not only in one. Such a box is cut into Strips:
//   - the run: the innermost dimensions while the ones inside are whole
//     (len == extent); dimensions of length 1 only add to the offset;
//   - the strided level: the next dimension of length > 1, with the ones
//     outside it merged while the one inside is whole;
//   - one Strip for every index of the dimensions left outside.
// A box that is the strip of dimension d (every other dimension whole)
// gives exactly strip(E, rank, d, ...).
constexpr int kMaxBoxRank = 16;

// Calls f(const Strip &) for every Strip of the box, in increasing offset
// order; nothing when a length is 0. rank <= kMaxBoxRank.
template <typename F>
void forEachStrip(const int64_t *E, int rank, int64_t esize, const int64_t *lo,
                  const int64_t *len, F &&f) {
  int64_t stride[kMaxBoxRank]; // bytes between indices of dimension k
  int64_t s = esize, offset = 0;
  for (int k = rank - 1; k >= 0; --k) {
    if (len[k] <= 0)
      return;
    stride[k] = s;
    offset += lo[k] * s;
    s *= E[k];
  }
  // The run.
  int k = rank - 1;
  int64_t run = esize;
  for (; k >= 0; --k) {
    if (len[k] == 1)
      continue;
    if (stride[k] != run)
      break;
    run = len[k] * stride[k];
  }
  // The strided level (absent: one run).
  int64_t nblocks = 1, step = run;
  if (k >= 0) {
    nblocks = len[k];
    step = stride[k];
    for (--k; k >= 0; --k) {
      if (len[k] == 1)
        continue;
      if (stride[k] != nblocks * step)
        break;
      nblocks *= len[k];
    }
  }
  // The dimensions left (0..k) are enumerated, row-major.
  int64_t idx[kMaxBoxRank] = {};
  for (;;) {
    Strip st;
    st.offset = offset;
    for (int j = 0; j <= k; ++j)
      st.offset += idx[j] * stride[j];
    st.nblocks = nblocks;
    st.blockBytes = run;
    st.stride = nblocks == 1 ? run : step;
    f(st);
    int j = k;
    for (; j >= 0; --j) {
      if (++idx[j] < len[j])
        break;
      idx[j] = 0;
    }
    if (j < 0)
      return;
  }
}

// The class of a box of lengths L (kUnknown allowed: taken to be > 1 and
// not whole) where whole[k] says that L[k] is the dimension's whole extent:
// Block when it is one contiguous run, Stride when its runs are single
// elements, BlockStride otherwise (several strips count as strided).
constexpr Class classifyBox(const int64_t *L, const bool *whole, int rank) {
  bool open = true; // the run still grows outward
  bool single = true, oneRun = true;
  for (int k = rank - 1; k >= 0; --k) {
    if (L[k] == 1) {
      open = open && whole[k]; // one index of a longer dimension: a gap
      continue;
    }
    if (open) {
      single = false;
      open = whole[k];
      continue;
    }
    oneRun = false;
  }
  if (oneRun)
    return Class::Block;
  return single ? Class::Stride : Class::BlockStride;
}

// Bytes of a box of lengths L, kUnknown if one of them is.
constexpr int64_t boxBytes(const int64_t *L, int rank, int64_t esize) {
  return extentProduct(L, 0, rank) == kUnknown
             ? kUnknown
             : extentProduct(L, 0, rank) * esize;
}

} // namespace halo
} // namespace xmprt

#endif // XMPRT_HALOGEOMETRY_H
