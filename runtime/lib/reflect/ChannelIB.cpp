//===- ChannelIB.cpp - the IB channel of reflect plans --------------------===//
//
// IB: MPI persistent requests, one message per (peer, dim, side), made
// once when the plan is built and started at every reflect.
//   host data  : a contiguous halo is sent and received in place, a strided
//                one packed into (unpacked from) a plan-owned buffer;
//                reduce_shadow plans receive into the buffer and add it;
//   device data: the boxes are packed by a kernel into a device staging
//                buffer (a single contiguous box is copied directly) and
//                copied into a pinned host buffer, which the persistent
//                requests use; the reverse on the receiving side, queued on
//                the stream.
//===----------------------------------------------------------------------===//
#include "Plan.h"

#include "../Gpu.h"

#include <climits>

using namespace xmprt;
using namespace xmprt::reflect;

namespace {

// What both kinds of data share: the persistent requests, made for the
// receives, then the sends, over the buffer each kind gives a message.
class IB : public Channel {
public:
  void open(Plan *p, DimPhase &ph, const char *fn) const override {
    for (Message &m : ph.ib.recvs)
      openMessage(p, ph, m, false, fn);
    for (Message &m : ph.ib.sends)
      openMessage(p, ph, m, true, fn);
  }
  void post(Plan *, DimPhase &ph) const override {
    XMPRT_MPI(MPI_Startall((int)ph.ib.reqs.size(), ph.ib.reqs.data()),
              "xmprt_reflect_start");
  }

protected:
  ~IB() = default;
  // Completes the dimension's requests.
  static void waitAll(DimPhase &ph) {
    XMPRT_MPI(MPI_Waitall((int)ph.ib.reqs.size(), ph.ib.reqs.data(),
                          MPI_STATUSES_IGNORE),
              "xmprt_reflect_wait");
  }
  // A message's boxes of the block at `base`, one after the other in `buf`.
  static void pack(MemorySpace &mem, char *buf, char *base, const Message &m) {
    for (const Box &x : m.boxes) {
      mem.pack(buf, base, x);
      buf += x.bytes();
    }
  }
  // reduce_shadow plans add what they receive instead.
  static void unpack(const Plan *p, char *base, const Message &m,
                     const char *buf) {
    for (const Box &x : m.boxes) {
      if (p->reduces())
        p->mem->addBox(base, x, buf, x.packed(), p->a->elemType,
                     p->redOp());
      else
        p->mem->unpack(base, x, buf);
      buf += x.bytes();
    }
  }
  // The memory the message's MPI request reads or writes. `single`: the
  // message is one contiguous box.
  virtual char *buffer(Plan *p, Message &m, bool single,
                       const char *fn) const = 0;

private:
  void openMessage(Plan *p, DimPhase &ph, Message &m, bool send,
                   const char *fn) const {
    xmprt_grid *g = p->a->grid;
    m.tag = kTagData + 2 * ph.dim + m.side;
    XMPRT_CHECK(m.bytes <= INT_MAX, fn, "halo message of %lld bytes too large",
                (long long)m.bytes);
    // One contiguous box goes in place, except what a reduce_shadow plan
    // receives (it is added, not stored).
    bool single = m.boxes.size() == 1 && m.boxes[0].contiguous() &&
                  (send || !p->reduces());
    char *ptr = buffer(p, m, single, fn);
    MPI_Request rq;
    if (send)
      XMPRT_MPI(MPI_Send_init(ptr, (int)m.bytes, MPI_BYTE, m.peer, m.tag,
                              g->comm, &rq),
                fn);
    else
      XMPRT_MPI(MPI_Recv_init(ptr, (int)m.bytes, MPI_BYTE, m.peer, m.tag,
                              g->comm, &rq),
                fn);
    ph.ib.reqs.push_back(rq);
  }
};

class HostIB final : public IB {
public:
  bool stage(Plan *p, DimPhase &ph) const override {
    xmprt_darray *a = p->a;
    for (Message &m : ph.ib.sends)
      if (!m.buffer.empty())
        pack(*a->mem, m.buffer.data(), (char *)a->data, m);
    return false;
  }

  void finish(Plan *p, DimPhase &ph) const override {
    waitAll(ph);
    for (Message &m : ph.ib.recvs)
      if (!m.buffer.empty())
        unpack(p, (char *)p->a->data, m, m.buffer.data());
  }

private:
  char *buffer(Plan *p, Message &m, bool single,
               const char *) const override {
    if (single)
      return (char *)p->a->data + m.boxes[0].offset;
    m.buffer.resize(m.bytes);
    return m.buffer.data();
  }
};

class DeviceIB final : public IB {
public:
  // Packs (or copies) every outgoing message into its pinned buffer; the
  // plan then waits for the stream (the buffers are complete) before the
  // messages start.
  bool stage(Plan *p, DimPhase &ph) const override {
    const char *fn = "xmprt_reflect_start";
    MemorySpace &mem = *p->mem;
    char *base = (char *)p->a->devData;
    for (Message &m : ph.ib.sends) {
      if (m.bytes == 0)
        continue;
      if (!m.staging) {
        gpu::copyAsync(m.pinned, base + m.boxes[0].offset, m.bytes, fn);
        continue;
      }
      pack(mem, m.staging, base, m);
      gpu::copyAsync(m.pinned, m.staging, m.bytes, fn);
    }
    return !ph.ib.sends.empty();
  }

  void finish(Plan *p, DimPhase &ph) const override {
    const char *fn = "xmprt_reflect_wait";
    waitAll(ph);
    char *base = (char *)p->a->devData;
    for (Message &m : ph.ib.recvs) {
      // Queued on the stream: the next dimension's packs and copies follow
      // in stream order; xmprt_reflect_wait waits at the end.
      if (m.bytes == 0)
        continue;
      if (!m.staging) {
        gpu::copyAsync(base + m.boxes[0].offset, m.pinned, m.bytes, fn);
        continue;
      }
      gpu::copyAsync(m.staging, m.pinned, m.bytes, fn);
      unpack(p, base, m, m.staging);
    }
  }

private:
  char *buffer(Plan *, Message &m, bool single,
               const char *fn) const override {
    m.pinned = (char *)gpu::pinnedAlloc(m.bytes, fn);
    if (!single)
      m.staging = (char *)gpu::deviceAlloc(m.bytes, fn);
    return m.pinned;
  }
};

const HostIB kHostIB{};
const DeviceIB kDeviceIB{};

} // namespace

namespace xmprt {
namespace reflect {

const Channel &hostIB() { return kHostIB; }
const Channel &deviceIB() { return kDeviceIB; }

void IBPart::clear() {
  freeRequests(reqs);
  for (std::vector<Message> *v : {&sends, &recvs})
    for (Message &m : *v) {
      gpu::pinnedFree(m.pinned);
      gpu::deviceFree(m.staging);
    }
  sends.clear();
  recvs.clear();
  bytes = 0;
}

} // namespace reflect
} // namespace xmprt
