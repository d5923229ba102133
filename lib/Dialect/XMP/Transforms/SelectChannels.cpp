//===- SelectChannels.cpp - channel (ib/tca/none) of each reflect dim ------===//
//
// See the pass description in Passes.td and docs/channels.md. The halo
// geometry is xmprt/HaloGeometry.h over the same static local extents the
// lowering uses (computeLayout): the runtime builds the boxes it moves
// with the same header, so the class chosen here is the shape moved.
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionAnalysis.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"
#include "xmprt/Distribution.h"
#include "xmprt/HaloGeometry.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>
#include <tuple>

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPSELECTCHANNELS
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

// Limits of a profile (docs/channels.md): a measured one is a few hundred
// bytes, four levels deep.
constexpr uint64_t kMaxProfileBytes = 1 << 20;
constexpr unsigned kMaxProfileDepth = 32;
constexpr double kMaxLatencyUs = 1e9;
constexpr double kMinBandwidth = 1e-6, kMaxBandwidth = 1e6;

using HaloClass = xmprt::halo::Class;
constexpr const char *kClassNames[] = {"block", "block-stride", "stride"};

enum class Neighbour { Same, Other, Unknown };

/// One side message of one dimension in the local block.
struct HaloGeometry {
  HaloClass cls = HaloClass::Block;
  std::optional<int64_t> bytes; // unknown with dynamic extents
};

struct CostModel {
  double latencyUs = 0, bandwidthGBps = 0;
  double predict(int64_t bytes) const {
    // 1 GB/s = 1e3 bytes per microsecond.
    return latencyUs + (double)bytes / (bandwidthGBps * 1e3);
  }
};

/// One measured model: [channel ib=0 / tca=1][class].
struct ChannelModel {
  CostModel model[2][3];
};

/// A profile: host data ("channels") and device data ("device_channels");
/// at least one is present.
struct Profile {
  std::optional<ChannelModel> host, device;
};

/// Halo of dimension d, width w (> 0), in a row-major block of extents E
/// (xmprt/HaloGeometry.h; a `?` extent is unknown there).
HaloGeometry haloGeometry(ArrayRef<int64_t> E, unsigned d, int64_t w,
                          std::optional<int64_t> esize) {
  SmallVector<int64_t> ext;
  for (int64_t e : E)
    ext.push_back(ShapedType::isDynamic(e) ? xmprt::halo::kUnknown : e);
  HaloGeometry g;
  g.cls = xmprt::halo::classify(ext.data(), ext.size(), d, w);
  int64_t bytes =
      xmprt::halo::stripBytes(ext.data(), ext.size(), d, esize.value_or(1), w);
  if (esize && bytes != xmprt::halo::kUnknown)
    g.bytes = bytes;
  return g;
}

/// The halo of an orthogonal reflect: dimension d, width w, restricted to
/// the owned range of every other dimension (xmprt/HaloGeometry.h's
/// classifyBox over the box the runtime cuts into strips). `owned[k]`: the
/// largest owned count of dimension k (unknown: not whole), `whole[k]`:
/// every rank owns the whole local extent of k (not distributed, no shadow,
/// no row padding).
HaloGeometry orthogonalGeometry(ArrayRef<int64_t> owned, ArrayRef<bool> whole,
                                unsigned d, int64_t w,
                                std::optional<int64_t> esize) {
  SmallVector<int64_t> len;
  bool flags[xmprt::halo::kMaxBoxRank] = {};
  for (unsigned k = 0; k < owned.size() && k < xmprt::halo::kMaxBoxRank; ++k) {
    len.push_back(k == d ? w : owned[k]);
    flags[k] = k != d && whole[k];
  }
  HaloGeometry g;
  g.cls = xmprt::halo::classifyBox(len.data(), flags, len.size());
  int64_t bytes =
      xmprt::halo::boxBytes(len.data(), len.size(), esize.value_or(1));
  if (esize && bytes != xmprt::halo::kUnknown)
    g.bytes = bytes;
  return g;
}

/// Reads one model: the object under `key` ("channels" or "device_channels",
/// which the error messages name).
LogicalResult parseModel(const llvm::json::Object &chans, StringRef key,
                         ChannelModel &out, std::string &err) {
  const char *chanNames[] = {"ib", "tca"};
  for (int c = 0; c < 2; ++c) {
    const llvm::json::Object *co = chans.getObject(chanNames[c]);
    if (!co) {
      err = llvm::formatv("missing object \"{0}.{1}\"", key, chanNames[c]);
      return failure();
    }
    for (int k = 0; k < 3; ++k) {
      std::string where =
          llvm::formatv("{0}.{1}.{2}", key, chanNames[c], kClassNames[k]);
      const llvm::json::Object *ko = co->getObject(kClassNames[k]);
      if (!ko) {
        err = "missing object \"" + where + "\"";
        return failure();
      }
      // Ranges a measurement can have (1e400 parses as infinity; an
      // infinite or zero cost would decide every halo).
      std::optional<double> lat = ko->getNumber("latency_us");
      std::optional<double> bw = ko->getNumber("bandwidth_GBps");
      if (!lat || !(*lat >= 0 && *lat <= kMaxLatencyUs)) {
        err = llvm::formatv("\"{0}.latency_us\" must be a number in [0, "
                            "{1:e0}] (microseconds)",
                            where, kMaxLatencyUs);
        return failure();
      }
      if (!bw || !(*bw >= kMinBandwidth && *bw <= kMaxBandwidth)) {
        err = llvm::formatv("\"{0}.bandwidth_GBps\" must be a number in "
                            "[{1:e0}, {2:e0}] (GB/s)",
                            where, kMinBandwidth, kMaxBandwidth);
        return failure();
      }
      out.model[c][k] = {*lat, *bw};
    }
  }
  return success();
}

/// Deepest nesting of arrays and objects in `text` (brackets inside strings
/// do not count), found without recursion.
unsigned jsonDepth(StringRef text) {
  unsigned depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (char c : text) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '[' || c == '{')
      deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth > 0)
      --depth;
  }
  return deepest;
}

LogicalResult parseProfile(StringRef file, Profile &out, std::string &err) {
  // The input is bounded before it is read or parsed: llvm::json recurses
  // once per nesting level (40000 '[' overflow the stack) and a device
  // such as /dev/zero never ends.
  llvm::sys::fs::file_status st;
  if (std::error_code ec = llvm::sys::fs::status(file, st)) {
    err = ec.message();
    return failure();
  }
  if (st.type() != llvm::sys::fs::file_type::regular_file) {
    err = "not a regular file";
    return failure();
  }
  if (st.getSize() > kMaxProfileBytes) {
    err = llvm::formatv("{0} bytes; a profile has at most {1}", st.getSize(),
                        kMaxProfileBytes);
    return failure();
  }
  auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/true);
  if (!buf) {
    err = buf.getError().message();
    return failure();
  }
  if ((*buf)->getBufferSize() > kMaxProfileBytes) {
    err = llvm::formatv("more than {0} bytes", kMaxProfileBytes);
    return failure();
  }
  if (unsigned depth = jsonDepth((*buf)->getBuffer());
      depth > kMaxProfileDepth) {
    err = llvm::formatv("arrays and objects nested {0} deep; a profile "
                        "nests at most {1}",
                        depth, kMaxProfileDepth);
    return failure();
  }
  llvm::Expected<llvm::json::Value> parsed =
      llvm::json::parse((*buf)->getBuffer());
  if (!parsed) {
    err = "invalid JSON: " + llvm::toString(parsed.takeError());
    return failure();
  }
  const llvm::json::Object *root = parsed->getAsObject();
  const llvm::json::Object *host = root ? root->getObject("channels") : nullptr;
  const llvm::json::Object *dev =
      root ? root->getObject("device_channels") : nullptr;
  if (!host && !dev) {
    err = "missing object \"channels\" (host data) or \"device_channels\" "
          "(device data): at least one is required";
    return failure();
  }
  for (auto [obj, key, slot] :
       {std::tuple(host, "channels", &out.host),
        std::tuple(dev, "device_channels", &out.device)}) {
    if (!obj)
      continue;
    ChannelModel m;
    if (failed(parseModel(*obj, key, m, err)))
      return failure();
    *slot = m;
  }
  return success();
}

struct XMPSelectChannelsPass
    : public xmp::impl::XMPSelectChannelsBase<XMPSelectChannelsPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  enum class Policy { Hybrid, Threshold, IB, TCA } pol = Policy::Hybrid;
  std::optional<Profile> prof;
  DistributionAnalysis *da = nullptr;

  void annotate(ReflectLikeOpInterface op);
  Neighbour neighbour(Operation *from, DArrayType type, unsigned d,
                      std::string &why);
};

Neighbour XMPSelectChannelsPass::neighbour(Operation *from, DArrayType type,
                                           unsigned d, std::string &why) {
  if (subclusterSize <= 0) {
    why = " (assumed: sub-cluster size unknown)";
    return Neighbour::Same;
  }
  DistributeOp distOp = da->lookupDistribution(from, type.getTemplateRef());
  NodesOp nodes = distOp ? da->getNodes(distOp) : NodesOp();
  int64_t axis = distOp ? distOp.getGridAxis(type.getAlign()[d]) : -1;
  if (!nodes || axis < 0 || axis >= (int64_t)nodes.getRank())
    return Neighbour::Unknown;
  if (nodes.getParent()) {
    // Its ranks are not consecutive world ranks.
    why = " (node subset)";
    return Neighbour::Unknown;
  }
  ArrayRef<int64_t> shape = nodes.getShape();
  // Row-major rank order: neighbours along `axis` differ by its stride.
  int64_t stride = 1;
  for (int64_t k = axis; k < (int64_t)shape.size(); ++k)
    if (ShapedType::isDynamic(shape[k])) {
      why = " (dynamic grid)";
      return Neighbour::Unknown;
    }
  for (int64_t k = axis + 1; k < (int64_t)shape.size(); ++k)
    stride *= shape[k];
  // Approximation: stride < S counts as "same" even when a few pairs
  // straddle a sub-cluster boundary (the runtime sends those over IB).
  return stride < subclusterSize ? Neighbour::Same : Neighbour::Other;
}

void XMPSelectChannelsPass::annotate(ReflectLikeOpInterface op) {
  if (op.getChannelsAttr())
    return;
  DArrayType type = op.getArray().getType();
  unsigned rank = type.getRank();
  DArrayLayout layout = da->getLayout(op, type);
  std::optional<int64_t> esize;
  if (int64_t eb = elementBytes(type.getElementType()))
    esize = eb;
  DistributeOp distOp = da->lookupDistribution(op, type.getTemplateRef());
  MLIRContext *ctx = op.getContext();
  SmallVector<Attribute> chans;
  SmallVector<std::string> notes;
  bool acc = op.getAcc();

  // Orthogonal reflects restrict each halo to the owned range of the other
  // dimensions: per dimension, its largest owned count (extent less the
  // shadows; unknown for a full shadow, a dynamic extent or a row that may
  // be padded) and whether every rank owns the whole local extent.
  SmallVector<int64_t> owned;
  SmallVector<bool> whole;
  for (unsigned k = 0; k < rank; ++k) {
    int64_t e = layout.extents[k];
    int64_t a = type.getAlign()[k];
    bool dist = a != DArrayType::kNotAligned && distOp &&
                (unsigned)a < distOp.getFormats().size() &&
                distOp.getFormat(a).isDistributed();
    bool full = type.isFullShadow(k);
    int64_t slo = full ? 0 : type.getShadowLo()[k];
    int64_t shi = full ? 0 : type.getShadowHi()[k];
    bool known = !ShapedType::isDynamic(e) && !full &&
                 (k + 1 < rank || rank == 1 || e < xmprt::dist::kRowPadMin);
    owned.push_back(known ? e - slo - shi : xmprt::halo::kUnknown);
    whole.push_back(known && !dist && slo == 0 && shi == 0);
  }

  auto decide = [&](unsigned d, std::string &note) -> Channel {
    int64_t a = type.getAlign()[d];
    bool periodic = op.isPeriodic(d);
    bool full = type.isFullShadow(d);
    int64_t wlo = full ? 0 : op.getWidthLo() ? (*op.getWidthLo())[d]
                                             : type.getShadowLo()[d];
    int64_t whi = full ? 0 : op.getWidthHi() ? (*op.getWidthHi())[d]
                                             : type.getShadowHi()[d];
    llvm::raw_string_ostream os(note);
    os << "dim " << d << ": ";
    if (!full && wlo == 0 && whi == 0) {
      os << "no halo (zero width) -> none";
      return Channel::none;
    }
    bool distributed = a != DArrayType::kNotAligned && distOp &&
                       (unsigned)a < distOp.getFormats().size() &&
                       distOp.getFormat(a).isDistributed();
    if (!distributed) {
      if (!periodic) {
        os << "not distributed, nothing to exchange -> none";
        return Channel::none;
      }
      // Periodic wrap-around of a dimension every node holds whole: the
      // runtime does a local copy whatever the channel; `none` would skip it.
      os << "not distributed but periodic (local copy) -> ib";
      return Channel::ib;
    }
    if (full) {
      Channel c = pol == Policy::TCA ? Channel::tca : Channel::ib;
      os << "full shadow (all-gather) -> " << stringifyChannel(c)
         << (pol == Policy::Hybrid || pol == Policy::Threshold
                 ? " (all-gathers go over ib)"
                 : " (policy)");
      return c;
    }
    // The larger side decides (both sides share the classification unless
    // one of them is a single element wide in the innermost dimension).
    int64_t w = std::max(wlo, whi);
    HaloGeometry g = op.getOrthogonal()
                         ? orthogonalGeometry(owned, whole, d, w, esize)
                         : haloGeometry(layout.extents, d, w, esize);
    std::string nwhy;
    Neighbour nb = neighbour(op, type, d, nwhy);
    os << kClassNames[(int)g.cls] << ", ";
    if (g.bytes)
      os << *g.bytes << " bytes per message";
    else
      os << "bytes unknown (dynamic shape)";
    os << ", neighbours "
       << (nb == Neighbour::Same    ? "same"
           : nb == Neighbour::Other ? "other"
                                    : "unknown")
       << " sub-cluster" << nwhy << " -> ";
    if (pol == Policy::IB) {
      os << "ib (policy ib)";
      return Channel::ib;
    }
    if (pol == Policy::TCA) {
      os << "tca (policy tca)";
      return Channel::tca;
    }
    if (nb == Neighbour::Other) {
      os << "ib (neighbour outside the sub-cluster)";
      return Channel::ib;
    }
    // Device data (`acc`) has its own model; without the one needed, the
    // runtime decides per peer (hybrid) or the thesis's threshold rule does
    // (threshold), and the remark says why.
    const std::optional<ChannelModel> *model =
        !prof ? nullptr : acc ? &prof->device : &prof->host;
    if (model && *model) {
      int64_t bytes = g.bytes.value_or(0);
      double tib = (*model)->model[0][(int)g.cls].predict(bytes);
      double ttca = (*model)->model[1][(int)g.cls].predict(bytes);
      Channel c = ttca < tib ? Channel::tca : Channel::ib;
      os << stringifyChannel(c)
         << llvm::formatv(" (profile {0}: ib {1:f2} us, tca {2:f2} us{3})",
                          acc ? "device" : "host", tib, ttca,
                          g.bytes ? "" : ", latency only");
      return c;
    }
    // Only when a profile is given but lacks this data's model.
    std::string noModel =
        model ? llvm::formatv("the profile has no \"{0}\"",
                              acc ? "device_channels" : "channels")
                    .str()
              : "";
    if (pol == Policy::Hybrid) {
      // Only the machine knows: the runtime maps the peer's memory where it
      // can (same sub-cluster; CUDA IPC for device data) and uses TCA
      // there, IB otherwise (docs/channels.md, "Without a profile").
      os << "auto (no measured model" << (noModel.empty() ? "" : "; ")
         << noModel
         << ": the runtime uses tca for peers it can map, ib for the others)";
      return Channel::auto_;
    }
    std::string fallback = noModel.empty() ? "" : "; threshold rule: " + noModel;
    if (g.cls == HaloClass::Block) {
      os << "ib (contiguous halo" << fallback << ")";
      return Channel::ib;
    }
    if (g.bytes && *g.bytes > tcaMaxBytes) {
      os << "ib (larger than tca-max-bytes " << tcaMaxBytes << fallback
         << ")";
      return Channel::ib;
    }
    os << "tca (strided halo" << fallback << ")";
    return Channel::tca;
  };

  for (unsigned d = 0; d < rank; ++d) {
    std::string note;
    chans.push_back(ChannelAttr::get(ctx, decide(d, note)));
    notes.push_back(std::move(note));
  }
  op.setChannelsAttr(ArrayAttr::get(ctx, chans));
  if (remarks)
    for (const std::string &n : notes)
      op.emitRemark(n);
}

void XMPSelectChannelsPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (policy == "hybrid")
    pol = Policy::Hybrid;
  else if (policy == "threshold")
    pol = Policy::Threshold;
  else if (policy == "ib")
    pol = Policy::IB;
  else if (policy == "tca")
    pol = Policy::TCA;
  else {
    module.emitError() << "xmp-select-channels: unknown policy '" << policy
                       << "' (expected hybrid, threshold, ib or tca)";
    return signalPassFailure();
  }
  if (tcaMaxBytes < 0) {
    module.emitError() << "xmp-select-channels: tca-max-bytes must be "
                          "non-negative";
    return signalPassFailure();
  }
  prof.reset();
  if (!profile.empty()) {
    Profile p;
    std::string err;
    if (failed(parseProfile(profile, p, err))) {
      module.emitError() << "xmp-select-channels: bad profile '" << profile
                         << "': " << err;
      return signalPassFailure();
    }
    prof = p;
  }
  da = &getAnalysis<DistributionAnalysis>();
  module.walk([&](ReflectLikeOpInterface r) { annotate(r); });
}

} // namespace
