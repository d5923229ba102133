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

} // namespace halo
} // namespace xmprt

#endif // XMPRT_HALOGEOMETRY_H
