//===- Settings.h - the environment settings of libxmprt -------*- C++ -*-===//
//
// Every XMP_* environment variable the runtime reads is declared once, in
// the table of Settings.cpp: name, type, range or choices, default and a
// one-line description (docs/runtime.md, "Settings", is that table).
// Values are parsed strictly (the whole string; "1.5", "2abc" and
// "4294967297" are not an integer in [1, 2147483647]); a bad value stops
// the job with
//   xmprt: rank R: <fn>: NAME='value' is not <rule>
// An empty value counts as unset. xmprt_init checks every setting that is
// set (checkAll), so a wrong one stops the program at its start, whatever
// later reads it.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_LIB_SETTINGS_H
#define XMPRT_LIB_SETTINGS_H

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace xmprt {
namespace settings {

// StarPUPolicy: a name of StarPU's predefined scheduling policies (any
// string when libxmprt is built without StarPU).
enum class Kind { Integer, Real, Choice, Flag, Path, StarPUPolicy };

struct Setting {
  const char *name;
  Kind kind;
  int64_t ilo, ihi;   // Integer: [ilo, ihi]
  double rlo, rhi;    // Real: [rlo, rhi], or (rlo, rhi] when openLo
  bool openLo;
  const char *choices; // Choice: "a|b|c"
  const char *def;     // default: a value of the setting, or a description
  const char *what;    // one line
};

const std::vector<Setting> &all();

// The rule `value` breaks ("an integer in [1, 2147483647]"), or "" if it
// keeps it.
std::string violation(const Setting &s, const char *value);
// The rule of a setting, as the messages and docs/runtime.md word it.
std::string rule(const Setting &s);

// Accessors; `name` must be in the table, `fn` is the function the error
// message names. Unset (or empty) values: nullopt / -1 / false / nullptr.
bool isSet(const char *name);
std::optional<int64_t> integer(const char *name, const char *fn);
std::optional<double> real(const char *name, const char *fn);
// The value, or the table's default when unset (numeric defaults only).
int64_t integerOrDefault(const char *name, const char *fn);
double realOrDefault(const char *name, const char *fn);
// Index of the value in the setting's choices, -1 when unset.
int choice(const char *name, const char *fn);
bool flag(const char *name, const char *fn);
// The value as set (checked against its rule), nullptr when unset.
const char *value(const char *name, const char *fn);

// Checks every setting that is set (xmprt_init, and before StarPU starts:
// StarPU aborts with a backtrace on values it cannot parse).
void checkAll(const char *fn);

// Variables of other programs that the runtime reads but does not own
// (the launchers' rank and size variables, StarPU's binding variables):
// not in the table and never checked, garbage there counts as unset. All
// of the runtime's environment reads are in Settings.cpp.
// The first of `names` that is set to a decimal integer (strtol, the whole
// string) >= `min`; nullopt when none is.
std::optional<long> launcherInteger(std::initializer_list<const char *> names,
                                    long min);
// Whether `name` is set at all (even to "").
bool externalIsSet(const char *name);

} // namespace settings
} // namespace xmprt

#endif
