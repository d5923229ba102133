// The settings table (runtime/lib/Settings.cpp): strict parsing of every
// kind, and docs/runtime.md carries one row per setting exactly as the
// table says (run with --print-table to regenerate the rows).
#include "../lib/Settings.h"
#include "xmprt/xmprt.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

using namespace xmprt::settings;

namespace {

const Setting &byName(const char *name) {
  for (const Setting &s : all())
    if (!std::strcmp(s.name, name))
      return s;
  ADD_FAILURE() << name << " is not in the table";
  return all().front();
}

bool accepts(const char *name, const char *value) {
  return violation(byName(name), value).empty();
}

std::string row(const Setting &s) {
  std::string def = s.def; // values in backticks, descriptions in ( )
  if (!def.empty() && def[0] != '(')
    def = "`" + def + "`";
  return "| `" + std::string(s.name) + "` | " + rule(s) + " | " + def +
         " | " + s.what + " |";
}

TEST(Settings, Integers) {
  const char *n = "XMP_SUBCLUSTER_SIZE"; // [1, 2147483647]
  EXPECT_TRUE(accepts(n, "1"));
  EXPECT_TRUE(accepts(n, "2147483647"));
  for (const char *bad : {"0", "-1", "1.5", "2abc", "4294967297", " 2", "+2",
                          "2 ", "0x10", "1e3", "abc", "-", "99999999999999999999"})
    EXPECT_FALSE(accepts(n, bad)) << bad;
  EXPECT_EQ(violation(byName(n), "1.5"), "an integer in [1, 2147483647]");
  EXPECT_TRUE(accepts("XMP_WEIGHT_REPROBE", "0"));
  EXPECT_FALSE(accepts("XMP_WEIGHT_REPROBE", "-0.0"));
}

TEST(Settings, Reals) {
  const char *n = "XMP_WEIGHT_SMOOTHING"; // (0, 1]
  EXPECT_TRUE(accepts(n, "1"));
  EXPECT_TRUE(accepts(n, "0.25"));
  EXPECT_TRUE(accepts(n, "5e-1"));
  for (const char *bad : {"0", "1.0001", "nan", "inf", "1e400", "0.5x", " 0.5",
                          "", "-0.5"})
    EXPECT_FALSE(accepts(n, bad)) << bad;
  EXPECT_TRUE(accepts("XMP_WEIGHT_INIT", "0"));
  EXPECT_EQ(violation(byName(n), "2"), "a number in (0, 1]");
}

TEST(Settings, ChoicesAndFlags) {
  EXPECT_TRUE(accepts("XMP_REFLECT_CHANNEL", "tca"));
  EXPECT_FALSE(accepts("XMP_REFLECT_CHANNEL", "TCA"));
  EXPECT_FALSE(accepts("XMP_REFLECT_CHANNEL", "ib|tca"));
  EXPECT_FALSE(accepts("XMP_REFLECT_CHANNEL", "i"));
  EXPECT_EQ(violation(byName("XMP_REFLECT_CHANNEL"), "foo"),
            "one of ib, tca, auto");
  EXPECT_TRUE(accepts("XMP_VERBOSE", "0"));
  EXPECT_TRUE(accepts("XMP_VERBOSE", "1"));
  EXPECT_FALSE(accepts("XMP_VERBOSE", "yes"));
  EXPECT_FALSE(accepts("XMP_VERBOSE", "2"));
}

// Accessors read the environment; unset and empty are the same.
TEST(Settings, Accessors) {
  setenv("XMP_WEIGHT_HYSTERESIS", "0.125", 1);
  EXPECT_EQ(realOrDefault("XMP_WEIGHT_HYSTERESIS", "test"), 0.125);
  setenv("XMP_WEIGHT_HYSTERESIS", "", 1);
  EXPECT_EQ(realOrDefault("XMP_WEIGHT_HYSTERESIS", "test"), 0.01);
  EXPECT_FALSE(real("XMP_WEIGHT_HYSTERESIS", "test"));
  unsetenv("XMP_WEIGHT_HYSTERESIS");
  EXPECT_EQ(integerOrDefault("XMP_WEIGHT_REPROBE", "test"), 100);
  setenv("XMP_COLLECTIVES", "hybrid", 1);
  EXPECT_EQ(choice("XMP_COLLECTIVES", "test"), 1);
  unsetenv("XMP_COLLECTIVES");
  EXPECT_EQ(choice("XMP_COLLECTIVES", "test"), -1);
  EXPECT_FALSE(isSet("XMP_COLLECTIVES"));
}

TEST(SettingsDeathTest, BadValueStops) {
  setenv("XMP_CPU_CHUNKS", "2abc", 1);
  EXPECT_DEATH(integer("XMP_CPU_CHUNKS", "some_function"),
               "xmprt: rank [-0-9]+: some_function: XMP_CPU_CHUNKS='2abc' is "
               "not an integer in \\[1, 1048576\\]");
  unsetenv("XMP_CPU_CHUNKS");
}

// Device collectives: the mode's choices in the order of XMPRT_DEVCOLL_*,
// the threshold's range, the C API over the environment's default.
TEST(Settings, DeviceCollectives) {
  const char *m = "XMP_DEVICE_COLLECTIVES";
  for (const char *ok : {"staged", "nccl", "auto"})
    EXPECT_TRUE(accepts(m, ok)) << ok;
  for (const char *bad : {"NCCL", "Staged", "plain", "hybrid", "nccl ",
                          "staged|nccl", "1", "none"})
    EXPECT_FALSE(accepts(m, bad)) << bad;
  EXPECT_EQ(violation(byName(m), "mpi"), "one of staged, nccl, auto");
  EXPECT_STREQ(byName(m).def, "staged"); // until the 2-GPU table
  const char *b = "XMP_NCCL_MIN_BYTES";
  for (const char *ok : {"0", "1", "65536", "9223372036854775807"})
    EXPECT_TRUE(accepts(b, ok)) << ok;
  for (const char *bad : {"-1", "1.5", "64K", "1e6", "9223372036854775808",
                          " 8", "+8", "0x100"})
    EXPECT_FALSE(accepts(b, bad)) << bad;
  EXPECT_STREQ(byName(b).def, "0");
  // choice() gives the XMPRT_DEVCOLL_* value of each spelling.
  setenv(m, "staged", 1);
  EXPECT_EQ(choice(m, "test"), XMPRT_DEVCOLL_STAGED);
  setenv(m, "nccl", 1);
  EXPECT_EQ(choice(m, "test"), XMPRT_DEVCOLL_NCCL);
  setenv(m, "auto", 1);
  EXPECT_EQ(choice(m, "test"), XMPRT_DEVCOLL_AUTO);
  setenv(b, "4096", 1);
  EXPECT_EQ(integerOrDefault(b, "test"), 4096);
  unsetenv(b);
  EXPECT_EQ(integerOrDefault(b, "test"), 0);
  // The C API: the environment's value until set (read once, at the first
  // use), then what was set.
  setenv(m, "nccl", 1);
  EXPECT_EQ(xmprt_get_device_collectives(), XMPRT_DEVCOLL_NCCL);
  unsetenv(m);
  EXPECT_EQ(xmprt_get_device_collectives(), XMPRT_DEVCOLL_NCCL);
  xmprt_set_device_collectives(XMPRT_DEVCOLL_STAGED);
  EXPECT_EQ(xmprt_get_device_collectives(), XMPRT_DEVCOLL_STAGED);
  xmprt_set_device_collectives(XMPRT_DEVCOLL_AUTO);
  EXPECT_EQ(xmprt_get_device_collectives(), XMPRT_DEVCOLL_AUTO);
}

TEST(SettingsDeathTest, DeviceCollectivesBadValues) {
  setenv("XMP_DEVICE_COLLECTIVES", "NCCL", 1);
  EXPECT_DEATH(choice("XMP_DEVICE_COLLECTIVES", "xmprt_device_collectives"),
               "xmprt: rank [-0-9]+: xmprt_device_collectives: "
               "XMP_DEVICE_COLLECTIVES='NCCL' is not one of staged, nccl, "
               "auto");
  unsetenv("XMP_DEVICE_COLLECTIVES");
  EXPECT_DEATH(xmprt_set_device_collectives(3),
               "xmprt_set_device_collectives: mode 3 is not "
               "staged\\(0\\)/nccl\\(1\\)/auto\\(2\\)");
}

// Numeric defaults parse as values of their own setting.
TEST(Settings, DefaultsKeepTheirRules) {
  for (const Setting &s : all())
    if ((s.kind == Kind::Integer || s.kind == Kind::Real) && s.def[0] != '(')
      EXPECT_EQ(violation(s, s.def), "") << s.name;
}

TEST(Settings, DocumentedInRuntimeMd) {
  std::ifstream f(XMPRT_RUNTIME_MD);
  ASSERT_TRUE(f) << XMPRT_RUNTIME_MD;
  std::stringstream text;
  text << f.rdbuf();
  for (const Setting &s : all())
    EXPECT_NE(text.str().find(row(s) + "\n"), std::string::npos)
        << "docs/runtime.md lacks the row\n"
        << row(s) << "\n(regenerate with xmprt_settings_test --print-table)";
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && !std::strcmp(argv[1], "--print-table")) {
    std::cout << "| variable | value | default | effect |\n| --- | --- | --- | --- |\n";
    for (const Setting &s : all())
      std::cout << row(s) << "\n";
    return 0;
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
