//===- NcclMock.cpp - NCCL on the mocked CUDA runtime, for GPU-less CI ----===//
//
// The NCCL calls libxmprt makes (GpuNccl.cpp), implemented with MPI on the
// mock's "device" memory (host memory: CudaMock.cpp), so that the runtime's
// NCCL path (communicator cache and decision, stream ordering, started
// operations, element types and operations) runs under mpirun without a
// GPU. The runtime loads this library through the mock's
// xmprt_mock_nccl_library hook instead of libnccl.so.2; it is never used
// otherwise.
//
// Model: an operation is queued on its stream (xmprt_mock_enqueue) and
// runs, as a blocking MPI collective, when the stream is synchronized (the
// mock runs streams then). Ranks reach those synchronizations in the same
// order in SPMD code, as they issue NCCL operations in the same order.
// Buffers must be device memory of the mock (anything else is
// ncclInvalidArgument, as a host pointer would fault in NCCL).
//
// ncclCommInitRank: the ranks meet in a POSIX shared-memory object named
// by the unique id (each writes its world rank into its slot), then
// MPI_Comm_create_group makes the communicator's MPI communicator (the
// ranks of one host: the mock's world). XMPRT_MOCK_NCCL_INIT_FAIL_RANK=r:
// world rank r's initialization fails (after the meeting, so that no rank
// hangs).
//===----------------------------------------------------------------------===//
#include <cuda_runtime_api.h>
#include <mpi.h>
#include <nccl.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <vector>

extern "C" int xmprt_mock_enqueue(cudaStream_t s, void (*fn)(void *),
                                  void *arg);

struct ncclComm {
  MPI_Comm mpi = MPI_COMM_NULL;
  int rank = 0, size = 1;
};

namespace {

int worldRank() {
  int r = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

bool isDevice(const void *p) {
  cudaPointerAttributes at;
  return cudaPointerGetAttributes(&at, p) == cudaSuccess &&
         at.type == cudaMemoryTypeDevice;
}

MPI_Datatype mpiType(ncclDataType_t t) {
  switch (t) {
  case ncclInt8: return MPI_INT8_T;
  case ncclUint8: return MPI_UINT8_T;
  case ncclInt32: return MPI_INT32_T;
  case ncclUint32: return MPI_UINT32_T;
  case ncclInt64: return MPI_INT64_T;
  case ncclUint64: return MPI_UINT64_T;
  case ncclFloat32: return MPI_FLOAT;
  case ncclFloat64: return MPI_DOUBLE;
  default: return MPI_DATATYPE_NULL;
  }
}

size_t sizeOf(ncclDataType_t t) {
  MPI_Datatype m = mpiType(t);
  int s = 0;
  if (m != MPI_DATATYPE_NULL)
    MPI_Type_size(m, &s);
  return (size_t)s;
}

MPI_Op mpiOp(ncclRedOp_t op) {
  switch (op) {
  case ncclSum: return MPI_SUM;
  case ncclProd: return MPI_PROD;
  case ncclMax: return MPI_MAX;
  case ncclMin: return MPI_MIN;
  default: return MPI_OP_NULL;
  }
}

// Queues f on the stream (it runs, and is freed, when the stream runs).
ncclResult_t later(cudaStream_t s, std::function<void()> f) {
  auto *w = new std::function<void()>(std::move(f));
  int e = xmprt_mock_enqueue(
      s,
      [](void *a) {
        auto *g = static_cast<std::function<void()> *>(a);
        (*g)();
        delete g;
      },
      w);
  if (e != 0) {
    delete w;
    return ncclInvalidArgument;
  }
  return ncclSuccess;
}

[[noreturn]] void die(const char *what) {
  fprintf(stderr, "nccl mock: rank %d: %s\n", worldRank(), what);
  MPI_Abort(MPI_COMM_WORLD, 3);
  abort();
}

void check(int rc, const char *what) {
  if (rc != MPI_SUCCESS)
    die(what);
}

} // namespace

extern "C" {

ncclResult_t ncclGetVersion(int *version) {
  *version = NCCL_VERSION_CODE;
  return ncclSuccess;
}

const char *ncclGetErrorString(ncclResult_t r) {
  switch (r) {
  case ncclSuccess: return "no error (nccl mock)";
  case ncclSystemError: return "unhandled system error (nccl mock)";
  case ncclInvalidArgument: return "invalid argument (nccl mock)";
  case ncclInvalidUsage: return "invalid usage (nccl mock)";
  default: return "nccl mock error";
  }
}

ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  uint64_t token = 0;
  if (getrandom(&token, sizeof token, 0) != (ssize_t)sizeof token)
    token = (uint64_t)time(nullptr) ^ ((uint64_t)getpid() << 32);
  memset(id, 0, sizeof *id);
  snprintf(id->internal, sizeof id->internal, "/xmprt_mocknccl_%d_%016llx",
           (int)getpid(), (unsigned long long)token);
  return ncclSuccess;
}

ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId id,
                              int rank) {
  if (nranks < 1 || rank < 0 || rank >= nranks || nranks > 4096)
    return ncclInvalidArgument;
  // The meeting: slot k holds world rank + 1 of NCCL rank k; the counter
  // the number of ranks that wrote theirs.
  size_t bytes = sizeof(int32_t) * (size_t)(nranks + 1);
  int fd = shm_open(id.internal, O_CREAT | O_RDWR, 0600);
  if (fd < 0)
    return ncclSystemError;
  if (ftruncate(fd, (off_t)bytes) != 0) {
    close(fd);
    return ncclSystemError;
  }
  auto *slots = static_cast<int32_t *>(
      mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  close(fd);
  if (slots == MAP_FAILED)
    return ncclSystemError;
  int me = worldRank();
  __atomic_store_n(&slots[1 + rank], me + 1, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&slots[0], 1, __ATOMIC_SEQ_CST);
  timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while (__atomic_load_n(&slots[0], __ATOMIC_SEQ_CST) < nranks) {
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (t.tv_sec - t0.tv_sec > 60)
      die("ncclCommInitRank: the other ranks did not come within 60 s");
    usleep(50);
  }
  std::vector<int> ranks((size_t)nranks);
  for (int k = 0; k < nranks; ++k)
    ranks[(size_t)k] = __atomic_load_n(&slots[1 + k], __ATOMIC_SEQ_CST) - 1;
  MPI_Group world, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, nranks, ranks.data(), &group);
  auto *c = new ncclComm;
  check(MPI_Comm_create_group(MPI_COMM_WORLD, group, 7311, &c->mpi),
        "MPI_Comm_create_group");
  MPI_Group_free(&group);
  MPI_Group_free(&world);
  check(MPI_Barrier(c->mpi), "MPI_Barrier"); // everybody mapped the meeting
  if (rank == 0)
    shm_unlink(id.internal);
  munmap(slots, bytes);
  MPI_Comm_rank(c->mpi, &c->rank);
  MPI_Comm_size(c->mpi, &c->size);
  const char *f = getenv("XMPRT_MOCK_NCCL_INIT_FAIL_RANK");
  if (f && *f && atoi(f) == me)
    return ncclSystemError; // (its communicator leaks, as NCCL's would)
  *comm = c;
  return ncclSuccess;
}

ncclResult_t ncclCommDestroy(ncclComm_t comm) {
  if (!comm)
    return ncclInvalidArgument;
  MPI_Comm_free(&comm->mpi);
  delete comm;
  return ncclSuccess;
}

ncclResult_t ncclCommAbort(ncclComm_t comm) {
  delete comm; // (its MPI communicator leaks: the others may be gone)
  return ncclSuccess;
}

ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count,
                           ncclDataType_t datatype, ncclRedOp_t op,
                           ncclComm_t comm, cudaStream_t stream) {
  MPI_Datatype t = mpiType(datatype);
  MPI_Op o = mpiOp(op);
  if (!comm || t == MPI_DATATYPE_NULL || o == MPI_OP_NULL || count > INT32_MAX)
    return ncclInvalidArgument;
  if (count == 0)
    return ncclSuccess;
  if (!isDevice(sendbuff) || !isDevice(recvbuff))
    return ncclInvalidArgument;
  MPI_Comm c = comm->mpi;
  return later(stream, [=] {
    check(MPI_Allreduce(sendbuff == recvbuff ? MPI_IN_PLACE : sendbuff,
                        recvbuff, (int)count, t, o, c),
          "ncclAllReduce: MPI_Allreduce");
  });
}

ncclResult_t ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count,
                           ncclDataType_t datatype, int root, ncclComm_t comm,
                           cudaStream_t stream) {
  size_t es = sizeOf(datatype);
  if (!comm || es == 0 || root < 0 || root >= comm->size ||
      count * es > INT32_MAX)
    return ncclInvalidArgument;
  if (count == 0)
    return ncclSuccess;
  if (!isDevice(recvbuff) || (comm->rank == root && !isDevice(sendbuff)))
    return ncclInvalidArgument;
  MPI_Comm c = comm->mpi;
  int me = comm->rank;
  int bytes = (int)(count * es);
  return later(stream, [=] {
    if (me == root && sendbuff != recvbuff)
      memmove(recvbuff, sendbuff, (size_t)bytes);
    check(MPI_Bcast(recvbuff, bytes, MPI_BYTE, root, c),
          "ncclBroadcast: MPI_Bcast");
  });
}

ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff,
                           size_t sendcount, ncclDataType_t datatype,
                           ncclComm_t comm, cudaStream_t stream) {
  size_t es = sizeOf(datatype);
  if (!comm || es == 0 || sendcount * es * (size_t)comm->size > INT32_MAX)
    return ncclInvalidArgument;
  if (sendcount == 0)
    return ncclSuccess;
  if (!isDevice(sendbuff) || !isDevice(recvbuff))
    return ncclInvalidArgument;
  MPI_Comm c = comm->mpi;
  int bytes = (int)(sendcount * es);
  const char *own = static_cast<const char *>(recvbuff) +
                    (size_t)comm->rank * (size_t)bytes;
  const char *sp = static_cast<const char *>(sendbuff);
  // Overlap other than in place is undefined in NCCL: refuse it here.
  if (sp != own && sp < static_cast<const char *>(recvbuff) +
                            (size_t)bytes * (size_t)comm->size &&
      static_cast<const char *>(recvbuff) < sp + bytes)
    return ncclInvalidArgument;
  return later(stream, [=] {
    check(MPI_Allgather(sp == own ? MPI_IN_PLACE : sendbuff, bytes, MPI_BYTE,
                        recvbuff, bytes, MPI_BYTE, c),
          "ncclAllGather: MPI_Allgather");
  });
}

} // extern "C"
