// Unicode strings as code points (tf.strings.unicode_decode, unicode_decode_with_offsets,
// unicode_encode, unicode_transcode), in UTF-8, UTF-16-BE or UTF-32-BE.
//
// tfpp's C++ API has no ragged tensors, so a decode gives TensorFlow's ragged components: the
// code points of all strings, one after another, and row_splits where each string's start:
//
//   auto d = tf::strings::unicode_decode_with_offsets(tf::constant({"hé", "€"}), "UTF-8");
//   // d.char_values [104, 233, 8364], d.row_splits [0, 2, 3], d.char_to_byte_starts [0, 1, 0]
//   tf::strings::unicode_encode(d.char_values, d.row_splits, "UTF-8");   // ["hé", "€"]
//
// Ill-formed input follows `errors`: "replace" (by replacement_char), "ignore", or "strict"
// (an InvalidArgumentError).
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/tensor.h"

namespace tf::strings {

/// How ill-formed text and invalid code points are handled.
struct UnicodeErrorOptions {
  std::string errors = "replace";         ///< "replace", "ignore" or "strict"
  std::int64_t replacement_char = 0xFFFD;  ///< the code point used by "replace"
  bool replace_control_characters = false;  ///< also replace code points 0..0x1F (decoding only)
};

/// The code points of each string, flattened in row-major order, with where each came from.
struct UnicodeDecodeResult {
  Tensor row_splits;           ///< int64 [strings + 1]: string i's code points are [splits[i], splits[i+1])
  Tensor char_values;          ///< int32 [code points]
  Tensor char_to_byte_starts;  ///< int64 [code points]: the byte offset of each in its string
};

/// Decodes every string of `input` (UnicodeDecodeWithOffsets).
UnicodeDecodeResult unicode_decode_with_offsets(const Tensor& input, const std::string& input_encoding,
                                                const UnicodeErrorOptions& options = {});

/// Encodes rows of int32 code points (row i is values[splits[i] .. splits[i+1]]) as one string
/// each (UnicodeEncode); replace_control_characters is not used.
Tensor unicode_encode(const Tensor& char_values, const Tensor& row_splits, const std::string& output_encoding,
                      const UnicodeErrorOptions& options = {});

/// Re-encodes each string from one encoding to another (UnicodeTranscode).
Tensor unicode_transcode(const Tensor& input, const std::string& input_encoding, const std::string& output_encoding,
                         const UnicodeErrorOptions& options = {});

}  // namespace tf::strings
