//===- Settings.cpp - the environment settings of libxmprt ----------------===//
#include "Settings.h"

#include "Internal.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#ifdef XMPRT_HAVE_STARPU
#include <starpu.h>
#endif

namespace xmprt {
namespace settings {

namespace {
constexpr int64_t kIntMax = 2147483647; // counts that end up in an int

Setting anInteger(const char *name, int64_t lo, int64_t hi, const char *def,
                const char *what) {
  return {name, Kind::Integer, lo, hi, 0, 0, false, "", def, what};
}
Setting aReal(const char *name, double lo, double hi, bool openLo,
             const char *def, const char *what) {
  return {name, Kind::Real, 0, 0, lo, hi, openLo, "", def, what};
}
Setting aChoice(const char *name, const char *choices, const char *def,
               const char *what) {
  return {name, Kind::Choice, 0, 0, 0, 0, false, choices, def, what};
}
Setting aFlag(const char *name, const char *what) {
  return {name, Kind::Flag, 0, 0, 0, 0, false, "", "0", what};
}
Setting aPath(const char *name, const char *what) {
  return {name, Kind::Path, 0, 0, 0, 0, false, "", "(none)", what};
}
} // namespace

const std::vector<Setting> &all() {
  static const std::vector<Setting> table = {
      // Topology, reflect, collectives.
      anInteger("XMP_SUBCLUSTER_SIZE", 1, kIntMax, "(one per host)",
              "cut each host's ranks into sub-clusters of k consecutive "
              "world ranks"),
      aChoice("XMP_REFLECT_CHANNEL", "ib|tca|auto", "auto",
             "what the AUTO channel of a reflect means"),
      anInteger("XMP_CHANNEL_TUNE", 0, 1000, "5",
              "timed reflects per candidate when a reflect plan chooses the "
              "channel of its AUTO dimensions by timing its first reflects "
              "(0: no timing, the fixed rule)"),
      aChoice("XMP_TCA_SYNC", "auto|device|mpi", "auto",
             "how device TCA reflects signal readiness and completion: "
             "stream flags in peer memory (device), MPI messages (mpi; "
             "auto: the same, measured faster)"),
      aChoice("XMP_COLLECTIVES", "plain|hybrid", "plain",
             "default collective algorithms"),
      aChoice("XMP_DEVICE_COLLECTIVES", "staged|nccl|auto", "staged",
             "collectives on device buffers: staged through host memory, "
             "NCCL wherever it can, or auto (NCCL from XMP_NCCL_MIN_BYTES "
             "on)"),
      anInteger("XMP_NCCL_MIN_BYTES", 0, INT64_MAX, "0",
              "smallest message (bytes; an all-gather's block per rank) "
              "that auto gives to NCCL (provisional default, issue 15)"),
      aFlag("XMP_REFLECT_STATS",
           "time every reflect plan; rank 0 prints one line per plan at "
           "xmprt_finalize"),
      aFlag("XMP_VERBOSE", "print reflect plans, the GPU choice, the path "
                          "of device collectives, the CPU executor and the "
                          "settled weights"),
      aFlag("XMP_QUIET", "no warnings (device loops on the host, StarPU's "
                        "worker limit)"),
      // Work sharing: the CPU executor.
      aChoice("XMP_CPU_EXECUTOR", "starpu|threads|serial", "starpu",
             "CPU executor of device loops and split parts (default threads "
             "without StarPU)"),
      anInteger("XMP_CPU_WORKERS", 1, 1 << 20, "(cpus / ranks on the host)",
              "CPU worker count W"),
      anInteger("XMP_STARPU_NCPU", 1, 1 << 20, "(cpus / ranks on the host)",
              "W when XMP_CPU_WORKERS is unset"),
      anInteger("STARPU_NCPU", 1, 1 << 20, "(cpus / ranks on the host)",
              "W when neither of the above is set (StarPU reads it too)"),
      {"STARPU_SCHED", Kind::StarPUPolicy, 0, 0, 0, 0, false, "", "eager",
       "StarPU scheduling policy of the CPU executor"},
      anInteger("XMP_CPU_CHUNKS", 1, 1 << 20, "(W)", "chunks per call"),
      aChoice("XMP_STARPU_IDLE", "pause|spin", "pause",
             "StarPU workers between calls"),
      anInteger("XMP_SPLIT_GRAIN", 1, kIntMax, "(the compiler's)",
              "granule of xmprt_split_point"),
      // Work sharing: the weight controller.
      aReal("XMP_WEIGHT_INIT", 0, 1, false, "0", "first weight of auto"),
      aReal("XMP_WEIGHT_SMOOTHING", 0, 1, true, "0.5",
           "smoothing of the rates XMP_VERBOSE reports"),
      aReal("XMP_WEIGHT_PROBE", 0, 0.5, true, "0.001",
           "first share given to a side never measured (grows 4x while "
           "rounded away)"),
      aReal("XMP_WEIGHT_MARGIN", 0, 0.5, false, "0.05",
           "most a probe's pessimistic predicted step may exceed the "
           "incumbent's by"),
      aReal("XMP_WEIGHT_HYSTERESIS", 0, 0.5, false, "0.01",
           "gain a probe's median step needs to replace the incumbent"),
      anInteger("XMP_WEIGHT_SAMPLES", 1, 64, "3",
              "steps per median (per weight)"),
      anInteger("XMP_WEIGHT_REPROBE", 0, kIntMax, "100",
              "steps between search rounds once settled (0: never)"),
      anInteger("XMP_WEIGHT_WARMUP", 0, kIntMax, "1",
              "reports not learnt from at the start"),
      aReal("XMP_WEIGHT_DEFAULT", 0, 1, false, "0",
           "weight before any xmp.reset_weight"),
      anInteger("XMP_PIN_HOST_AFTER", 0, kIntMax, "3",
              "coherence copies of an array (1 MiB or more) after which its "
              "host block is page-locked while it has a device instance "
              "(0: never)"),
      aChoice("XMP_STEP_TIMING", "auto|always", "auto",
             "events around device-loop steps run all on the GPU: only when "
             "something reads their times (weight(auto), the trace, "
             "XMP_VERBOSE, xmp.gpu_time/cpu_time), or always"),
      aPath("XMP_WEIGHT_TRACE", "per-step trace of split loops (CSV, or JSON "
                               "Lines for .json/.jsonl)"),
      // GPU code.
      anInteger("XMP_SWEEP_CHUNK", 1, kIntMax, "(from the GPU's size)",
              "planes per chunk of a plane-swept device loop"),
      aPath("XMP_GPU_TIMELINE", "per-launch timeline of the GPU stream and "
                               "the host (CSV; diagnostic)"),
      aFlag("XMPRT_TEST_ASSUME_GPU",
           "test hook: weights as if the rank had a GPU"),
  };
  return table;
}

namespace {
const Setting &find(const char *name) {
  for (const Setting &s : all())
    if (!std::strcmp(s.name, name))
      return s;
  fail("xmprt_settings", "internal error: %s is not in the settings table",
       name);
}

const char *valueOf(const char *name) {
  const char *v = std::getenv(name);
  return v && *v ? v : nullptr;
}

std::string num(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", x);
  return b;
}

bool parseInteger(const char *v, int64_t &out) {
  // Digits with an optional '-': strtoll alone takes spaces and '+'.
  const char *p = *v == '-' ? v + 1 : v;
  if (*p < '0' || *p > '9')
    return false;
  char *end = nullptr;
  errno = 0;
  long long x = std::strtoll(v, &end, 10);
  if (errno || *end != '\0')
    return false;
  out = x;
  return true;
}

bool parseReal(const char *v, double &out) {
  if (std::isspace((unsigned char)*v)) // strtod would skip it
    return false;
  char *end = nullptr;
  errno = 0;
  double x = std::strtod(v, &end);
  if (errno || end == v || *end != '\0' || !std::isfinite(x))
    return false;
  out = x;
  return true;
}

#ifdef XMPRT_HAVE_STARPU
bool starpuPolicy(const char *v, std::string *names) {
  bool found = false;
  for (starpu_sched_policy **p = starpu_sched_get_predefined_policies();
       p && *p; ++p) {
    if (names)
      *names += std::string(names->empty() ? "" : ", ") + (*p)->policy_name;
    found = found || !std::strcmp((*p)->policy_name, v);
  }
  return found;
}
#endif
} // namespace

std::string rule(const Setting &s) {
  switch (s.kind) {
  case Kind::Integer:
    return "an integer in [" + std::to_string(s.ilo) + ", " +
           std::to_string(s.ihi) + "]";
  case Kind::Real:
    return std::string("a number in ") + (s.openLo ? "(" : "[") + num(s.rlo) +
           ", " + num(s.rhi) + "]";
  case Kind::Choice: {
    std::string r = "one of ";
    for (const char *c = s.choices; *c; ++c)
      r += *c == '|' ? std::string(", ") : std::string(1, *c);
    return r;
  }
  case Kind::Flag:
    return "0 or 1";
  case Kind::Path:
    return "a path";
  case Kind::StarPUPolicy:
    return "a StarPU scheduling policy";
  }
  return "";
}

std::string violation(const Setting &s, const char *v) {
  bool ok = true;
  switch (s.kind) {
  case Kind::Integer: {
    int64_t x = 0;
    ok = parseInteger(v, x) && x >= s.ilo && x <= s.ihi;
    break;
  }
  case Kind::Real: {
    double x = 0;
    ok = parseReal(v, x) && x <= s.rhi && (s.openLo ? x > s.rlo : x >= s.rlo);
    break;
  }
  case Kind::Choice: {
    size_t n = std::strlen(v);
    ok = false;
    for (const char *c = s.choices; *c;) {
      const char *e = std::strchr(c, '|');
      size_t len = e ? (size_t)(e - c) : std::strlen(c);
      ok = ok || (len == n && !std::strncmp(c, v, n));
      c += len + (e ? 1 : 0);
    }
    break;
  }
  case Kind::Flag:
    ok = !std::strcmp(v, "0") || !std::strcmp(v, "1");
    break;
  case Kind::Path:
    break;
  case Kind::StarPUPolicy: {
#ifdef XMPRT_HAVE_STARPU
    std::string names;
    if (!starpuPolicy(v, &names))
      return rule(s) + " (" + names + ")";
#endif
    break;
  }
  }
  return ok ? std::string() : rule(s);
}

namespace {
// The value of a set setting, checked; nullptr when unset.
const char *checked(const Setting &s, const char *fn) {
  const char *v = valueOf(s.name);
  if (!v)
    return nullptr;
  std::string r = violation(s, v);
  if (!r.empty())
    fail(fn, "%s='%s' is not %s", s.name, v, r.c_str());
  return v;
}
} // namespace

bool isSet(const char *name) { return valueOf(find(name).name) != nullptr; }

std::optional<int64_t> integer(const char *name, const char *fn) {
  const char *v = checked(find(name), fn);
  int64_t x = 0;
  if (!v || !parseInteger(v, x))
    return std::nullopt;
  return x;
}

std::optional<double> real(const char *name, const char *fn) {
  const char *v = checked(find(name), fn);
  double x = 0;
  if (!v || !parseReal(v, x))
    return std::nullopt;
  return x;
}

int64_t integerOrDefault(const char *name, const char *fn) {
  if (std::optional<int64_t> x = integer(name, fn))
    return *x;
  int64_t d = 0;
  if (!parseInteger(find(name).def, d))
    fail(fn, "internal error: %s has no numeric default", name);
  return d;
}

double realOrDefault(const char *name, const char *fn) {
  if (std::optional<double> x = real(name, fn))
    return *x;
  double d = 0;
  if (!parseReal(find(name).def, d))
    fail(fn, "internal error: %s has no numeric default", name);
  return d;
}

int choice(const char *name, const char *fn) {
  const Setting &s = find(name);
  const char *v = checked(s, fn);
  if (!v)
    return -1;
  int k = 0;
  size_t n = std::strlen(v);
  for (const char *c = s.choices; *c; ++k) {
    const char *e = std::strchr(c, '|');
    size_t len = e ? (size_t)(e - c) : std::strlen(c);
    if (len == n && !std::strncmp(c, v, n))
      return k;
    c += len + (e ? 1 : 0);
  }
  return -1;
}

bool flag(const char *name, const char *fn) {
  const char *v = checked(find(name), fn);
  return v && !std::strcmp(v, "1");
}

const char *value(const char *name, const char *fn) {
  return checked(find(name), fn);
}

void checkAll(const char *fn) {
  for (const Setting &s : all())
    checked(s, fn);
}

std::optional<long> launcherInteger(std::initializer_list<const char *> names,
                                    long min) {
  for (const char *n : names) {
    const char *v = std::getenv(n);
    if (!v || !*v)
      continue;
    char *end = nullptr;
    long x = std::strtol(v, &end, 10);
    if (*end == '\0' && x >= min)
      return x;
  }
  return std::nullopt;
}

bool externalIsSet(const char *name) { return std::getenv(name) != nullptr; }

} // namespace settings
} // namespace xmprt
