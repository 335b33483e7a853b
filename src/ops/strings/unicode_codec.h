// Reading and writing Unicode code points in UTF-8, UTF-16-BE and UTF-32-BE, for the Unicode
// string ops (UnicodeDecodeWithOffsets, UnicodeEncode, UnicodeTranscode), with TensorFlow's
// error modes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "ops/op_def.h"

namespace tf::ops::unicode {

enum class Encoding { kUtf8, kUtf16Be, kUtf32Be };
enum class Errors { kStrict, kReplace, kIgnore };

/// The encoding a TensorFlow encoding name stands for; fails the op for any other name.
Encoding encoding_named(const OpContext& ctx, const std::string& name, const char* attr);
/// The error mode named "strict", "replace" or "ignore"; fails the op for any other name.
Errors errors_named(const OpContext& ctx, const std::string& name);

/// Reads the code point at `pos` of `bytes` and moves `pos` past it. An ill-formed sequence
/// (in UTF-8, its longest valid prefix, at least one byte) is consumed and gives -1.
std::int32_t next_code_point(const std::string& bytes, std::size_t& pos, Encoding encoding);

/// True for a Unicode scalar value (0..0x10FFFF, not a surrogate).
bool is_scalar_value(std::int64_t code_point);

/// Appends the encoding of a Unicode scalar value.
void append_code_point(std::string& out, std::int32_t code_point, Encoding encoding);

}  // namespace tf::ops::unicode
