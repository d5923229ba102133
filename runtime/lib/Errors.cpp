//===- Errors.cpp - error reporting of libxmprt ----------------------------===//
#include "Internal.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace xmprt {

bool mpiUsable() {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  return init && !fin;
}

int reportRank() {
  int r = -1;
  if (mpiUsable())
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
  else
    r = envWorldRank() >= 0 ? envWorldRank() : envLocalRank();
  return r;
}

namespace {
int runFinalizeHook(MPI_Comm, int, void *, void *extra) {
  reinterpret_cast<void (*)()>(extra)();
  return MPI_SUCCESS;
}
} // namespace

bool atMpiFinalize(void (*hook)()) {
  if (!mpiUsable())
    return false;
  int key = MPI_KEYVAL_INVALID;
  if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, runFinalizeHook, &key,
                             reinterpret_cast<void *>(hook)) != MPI_SUCCESS)
    return false;
  return MPI_Comm_set_attr(MPI_COMM_SELF, key, nullptr) == MPI_SUCCESS;
}

void fail(const char *fn, const char *fmt, ...) {
  int r = reportRank();
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "xmprt: rank %d: %s: %s\n", r, fn, msg);
  fflush(stderr);
  if (mpiUsable())
    MPI_Abort(MPI_COMM_WORLD, 1);
  abort();
}

} // namespace xmprt

extern "C" void xmprt_stop_job(int32_t status) {
  fflush(stdout);
  fflush(stderr);
  if (xmprt::mpiUsable())
    MPI_Abort(MPI_COMM_WORLD, status);
  exit(status);
}

namespace xmprt {

void checkMpi(int rc, const char *fn, const char *call) {
  if (rc == MPI_SUCCESS)
    return;
  char err[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, err, &len);
  fail(fn, "%s failed: %s", call, err);
}

int envWorldRank() {
  std::optional<long> r = settings::launcherInteger(
      {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"}, 0);
  return r ? (int)*r : -1;
}

int envLocalRank() {
  std::optional<long> r = settings::launcherInteger(
      {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
       "MV2_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID", "PMI_LOCAL_RANK"},
      0);
  return r ? (int)*r : -1;
}

bool envVerbose() {
  return settings::flag("XMP_VERBOSE", "xmprt_settings");
}

int64_t elemSize(int32_t t) {
  switch (t) {
  case XMPRT_I8:
  case XMPRT_I1:
    return 1;
  case XMPRT_I16:
    return 2;
  case XMPRT_I32:
  case XMPRT_F32:
    return 4;
  case XMPRT_I64:
  case XMPRT_F64:
  case XMPRT_C32:
    return 8;
  case XMPRT_C64:
    return 16;
  default:
    return -1;
  }
}

} // namespace xmprt

// The program's clock: device loops run asynchronously, so the work queued
// on the GPU so far completes first (a time taken after a device loop
// includes it, as with synchronous launches).
extern "C" double xmprt_wtime(void) {
  xmprt_gpu_wait();
  return MPI_Wtime();
}

extern "C" double xmprt_wtick(void) { return MPI_Wtick(); }
