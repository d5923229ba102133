//===- Plan.h - reflect plans and their channels (internal) ----*- C++ -*-===//
//
// A plan is built once per (array, widths, periodic, channels, kind). For
// every array dimension d (in order: corners propagate because dimension d
// moves the full local extent of the other dimensions, including the halos
// that dimensions < d just filled) and every side, the halo of each
// coordinate q is cut into runs that have one source coordinate
// (haloRuns). Both the sending and the receiving rank enumerate the same
// runs in the same order, so message contents agree by construction; a
// size exchange at creation checks that all ranks built the same plan.
//
// More generally the phase of dimension d is a list of regions (Region:
// per dimension its full extent, owned range or one halo side), whose runs
// are combined into pieces between the rank holding the halo and the rank
// owning it, each an index range in every dimension moved as
// HaloGeometry.h's strips. Orthogonal reflects restrict each dimension's
// halo to the owned range of the others (no corner); reduce_shadow plans
// send every face, edge and corner box straight to its owner, which adds it
// (IB: added on receipt; TCA: pulled by the owner; self: added). Neither
// has a phase that depends on another: their phases all begin at the
// start and finish in order (Plan::concurrent).
//
// Each run goes through one channel, chosen per peer:
//   IB   (ChannelIB.cpp): MPI persistent requests, one message per (peer,
//        dim, side); for host data or device data (through pinned host
//        buffers);
//   TCA  the peer's block is mapped into this process and I write my strips
//        straight into its halo, between a READY and a DONE per dimension:
//        host data through the MPI-3 shared window (ChannelHostTCA.cpp,
//        which also has the MPI form of READY/DONE), device data through
//        CUDA IPC, READY/DONE as stream flags or MPI messages
//        (ChannelDeviceTCA.cpp, with the binding of a device plan to the
//        array's instance);
//   self a periodic neighbour that is this rank: a local box copy (Plan.cpp).
// A plan holds the IB and TCA channels of its data (hostIB / hostTCA, or
// deviceIB / deviceTCA for acc = 1), chosen once at creation; TCA serves a
// peer it reaches (Channel::reaches), IB every other. A dimension whose
// channel is AUTO may have two builds while the plan's tuner times its
// first reflects (PlanTuner, Tune.cpp): the rule's (TCA where it reaches)
// and IB for every peer; the decision keeps one. Plan.cpp has the
// geometry, the building, the C entry points and the dispatch; Stats.cpp
// the statistics (XMP_REFLECT_STATS); Tune.cpp the tuner.
//
// The channel interface. Channels are objects without state (the state of
// a dimension is in its DimPhase: one part per channel); each dimension
// lists the channels that have something to move (DimPhase::channels:
// IB, TCA, self, in that order). One exchange of dimension d:
//   begin(d): stage() of every listed channel, in list order (prepare what
//             I send: pack it, queue its copies); if any stage() asked for
//             it, one wait for the device stream (device plans: the pinned
//             buffers are complete, and my kernels no longer read the halos
//             a peer writes once it has my READY); then post() of every
//             listed channel, in list order (start the messages: IB data,
//             then TCA READY);
//   finish(d): finish() of every listed channel in reverse list order (self
//             copies, the TCA handshake and pushes, then IB waits and
//             unpacks: the messages started first are waited for last).
// xmprt_reflect_start begins dimension 0; xmprt_reflect_wait finishes
// every dimension, beginning each next one after the previous finished. A
// device plan whose every dimension moves device memory only (TCA with
// stream flags, self copies) is queued whole by xmprt_reflect_start
// (streamOnly). Dispatch is a virtual call per listed channel and step:
// nothing is allocated and no MPI call is added per reflect.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_LIB_REFLECT_PLAN_H
#define XMPRT_LIB_REFLECT_PLAN_H

#include "../Internal.h"
#include "../Memory.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace xmprt {
namespace reflect {

// Message tags on the grid's communicator.
constexpr int kTagData = 100, kTagReady = 5000, kTagDone = 9000,
              kTagIpc = 13000, kTagIpcOk = 13001, kTagFlags = 13002;

// Frees persistent requests (inactive) and empties the vector.
inline void freeRequests(std::vector<MPI_Request> &v) {
  for (MPI_Request &r : v)
    if (r != MPI_REQUEST_NULL)
      MPI_Request_free(&r);
  v.clear();
}

// One IB message: the boxes of one (peer, side) of a dimension, in order.
struct Message {
  int peer = -1, side = 0, tag = 0;
  std::vector<Box> boxes;
  int64_t bytes = 0;
  std::vector<char> buffer; // host plans; empty: in place
  char *pinned = nullptr;   // device plans: the MPI buffer (pinned host)
  char *staging = nullptr;  // device plans: packed boxes (null: one
                            // contiguous box, copied directly)
};

// One box copied into a block of this process or a mapped peer's. In a
// reduce_shadow plan the data flows the other way (pulls, self adds): dst
// is in my block and is added to, src is in `peer`'s block (self: mine).
struct Copy {
  int peer; // reflect: grid rank whose block is written (self: my rank);
            // reduce_shadow: grid rank whose block is read
  Box dst, src;
  char *peerBase = nullptr; // device plans: the peer's mapped instance
  bool direct = true;       // device plans: a kernel may store into it
};

// What one dimension moves through IB (ChannelIB.cpp).
struct IBPart {
  std::vector<Message> sends, recvs;
  std::vector<MPI_Request> reqs; // recvs first, then sends
  int64_t bytes = 0;             // sent
  // Frees the requests and buffers and forgets the messages.
  void clear();
};

// What one dimension moves through TCA (ChannelHostTCA.cpp,
// ChannelDeviceTCA.cpp).
struct TCAPart {
  std::vector<Copy> pushes; // my strips into the peers' halos
  std::vector<int> peers;   // grid ranks, ascending
  std::vector<MPI_Request> ready, done; // READY / DONE: recvs then sends
  // Device reduce_shadow plans: a buffer of my device memory that each
  // pull copies a peer's box into before it is added (the largest pull).
  char *scratch = nullptr;
  // Stream flags (device plans that use them, set at binding): per peer,
  // in peers' order, its READY word for me in its memory and my READY word
  // for it in mine; DONE is the word after each.
  std::vector<uint32_t *> flagTo, flagFrom;
  int64_t bytes = 0; // pushed
  // Frees the requests and forgets the rest.
  void clear();
};

// What one dimension copies inside my own block (periodic, one rank).
struct SelfPart {
  std::vector<Copy> copies;
  int64_t bytes = 0;
};

class Channel;

// What a plan does with the shadows (xmprt_reflect_plan::kind).
enum class PlanKind {
  Reflect,   // shadows = their owners' values (xmprt_reflect_init)
  ReduceAdd, // owners += their shadows' values (xmprt_reduce_shadow_init)
  ReduceMax, // owners = max(owner, its shadows' values)
  ReduceMin, // owners = min(owner, its shadows' values)
};

// The part of one dimension a region of a phase covers: the whole local
// extent, the owned range, or the halo below (Lo) or above (Hi) it.
enum class Role : uint8_t { Full, Owned, Lo, Hi };

// A region of a phase: per dimension its role. Its pieces are the product
// of one run per dimension (a halo dimension may have several runs, one
// per owner), each between the rank holding the halo (the holder) and the
// rank owning its elements (the owner). `side` keys the IB messages.
//   reflect            : phase d has {Lo or Hi in d, Full elsewhere}
//                        (corners travel through the later dimensions);
//   orthogonal reflect : {Lo or Hi in d, Owned elsewhere} (no corners);
//   reduce_shadow      : every corner, edge and face box straight to its
//                        owner: {Owned before d, Lo or Hi in d, any of
//                        Owned/Lo/Hi after d}.
struct Region {
  int side = 0;
  std::vector<Role> roles;
};

struct DimPhase {
  int32_t dim = 0;
  // What the phase moves (set at creation, kept across rebuilds).
  std::vector<Region> regions;
  bool active = false; // some channel is listed
  int requested = XMPRT_CHANNEL_AUTO;
  // What this build serves (buildDim): IB = every peer through IB; TCA or
  // AUTO = TCA for every peer the plan's TCA channel reaches, IB for the
  // others. `requested` after XMP_REFLECT_CHANNEL, then after the tuner's
  // decision (Tune.cpp); a tuner's alternate build has IB.
  int use = XMPRT_CHANNEL_AUTO;
  // The tuner and this dimension (TuneState): not tuned, tuning (the
  // decision is to come), tuned (the channel was chosen by measurement).
  int tune = 0;
  int64_t wlo = 0, whi = 0;
  bool periodic = false;
  int chan[2] = {XMPRT_CHANNEL_NONE, XMPRT_CHANNEL_NONE}; // per side
  // Every box of my block this dimension fills (from any channel): device
  // plans outside replicate regions copy them to the host afterwards.
  std::vector<Box> halo;
  IBPart ib;
  TCAPart tca;
  SelfPart self;
  // The channels with something to move, in begin order.
  const Channel *channels[3] = {nullptr, nullptr, nullptr};
  int nchannels = 0;
};

// State of a device plan's binding to the array's device instance
// (ChannelDeviceTCA.cpp).
struct DeviceBinding {
  // Generation of the instance bound (0: none yet), and the peers that
  // could not be mapped through CUDA IPC (served through IB).
  uint64_t boundGen = 0;
  std::set<int> ipcFailed;
  // Whether the TCA handshake runs on the stream (stream flags, see
  // flagsDim), decided collectively at the first binding. My flag words
  // (device memory, 2 per (dim, writer's sub-cluster rank): READY, DONE),
  // the peers' words mapped through CUDA IPC, the epoch of the current
  // reflect (the same on every rank: plans are started collectively).
  int flagsState = 0; // 0 undecided, 1 stream flags, -1 MPI messages
  uint32_t *myFlags = nullptr;
  std::map<int, uint32_t *> peerFlags;
  int subSize = 0, mySub = -1;
  uint32_t epoch = 0;
  // READY word of (dim, writer); DONE is the next one.
  size_t flagSlot(int32_t dim, int writerSub) const {
    return ((size_t)dim * subSize + writerSub) * 2;
  }
};

struct PlanStats; // Stats.cpp

enum TuneState { kTuneNone = 0, kTuneTuning = 1, kTuneTuned = 2 };

// The channel tuner of a plan with AUTO dimensions (Tune.cpp): alive from
// the plan's creation until its last tuned dimension is decided. The
// dimensions are tuned one after the other (`order`); each runs
// tune::steps(reps) reflects alternating its rule build (in the plan) and
// its alternate (`alt`: IB for every peer), then a collective decision
// keeps one of the two builds and frees the other.
struct PlanTuner {
  int reps = 0;              // timed reflects per candidate
  bool ready = false;        // set up (at the second start)
  std::vector<int32_t> order; // the dimensions tuned, in order
  std::map<int32_t, DimPhase> alt; // per dimension still to decide
  size_t cur = 0;            // order[cur] is being tuned
  int step = 0;              // its reflects so far
  bool swapped = false;      // the reflect in flight runs alt[order[cur]]
  double elapsed = 0;        // time of the reflect in flight
  std::vector<double> samples[2]; // timed reflects: [0] the rule, [1] ib
};

} // namespace reflect
} // namespace xmprt

struct xmprt_reflect_plan {
  xmprt_darray *a = nullptr;
  int32_t acc = 0;
  xmprt::reflect::PlanKind kind = xmprt::reflect::PlanKind::Reflect;
  // Faces only (reflect `orthogonal`): no corner is written.
  bool orthogonal = false;
  bool cached = false;
  bool started = false;
  // Creation index (every plan, every rank: the same on all ranks), as the
  // statistics number them.
  int64_t id = 0;
  std::vector<xmprt::reflect::DimPhase> dims;
  xmprt::MemorySpace *mem = nullptr; // host, or the device space (acc = 1)
  // The IB and TCA channels of this plan's data.
  const xmprt::reflect::Channel *ib = nullptr, *tca = nullptr;
  // Device plans: the binding to the instance and the TCA signalling.
  xmprt::reflect::DeviceBinding dev;
  // Every active dimension moves device memory only (TCA with stream
  // flags, self copies): xmprt_reflect_start queues the whole exchange and
  // xmprt_reflect_wait has nothing left to do on the host.
  bool streamOnly = false;
  // A device plan started by xmprt_reflect_start with something to move:
  // the exchange runs on the comm stream (gpu::commFork at the start,
  // gpu::commJoin at the wait), so kernels queued in between run beside it.
  bool onComm = false;
  // XMP_REFLECT_STATS=1: this plan's record (owned by the registry, kept
  // after the plan is destroyed); null otherwise.
  xmprt::reflect::PlanStats *stats = nullptr;
  // While AUTO dimensions are being tuned (XMP_CHANNEL_TUNE): the tuner;
  // null otherwise (the entry points pay one branch).
  xmprt::reflect::PlanTuner *tuner = nullptr;
  // The block the plan moves: the host instance or the device instance.
  char *base() const { return acc ? (char *)a->devData : (char *)a->data; }
  bool reduces() const { return kind != xmprt::reflect::PlanKind::Reflect; }
  // How a reducing plan combines (XMPRT_RED_SUM, _MAX, _MIN).
  int32_t redOp() const {
    return kind == xmprt::reflect::PlanKind::ReduceMax   ? XMPRT_RED_MAX
           : kind == xmprt::reflect::PlanKind::ReduceMin ? XMPRT_RED_MIN
                                                         : XMPRT_RED_SUM;
  }
  // The phases do not depend on each other (no corner travels through an
  // earlier dimension): all of them start at once and are completed in
  // order, instead of one dimension after the other.
  bool concurrent() const { return orthogonal || reduces(); }
};

namespace xmprt {
namespace reflect {

using Plan = xmprt_reflect_plan;

// One way of moving halo data (see the file comment for the protocol).
class Channel {
public:
  // Whether this channel can move data between me and grid rank `peer`.
  virtual bool reaches(const Plan *, int /*peer*/) const { return true; }
  // After the geometry of a dimension: its persistent resources (buffers,
  // persistent MPI requests; no communication).
  virtual void open(Plan *, DimPhase &, const char * /*fn*/) const {}
  // begin(d), first pass: true when the host must wait for the device
  // stream before the dimension's messages start.
  virtual bool stage(Plan *, DimPhase &) const { return false; }
  // begin(d), second pass: start the dimension's messages.
  virtual void post(Plan *, DimPhase &) const {}
  // finish(d): complete the dimension's part of the exchange.
  virtual void finish(Plan *p, DimPhase &ph) const = 0;

protected:
  ~Channel() = default;
};

// The channel objects.
const Channel &hostIB();    // ChannelIB.cpp
const Channel &deviceIB();  // ChannelIB.cpp
const Channel &hostTCA();   // ChannelHostTCA.cpp
const Channel &deviceTCA(); // ChannelDeviceTCA.cpp
const Channel &selfCopy();  // Plan.cpp

// TCA for either kind of data: the persistent READY/DONE requests, and the
// handshake over MPI messages (ChannelHostTCA.cpp).
class TCAChannel : public Channel {
public:
  void open(Plan *p, DimPhase &ph, const char *fn) const override;

protected:
  ~TCAChannel() = default;
  // Waits for READY from every peer, pushes my strips into their halos
  // (push), starts DONE, completes my READY sends and waits for every
  // peer's DONE.
  void handshake(Plan *p, DimPhase &ph, char *base, const char *fn) const;
  virtual void push(Plan *p, DimPhase &ph, char *base) const = 0;
};

// Every build of the plan's dimensions: the plan's own, then (while a
// tuner has them) the alternates, in dimension order: the same order on
// every rank.
template <typename F> void forEachBuild(Plan *p, F &&f) {
  for (DimPhase &ph : p->dims)
    f(ph);
  if (p->tuner)
    for (auto &kv : p->tuner->alt)
      f(kv.second);
}

//--- Plan.cpp -----------------------------------------------------------------
const char *chanName(int c);
// The regions of phase ph.dim (by the plan's kind; every DimPhase of the
// plan has its widths already).
void setRegions(Plan *p, DimPhase &ph);
// Geometry of dimension ph.dim: runs, channels per peer, the consistency
// check (collective over the dimension's grid axis), then the channels'
// resources and the list of channels.
void buildDim(Plan *p, DimPhase &ph, const char *fn);
// Frees what buildDim made and forgets its result (keeps the request).
void resetDim(DimPhase &ph);
// Exchanges what two builds of one dimension made (buildDim's results and
// `use`); persistent requests and buffers stay valid.
void swapBuild(DimPhase &x, DimPhase &y);
// Every build rebuilt (collective like the creation: every rank of the
// grid, the same builds).
void rebuildAll(Plan *p, const char *fn);
// Whether the dimension has anything to exchange as requested.
bool dimWanted(const Plan *p, const DimPhase &ph);
// `split`: started by xmprt_reflect_start (work may be queued before the
// wait), not by xmprt_reflect_do.
void startPlan(Plan *p, bool split);
void waitPlan(Plan *p);

//--- ChannelDeviceTCA.cpp -----------------------------------------------------
// Every start of a device plan in the grid: binds it to the array's current
// device instance (collective over the grid; rebuilds the plan if CUDA IPC
// failed for some pair) and advances the epoch of its stream flags.
void bindDevice(Plan *p);
// xmprt_reflect_destroy of a device plan: frees its flag words.
void releaseDevice(Plan *p);
// Whether xmprt_reflect_start queues the whole exchange (Plan::streamOnly)
// with the plan's current builds; again after a tuner swapped builds.
void updateStreamOnly(Plan *p);

//--- Tune.cpp -----------------------------------------------------------------
// At creation: a tuner for a plan with dimensions to tune (XMP_CHANNEL_TUNE
// > 0, AUTO requested and meaning auto, something to exchange).
void tuneAttach(Plan *p, const char *fn);
// The entry points of a plan with a tuner (xmprt_reflect_do is start, then
// wait): the reflect runs the candidate of the schedule, timed; the last
// reflect of a dimension's schedule decides (collective over the grid).
void tunedStart(Plan *p, bool split);
void tunedWait(Plan *p);
// xmprt_reflect_destroy: frees the alternates and the tuner.
void tuneRelease(Plan *p);

//--- Stats.cpp ----------------------------------------------------------------
bool statsWanted();
// A record for a new plan (in creation order), attached to it.
void statsAttach(Plan *p, const int32_t *channels);
// The plan goes: its record keeps the channels it used.
void statsDetach(Plan *p);
// xmprt_reflect_start / _wait / _do of a plan with a record: timed.
void timedStart(Plan *p, bool split);
void timedWait(Plan *p);

} // namespace reflect
} // namespace xmprt

#endif
