//===- Program.cpp - program support: arguments and result lines ----------===//
//
// Helpers for programs (the examples, the integration tests): integer and
// one-letter command-line arguments, read from /proc/self/cmdline because
// generated `main` functions take no arguments, and the
// "XMP-RESULT <name> <value>" lines that rank 0 prints and the test scripts
// compare (tags 0..3 are the names Himeno's reference prints, -1..-3
// those of NPB CG; any other tag N prints valueN: the tests print many
// valueN of their own, N >= 0, so the named tags beyond 0..3 are
// negative).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "Program.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace xmprt;

namespace {
/// argv of this process, read once from /proc/self/cmdline (generated
/// `main` functions take no arguments).
const std::vector<std::string> &commandLine() {
  static std::vector<std::string> args = [] {
    std::vector<std::string> out;
    if (FILE *f = std::fopen("/proc/self/cmdline", "rb")) {
      std::string cur;
      int c;
      while ((c = std::fgetc(f)) != EOF) {
        if (c == 0) {
          out.push_back(cur);
          cur.clear();
        } else {
          cur.push_back((char)c);
        }
      }
      std::fclose(f);
    }
    return out;
  }();
  return args;
}

// Argument `index` as an integer in [lo, hi]; `fn` names the caller.
int64_t argInRange(int32_t index, int64_t fallback, int64_t lo, int64_t hi,
                   const char *fn) {
  const std::vector<std::string> &args = commandLine();
  if (index < 1 || (size_t)index >= args.size())
    return fallback;
  const char *s = args[index].c_str();
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(s, &end, 10);
  bool number = errno == 0 && end != s && *end == '\0';
  if (!number && lo == INT64_MIN && hi == INT64_MAX)
    fail(fn, "argument %d ('%s') is not an integer", index, s);
  if (!number || v < lo || v > hi)
    fail(fn, "argument %d ('%s') is not an integer in [%lld, %lld]", index,
         s, (long long)lo, (long long)hi);
  return v;
}
} // namespace

namespace xmprt {
namespace program {

int64_t letter(const char *s, int64_t allowed) {
  if (!s || !s[0] || s[1])
    return -1;
  char c = s[0];
  if (c >= 'a' && c <= 'z')
    c = (char)(c - 'a' + 'A');
  if (c < 'A' || c > 'Z')
    return -1;
  if (allowed && !((allowed >> (c - 'A')) & 1))
    return -1;
  return c;
}

std::string letterList(int64_t allowed) {
  std::string out;
  for (int k = 0; k < 26; ++k)
    if ((allowed >> k) & 1) {
      if (!out.empty())
        out += ", ";
      out += (char)('A' + k);
    }
  return out;
}

const char *resultName(int64_t tag) {
  static const char *low[] = {"checksum", "gosa", "mflops", "time"};
  static const char *npb[] = {"zeta", "rnorm", "verified"};
  if (tag >= 0 && tag < 4)
    return low[tag];
  if (tag >= -3 && tag <= -1)
    return npb[-tag - 1];
  return nullptr;
}

} // namespace program
} // namespace xmprt

extern "C" {

int64_t xmprt_arg_i64(int32_t index, int64_t fallback) {
  return argInRange(index, fallback, INT64_MIN, INT64_MAX, "xmprt_arg_i64");
}

int64_t xmprt_arg_i64_in(int32_t index, int64_t fallback, int64_t lo,
                         int64_t hi) {
  if (lo > hi)
    fail("xmprt_arg_i64_in", "empty range [%lld, %lld]", (long long)lo,
         (long long)hi);
  return argInRange(index, fallback, lo, hi, "xmprt_arg_i64_in");
}

int64_t xmprt_arg_letter(int32_t index, int64_t fallback, int64_t allowed) {
  const char *fn = "xmprt_arg_letter";
  if (allowed < 0 || allowed >= ((int64_t)1 << 26))
    fail(fn, "allowed letters 0x%llx: not a mask of bits 0..25 (A..Z)",
         (long long)allowed);
  const std::vector<std::string> &args = commandLine();
  if (index < 1 || (size_t)index >= args.size())
    return fallback;
  const char *s = args[index].c_str();
  int64_t c = program::letter(s, allowed);
  if (c >= 0)
    return c;
  if (allowed == 0)
    fail(fn, "argument %d ('%s') is not a letter", index, s);
  fail(fn, "argument %d ('%s') is not one of the letters %s", index, s,
       program::letterList(allowed).c_str());
}

void xmprt_print_scalar_f64(int64_t tag, double value) {
  if (xmprt_world_rank() != 0)
    return;
  if (const char *name = program::resultName(tag))
    std::printf("XMP-RESULT %s %.17g\n", name, value);
  else
    std::printf("XMP-RESULT value%lld %.17g\n", (long long)tag, value);
  std::fflush(stdout);
}

} // extern "C"
