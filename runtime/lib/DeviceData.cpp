//===- DeviceData.cpp - device instances of darrays and their validity ----===//
//
// A darray's device instance is its local block (shadows included, same
// layout) in GPU memory. Validity is tracked with two flags:
//   kDevStale  : the host changed since the last host->device copy (set at
//                creation, by xmprt_darray_host_modified, after host
//                reflects and host gmoves);
//   kHostStale : the device holds values the host lacks (after a device
//                reflect; a replicate region's device writes are not
//                tracked: there the program syncs explicitly).
// Outside replicate regions the host instance is the reference: acquire
// copies it in when stale, release after writes copies the block back.
// Inside them nothing moves unless the program calls xmprt_replicate_sync.
// All copies are of the whole local block (simple and exact; the cost is
// the block size per copy).
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"

using namespace xmprt;

namespace {

void checkArray(const xmprt_darray *a, const char *fn) {
  XMPRT_CHECK(a, fn, "array is NULL");
}

// Waits for the device's pending work on the block and copies it to the host.
void copyOut(xmprt_darray *a, const char *fn) {
  gpu::sync(fn);
  gpu::copyAsync(a->data, a->devData, a->bytes, fn);
  gpu::sync(fn);
  a->devFlags &= ~(uint32_t)kHostStale;
}

void copyIn(xmprt_darray *a, const char *fn) {
  gpu::copyAsync(a->devData, a->data, a->bytes, fn);
  gpu::sync(fn);
  a->devFlags &= ~(uint32_t)kDevStale;
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

void freeDeviceInstance(xmprt_darray *a) {
  if (!a->devData)
    return;
  for (auto &kv : a->devPeers)
    gpu::ipcClose(kv.second);
  a->devPeers.clear();
  gpu::sync("xmprt_darray_destroy");
  gpu::deviceFree(a->devData);
  a->devData = nullptr;
  a->devBytes = 0;
  a->devFlags = kDevStale;
}

void *deviceForUse(xmprt_darray *a, const char *fn) {
  if (a->replicateDepth > 0) {
    XMPRT_CHECK(a->devData, fn, "array has no device instance");
    return a->devData;
  }
  deviceInstance(a, fn);
  if (a->devFlags & kDevStale)
    copyIn(a, fn);
  return a->devData;
}

} // namespace xmprt

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
  if (a->replicateDepth > 0 || mode == 0)
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
  if (!a->inGrid() || a->replicateDepth > 0 || !(mode & XMPRT_ACCESS_WRITE))
    return;
  XMPRT_CHECK(a->devData, fn,
              "array has no device instance (release without acquire)");
  copyOut(a, fn);
  a->devFlags &= ~(uint32_t)kDevStale;
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
  if (a->inGrid() && !a->devData) {
    deviceInstance(a, fn);
    a->devFlags |= kDevFromReplicate;
  }
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

int32_t xmprt_darray_in_replicate(const xmprt_darray *a) {
  checkArray(a, "xmprt_darray_in_replicate");
  return a->replicateDepth;
}

void xmprt_gmove_acc(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                     xmprt_darray *src, const int64_t *src_sec) {
  const char *fn = "xmprt_gmove_acc";
  XMPRT_CHECK(dst && src, fn, "array is NULL");
  // Device values the host lacks come out first, for the destination too:
  // its whole block goes back in afterwards.
  for (xmprt_darray *x : {src, dst})
    if ((x == src || src != dst) && x->inGrid() && x->devData &&
        (x->replicateDepth > 0 || (x->devFlags & kHostStale)))
      copyOut(x, fn);
  xmprt_gmove(site, dst, dst_sec, src, src_sec);
  if (dst->inGrid() && dst->devData)
    copyIn(dst, fn);
}

} // extern "C"
