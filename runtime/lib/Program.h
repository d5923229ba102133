//===- Program.h - pure helpers of Program.cpp (unit-tested) ----*- C++ -*-===//
#ifndef XMPRT_LIB_PROGRAM_H
#define XMPRT_LIB_PROGRAM_H

#include <cstdint>
#include <string>

namespace xmprt {
namespace program {

// The upper-cased ASCII code of `s` when it is one letter (a-z or A-Z)
// allowed by `allowed` (bit k: letter 'A' + k; 0: any letter), else -1.
int64_t letter(const char *s, int64_t allowed);
// The letters of an `allowed` mask, "A, B, S, W".
std::string letterList(int64_t allowed);
// The name xmprt_print_scalar_f64 prints for `tag`, or nullptr (valueN).
const char *resultName(int64_t tag);

} // namespace program
} // namespace xmprt

#endif
