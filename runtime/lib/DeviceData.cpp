//===- DeviceData.cpp - device instances of darrays and their validity ----===//
//
// A darray's device instance is its local block (shadows included, same
// layout) in GPU memory. Validity is tracked with two flags:
//   kDevStale  : the host changed since the last host->device copy (set at
//                creation, by xmprt_darray_host_modified, after host
//                reflects and host gmoves);
//   kHostStale : the device holds values the host lacks (after a device
//                reflect or a device loop that writes inside a replicate
//                region: release and the reflect mark it there).
// Outside replicate regions the host instance is the reference: acquire
// copies it in when stale, release after writes copies the block back, and
// a device reflect copies the halos it filled back (halosToHost), so the
// host is current after every device operation there.
// Inside them nothing moves unless the program calls xmprt_replicate_sync
// (or a split loop needs the host instance: xmprt_darray_host_acquire).
// These copies are of the whole local block (simple and exact; the cost is
// the block size per copy). Split loops are the exception: after one, the
// GPU part's slice goes device->host and the CPU part's host->device
// (xmprt_darray_split_commit), one strided copy each.
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"
#include "Settings.h"

#include <atomic>

using namespace xmprt;

namespace {

// Bytes moved between the instances (xmprt_darray_copied_bytes).
std::atomic<int64_t> gCopied[2]; // 0: host->device, 1: device->host

void checkArray(const xmprt_darray *a, const char *fn) {
  XMPRT_CHECK(a, fn, "array is NULL");
}

// Waits for the device's pending work on the block and copies it to the
// host. Both instances are then equal.
void copyIn(xmprt_darray *a, const char *fn);

// An array whose block crosses between the instances again and again (a
// device loop outside replicate regions writes it every step; a split
// loop's slices) gets its host block page-locked for the rest of its
// device instance's life: a copy from or to pageable memory goes through
// the driver's staging buffers at a fraction of the copy engines' speed,
// and that speed varies from process to process with where the pages lie.
// A block copied once or twice (a replicate region's entry and exit, an
// input read once) stays pageable: registering it costs about as much as
// copying it. Blocks under 1 MiB are not worth it (their copies are
// latency, not bandwidth) and may share pages with other blocks.
void noteCopy(xmprt_darray *a, const char *fn) {
  if (a->hostPin || a->bytes < (1 << 20))
    return;
  static const int64_t after =
      settings::integerOrDefault("XMP_PIN_HOST_AFTER", fn);
  if (after == 0 || ++a->hostCopies < (uint64_t)after)
    return;
  gpu::sync(fn); // no copy of the block in flight while it changes state
  a->hostPin = gpu::hostRegister(a->data, a->bytes, fn) ? 1 : -1;
}

void copyOut(xmprt_darray *a, const char *fn) {
  // A device instance that entered its region stale and was not used there
  // holds nothing newer than the host: make them equal the other way.
  if (a->devFlags & kDevNeedsIn) {
    copyIn(a, fn);
    return;
  }
  noteCopy(a, fn);
  gpu::sync(fn);
  gpu::copyAsync(a->data, a->devData, a->bytes, fn);
  gpu::sync(fn);
  gCopied[1] += a->bytes;
  a->devFlags &= ~(uint32_t)(kHostStale | kDevStale);
}

// Copies the block to the device (after the stream's earlier work). Both
// instances are then equal: whatever the device held is overwritten.
void copyIn(xmprt_darray *a, const char *fn) {
  noteCopy(a, fn);
  gpu::copyAsync(a->devData, a->data, a->bytes, fn);
  gpu::sync(fn);
  gCopied[0] += a->bytes;
  a->devFlags &= ~(uint32_t)(kDevStale | kHostStale | kDevNeedsIn);
}

// Local storage indices [lo, hi) along dim d of the elements of global
// range [g0, g1) this rank stores (owned ones and its allocated shadow;
// shadow slots outside [0, m) by their out-of-range index, as
// xmprt_darray_global_to_local). Always one run: block-like and unaligned
// dims store a contiguous global range; a cyclic dim (no shadow, or a full
// one) stores only owned elements, in increasing global order, so the
// owned elements of [g0, g1) are the local indices
// [ownedBelow(g0), ownedBelow(g1)).
dist::Range storedRun(const xmprt_darray *a, int32_t d, int64_t g0,
                      int64_t g1) {
  const dist::ArrayDim &ad = a->dims[d];
  if (g1 <= g0)
    return {0, 0};
  auto clip = [&](int64_t from, int64_t to, int64_t shift) -> dist::Range {
    int64_t lo = dist::clamp(g0, from, to), hi = dist::clamp(g1, from, to);
    return {lo + shift, dist::max64(lo, hi) + shift};
  };
  if (ad.fullShadow) // the whole dimension, local == global
    return clip(0, ad.m, 0);
  if (!ad.aligned) // the whole dimension plus its shadow, local = g + sl
    return clip(-ad.shadowLo, ad.m + ad.shadowHi, ad.shadowLo);
  int64_t c = a->coord[d];
  if (ad.t.kind == dist::Kind::Cyclic) {
    int64_t lo = dist::arrayOwnedBelow(ad, c, g0);
    return {lo, dist::max64(lo, dist::arrayOwnedBelow(ad, c, g1))};
  }
  dist::Range own = dist::arrayOwned(ad, c);
  if (own.empty()) // an empty piece: no shadow is maintained either
    return {0, 0};
  return clip(own.lo - ad.shadowLo, own.hi + ad.shadowHi,
              ad.shadowLo - own.lo);
}

// One strided copy of the local slice [run.lo, run.hi) along dim d (every
// index of the other dims) between the host and device blocks; returns the
// bytes queued.
int64_t copySlice(xmprt_darray *a, int32_t d, dist::Range run, bool toHost,
                  const char *fn) {
  if (run.empty())
    return 0;
  int64_t outer = 1, inner = a->esize;
  for (int32_t k = 0; k < d; ++k)
    outer *= a->extent[k];
  for (int32_t k = d + 1; k < a->rank; ++k)
    inner *= a->extent[k];
  int64_t pitch = inner * a->extent[d], width = inner * run.size();
  int64_t off = inner * run.lo;
  char *host = static_cast<char *>(a->data) + off;
  char *dev = static_cast<char *>(a->devData) + off;
  if (width == pitch) { // whole rows: one contiguous piece
    width *= outer;
    outer = 1;
  }
  if (toHost)
    gpu::copy2DAsync(host, pitch, dev, pitch, width, outer, fn);
  else
    gpu::copy2DAsync(dev, pitch, host, pitch, width, outer, fn);
  return width * outer;
}

} // namespace

namespace xmprt {

void *deviceInstance(xmprt_darray *a, const char *fn) {
  if (a->devData)
    return a->devData;
  if (!gpu::built())
    gpu::notBuilt(fn);
  a->devData = gpu::deviceAlloc(a->bytes, fn);
  a->devBytes = a->bytes;
  ++a->devGen;
  a->devFlags = kDevStale;
  a->devPeers.clear();
  return a->devData;
}

void halosToHost(xmprt_darray *a, const Box *boxes, size_t n,
                 const char *fn) {
  if (!a->devData)
    return;
  int64_t total = 0;
  for (size_t i = 0; i < n; ++i)
    total += boxes[i].bytes();
  // The boxes of different dimensions overlap at the corners: when they
  // cover as much as the block, one copy of the block is cheaper. (Not
  // when the host changed since the reflect started: its writes win.)
  if ((a->devFlags & kHostStale) ||
      (total >= a->bytes && !(a->devFlags & kDevStale))) {
    copyOut(a, fn);
    return;
  }
  char *host = static_cast<char *>(a->data);
  const char *dev = static_cast<const char *>(a->devData);
  int64_t bytes = 0;
  for (size_t i = 0; i < n; ++i) {
    const Box &b = boxes[i];
    if (b.bytes() == 0)
      continue;
    gpu::copy2DAsync(host + b.offset, b.stride, dev + b.offset, b.stride,
                     b.blockBytes, b.nblocks, fn);
    bytes += b.bytes();
  }
  if (bytes)
    gpu::sync(fn);
  gCopied[1] += bytes;
}

void freeDeviceInstance(xmprt_darray *a) {
  if (!a->devData)
    return;
  for (auto &kv : a->devPeers)
    gpu::ipcClose(kv.second);
  a->devPeers.clear();
  gpu::sync("xmprt_darray_destroy");
  gpu::deviceFree(a->devData);
  a->devData = nullptr;
  if (a->hostPin > 0)
    gpu::hostUnregister(a->data);
  a->hostPin = 0;
  a->hostCopies = 0;
  a->devBytes = 0;
  a->devFlags = kDevStale;
}

void *deviceForUse(xmprt_darray *a, const char *fn) {
  if (a->replicateDepth > 0) {
    XMPRT_CHECK(a->devData, fn, "array has no device instance");
    if (a->devFlags & kDevNeedsIn)
      copyIn(a, fn);
    return a->devData;
  }
  deviceInstance(a, fn);
  if (a->devFlags & kDevStale)
    copyIn(a, fn);
  return a->devData;
}

} // namespace xmprt

// Device values the host lacks come out first, for the destination too:
// its whole block goes back in afterwards.
void xmprt::gmoveAccBefore(xmprt_darray *dst, xmprt_darray *src,
                           const char *fn) {
  for (xmprt_darray *x : {src, dst})
    if ((x == src || src != dst) && x->inGrid() && x->devData &&
        (x->replicateDepth > 0 || (x->devFlags & kHostStale)))
      copyOut(x, fn);
}

void xmprt::gmoveAccAfter(xmprt_darray *dst, const char *fn) {
  if (dst->inGrid() && dst->devData)
    copyIn(dst, fn);
}

void xmprt::gmoveAcc(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                     xmprt_darray *src, const int64_t *src_sec,
                     xmprt_grid *exec, const char *fn) {
  XMPRT_CHECK(dst && src, fn, "array is NULL");
  // Inside replicate regions the device instances are the reference: the
  // gmove runs on them (only the elements that cross ranks go through the
  // host) and the destination's host block is stale afterwards, as after a
  // device loop there. Each rank decides for itself (the exchange is the
  // same MPI_Alltoallv either way); a rank outside an array's grid holds
  // nothing of it.
  auto onDevice = [](const xmprt_darray *x) {
    return !x->inGrid() || (x->devData && x->replicateDepth > 0);
  };
  if (gpu::built() && onDevice(src) && onDevice(dst)) {
    if (src->inGrid())
      deviceForUse(src, fn);
    if (dst->inGrid())
      deviceForUse(dst, fn);
    gmoveOnDevice(site, dst, dst_sec, src, src_sec, exec, fn);
    if (dst->inGrid())
      dst->devFlags |= kHostStale;
    return;
  }
  gmoveAccBefore(dst, src, fn);
  if (exec)
    gmoveHost(site, dst, dst_sec, src, src_sec, exec, fn);
  else
    xmprt_gmove(site, dst, dst_sec, src, src_sec);
  gmoveAccAfter(dst, fn);
}


extern "C" {

void *xmprt_darray_device_acquire(xmprt_darray *a, int32_t mode) {
  const char *fn = "xmprt_darray_device_acquire";
  checkArray(a, fn);
  XMPRT_CHECK(mode >= 0 && mode <= XMPRT_ACCESS_READWRITE, fn,
              "mode %d is not a combination of XMPRT_ACCESS_READ/WRITE", mode);
  if (!gpu::built())
    gpu::notBuilt(fn);
  if (!a->inGrid())
    return nullptr;
  if (mode == 0)
    return deviceInstance(a, fn);
  return deviceForUse(a, fn);
}

void xmprt_darray_device_release(xmprt_darray *a, int32_t mode) {
  const char *fn = "xmprt_darray_device_release";
  checkArray(a, fn);
  XMPRT_CHECK(mode >= 0 && mode <= XMPRT_ACCESS_READWRITE, fn,
              "mode %d is not a combination of XMPRT_ACCESS_READ/WRITE", mode);
  if (!gpu::built())
    gpu::notBuilt(fn);
  if (!a->inGrid() || !(mode & XMPRT_ACCESS_WRITE))
    return;
  XMPRT_CHECK(a->devData, fn,
              "array has no device instance (release without acquire)");
  if (a->replicateDepth > 0) {
    // Explicit model: nothing moves, but a split loop's host part (and
    // gmove_acc) must know that the host lacks these values.
    a->devFlags |= kHostStale;
    return;
  }
  copyOut(a, fn);
}

void xmprt_darray_host_modified(xmprt_darray *a) {
  checkArray(a, "xmprt_darray_host_modified");
  a->devFlags |= kDevStale;
}

void xmprt_replicate_begin(xmprt_darray *a) {
  const char *fn = "xmprt_replicate_begin";
  checkArray(a, fn);
  if (!gpu::built())
    gpu::notBuilt(fn);
  ++a->replicateDepth;
  if (!a->inGrid())
    return;
  if (!a->devData) {
    deviceInstance(a, fn);
    a->devFlags |= kDevFromReplicate;
  }
  // Device code in the region starts from the host's latest values, as the
  // CPU build's does: an instance made here, or stale (host code changed
  // the block since its last copy in), gets the host block at its first
  // device use in the region, unless replicate_sync in copies it first
  // (then once). Inside the region the program moves data explicitly.
  if (a->replicateDepth == 1 && (a->devFlags & kDevStale))
    a->devFlags |= kDevNeedsIn;
}

void xmprt_replicate_end(xmprt_darray *a) {
  const char *fn = "xmprt_replicate_end";
  checkArray(a, fn);
  if (!gpu::built())
    gpu::notBuilt(fn);
  XMPRT_CHECK(a->replicateDepth > 0, fn, "array is not in a replicate region");
  if (--a->replicateDepth > 0 || !a->devData)
    return;
  if (a->devFlags & kDevFromReplicate)
    freeDeviceInstance(a);
  else
    a->devFlags = kDevStale; // the host instance is the reference again
}

void xmprt_replicate_sync(xmprt_darray *a, int32_t dir) {
  const char *fn = "xmprt_replicate_sync";
  checkArray(a, fn);
  XMPRT_CHECK(dir == 0 || dir == 1, fn, "direction must be 0 (in) or 1 (out), "
              "got %d", dir);
  if (!gpu::built())
    gpu::notBuilt(fn);
  if (!a->inGrid())
    return;
  XMPRT_CHECK(a->devData, fn,
              "array has no device instance (not in a replicate region?)");
  if (dir == 0)
    copyIn(a, fn);
  else
    copyOut(a, fn);
}

void xmprt_darray_host_acquire(xmprt_darray *a) {
  const char *fn = "xmprt_darray_host_acquire";
  checkArray(a, fn);
  if (!a->inGrid() || !a->devData)
    return;
  if (a->devFlags & kHostStale)
    copyOut(a, fn);
}

void xmprt_darray_split_commit(xmprt_darray *a, int32_t dim, int64_t g0,
                               int64_t g1, int64_t c0, int64_t c1) {
  const char *fn = "xmprt_darray_split_commit";
  checkArray(a, fn);
  XMPRT_CHECK(dim >= 0 && dim < a->rank, fn,
              "dim %d out of range [0,%d) of the array", dim, a->rank);
  if (!a->inGrid() || !a->devData)
    return;
  dist::Range gpuRun = storedRun(a, dim, g0, g1);
  dist::Range cpuRun = storedRun(a, dim, c0, c1);
  bool region = a->replicateDepth > 0;
  // Outside a region a device instance still stale was not acquired: the
  // GPU part did not run here, the host (the reference) holds every value
  // and the instance stays stale (its next acquire copies the block).
  // Copying its rows out would overwrite the host with stale values.
  if (!region && (a->devFlags & kDevStale))
    return;
  // A host instance still stale was not acquired either: the CPU part did
  // not run here (the compiler then passes an empty range; this also
  // covers other callers).
  bool hostStale = a->devFlags & kHostStale;
  if (cpuRun.empty() || hostStale) {
    if (region) {
      // The device is the reference inside the region and the host gained
      // nothing: keep a weight-0 loop as cheap as a plain device loop.
      if (!gpuRun.empty())
        a->devFlags |= kHostStale;
      return;
    }
    if (hostStale) {
      // The host lacked more than this slice before the loop (no device
      // operation outside regions leaves it so today: a device reflect
      // copies its halos back): the whole block, as release does, so that
      // host code sees current data.
      copyOut(a, fn);
      return;
    }
    cpuRun = {0, 0};
  }
  // The copies follow the GPU part's kernels on the stream; the CPU part
  // is complete (the caller waited for it). The ranges are disjoint for
  // loops the compiler splits (one store offset per array); for other
  // callers, where they overlap, the CPU slice goes first so both
  // instances end with the CPU part's (later iterations') values.
  noteCopy(a, fn);
  gCopied[0] += copySlice(a, dim, cpuRun, false, fn);
  gCopied[1] += copySlice(a, dim, gpuRun, true, fn);
  gpu::sync(fn);
  // Both instances were current before the loop (acquire, host_acquire)
  // and each side's writes are now on the other: they agree again.
  a->devFlags &= ~(uint32_t)(kHostStale | kDevStale);
}

int64_t xmprt_darray_copied_bytes(int32_t dir) {
  XMPRT_CHECK(dir == 0 || dir == 1, "xmprt_darray_copied_bytes",
              "direction must be 0 (host->device) or 1 (device->host), got "
              "%d",
              dir);
  return gCopied[dir].load();
}

int32_t xmprt_darray_in_replicate(const xmprt_darray *a) {
  checkArray(a, "xmprt_darray_in_replicate");
  return a->replicateDepth;
}

void xmprt_gmove_acc(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                     xmprt_darray *src, const int64_t *src_sec) {
  gmoveAcc(site, dst, dst_sec, src, src_sec, nullptr, "xmprt_gmove_acc");
}

xmprt_request *xmprt_gmove_acc_start(int64_t site, xmprt_darray *dst,
                                     const int64_t *dst_sec, xmprt_darray *src,
                                     const int64_t *src_sec, int32_t owned) {
  const char *fn = "xmprt_gmove_acc_start";
  XMPRT_CHECK(dst && src, fn, "array is NULL");
  gmoveAccBefore(dst, src, fn);
  return gmoveStart(site, dst, dst_sec, src, src_sec, owned, /*acc=*/true,
                    fn);
}

} // extern "C"
