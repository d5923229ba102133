// Program support (runtime/lib/Program.cpp): the one-letter argument
// parser behind xmprt_arg_letter and the names of the XMP-RESULT tags.
#include "../lib/Program.h"

#include <gtest/gtest.h>

using namespace xmprt::program;

namespace {

constexpr int64_t bit(char c) { return (int64_t)1 << (c - 'A'); }

TEST(Program, LetterAnyLetter) {
  EXPECT_EQ(letter("S", 0), 'S');
  EXPECT_EQ(letter("s", 0), 'S'); // upper-cased
  EXPECT_EQ(letter("a", 0), 'A');
  EXPECT_EQ(letter("Z", 0), 'Z');
  EXPECT_EQ(letter("z", 0), 'Z');
  for (const char *bad : {"", "SS", "1", " S", "S ", "@", "[", "`", "{", "-",
                          "\xc3\xa9"})
    EXPECT_EQ(letter(bad, 0), -1) << bad;
  EXPECT_EQ(letter(nullptr, 0), -1);
}

TEST(Program, LetterAllowedMask) {
  const int64_t npb = bit('S') | bit('W') | bit('A') | bit('B');
  EXPECT_EQ(npb, 4456451); // the constant npb_cg.mlir passes
  for (char c : {'S', 'W', 'A', 'B'}) {
    const char up[2] = {c, 0}, low[2] = {(char)(c - 'A' + 'a'), 0};
    EXPECT_EQ(letter(up, npb), c);
    EXPECT_EQ(letter(low, npb), c);
  }
  for (const char *bad : {"C", "c", "D", "Z", "1", "SW", ""})
    EXPECT_EQ(letter(bad, npb), -1) << bad;
  EXPECT_EQ(letterList(npb), "A, B, S, W");
  EXPECT_EQ(letterList(bit('Z')), "Z");
}

TEST(Program, ResultNames) {
  EXPECT_STREQ(resultName(0), "checksum");
  EXPECT_STREQ(resultName(1), "gosa");
  EXPECT_STREQ(resultName(2), "mflops");
  EXPECT_STREQ(resultName(3), "time");
  EXPECT_STREQ(resultName(-1), "zeta");
  EXPECT_STREQ(resultName(-2), "rnorm");
  EXPECT_STREQ(resultName(-3), "verified");
  // Every other tag prints valueN (the integration tests print valueN for
  // many N >= 4, up to millions).
  for (int64_t t : {-4, 4, 5, 10, 77, 100, 101, 102, 900, 6100151})
    EXPECT_EQ(resultName(t), nullptr) << t;
}

} // namespace
