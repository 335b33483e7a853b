// String ops (tf.strings), decoding raw bytes (tf.io.decode_raw), and reading and writing whole
// files (tf.io.read_file, tf.io.write_file).
//
// A tf::string element is a byte string. tf::strings::split returns a RaggedTensor in
// TensorFlow; tfpp has no ragged tensors yet, so split returns a 1-D string tensor for a
// scalar input and one 1-D tensor per element (a std::vector) for a vector input:
//
//   tf::Tensor words = tf::strings::split(tf::constant("a b c"));
//   std::vector<tf::Tensor> rows = tf::strings::split(tf::constant({"a b", "c"}));
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::strings {

/// Options of length.
struct LengthOptions {
  std::string unit = "BYTE";  ///< "BYTE", or "UTF8_CHAR" to count UTF-8 code points
};

/// The length of each string, as int32 (tf.strings.length).
Tensor length(const Tensor& input, const LengthOptions& options = {});

/// Elementwise concatenation of string tensors with `separator` between them (tf.strings.join):
/// the inputs have one shape, or are scalars, which are repeated.
Tensor join(const std::vector<Tensor>& inputs, const std::string& separator = "");

/// Options of reduce_join.
struct ReduceJoinOptions {
  std::optional<std::int64_t> axis;  ///< the dimension to join along; all dimensions when unset
  bool keepdims = false;             ///< keep the joined dimension with size 1
  std::string separator;             ///< inserted between joined strings
};

/// Concatenates strings along a dimension (tf.strings.reduce_join).
Tensor reduce_join(const Tensor& input, const ReduceJoinOptions& options = {});

/// Options of split.
struct SplitOptions {
  std::optional<std::string> sep;  ///< split on this exact string; on runs of whitespace when unset
  std::int64_t maxsplit = -1;      ///< at most this many splits per string (-1: no limit)
};

/// The result of split: converts to a 1-D tensor for a scalar input, or to one 1-D tensor
/// per element (std::vector<Tensor>) for a vector input.
class SplitResult {
 public:
  SplitResult(std::vector<Tensor> rows, bool scalar_input) : rows_(std::move(rows)), scalar_input_(scalar_input) {}
  /// The pieces of a scalar input; throws for a vector input.
  operator Tensor() const;
  /// The pieces of each element of a vector input (one row for a scalar input).
  operator std::vector<Tensor>() const { return rows_; }
  /// The pieces of each element.
  const std::vector<Tensor>& rows() const { return rows_; }

 private:
  std::vector<Tensor> rows_;
  bool scalar_input_;
};

/// Splits each string on `sep` (tf.strings.split); see SplitResult for the result's form.
SplitResult split(const Tensor& input, const SplitOptions& options = {});

/// Parses each string as a number of `out_type` (tf.strings.to_number); a string that is not
/// a number raises InvalidArgumentError naming it.
Tensor to_number(const Tensor& input, DType out_type = float32);

/// Each string lowercased (tf.strings.lower): ASCII letters only when `encoding` is "", all of
/// Unicode when it is "utf-8".
Tensor lower(const Tensor& input, const std::string& encoding = "");

/// Each string uppercased (tf.strings.upper); `encoding` as in lower.
Tensor upper(const Tensor& input, const std::string& encoding = "");

/// Each string without leading and trailing ASCII whitespace (tf.strings.strip).
Tensor strip(const Tensor& input);

/// Options of substr.
struct SubstrOptions {
  std::string unit = "BYTE";  ///< "BYTE", or "UTF8_CHAR" to count pos and len in UTF-8 code points
};

/// The substring of each string starting at `pos` (from the end when negative) of at most `len`
/// units (tf.strings.substr). `pos` and `len` (int32 or int64) have one shape, which broadcasts
/// with the input's; a `pos` outside a string raises InvalidArgumentError.
Tensor substr(const Tensor& input, const Tensor& pos, const Tensor& len, const SubstrOptions& options = {});

/// Options of as_string: a printf-like format of the numbers.
struct AsStringOptions {
  std::int64_t precision = -1;  ///< digits after the point (floats only; -1: printf's 6)
  bool scientific = false;      ///< exponent notation (floats only)
  bool shortest = false;        ///< the shorter of plain and exponent notation, %g (floats only)
  std::int64_t width = -1;      ///< pad each result to at least this many characters (-1: none)
  std::string fill;             ///< "", or one of ' ', '0' (pad with it), '-' (left align), '+', '#'
};

/// Each element formatted as text (tf.strings.as_string), for numbers, bools and strings.
Tensor as_string(const Tensor& input, const AsStringOptions& options = {});

/// Options of regex_replace.
struct RegexReplaceOptions {
  bool replace_global = true;  ///< replace every match, not only the first
};

/// Each string with matches of the RE2 `pattern` replaced by `rewrite` (\\1 names a group), with
/// the pattern compiled once (StaticRegexReplace); an invalid pattern raises InvalidArgumentError.
Tensor regex_replace(const Tensor& input, const std::string& pattern, const std::string& rewrite,
                     const RegexReplaceOptions& options = {});

/// regex_replace with the pattern and rewrite given as string scalars (RegexReplace), so they may
/// be computed.
Tensor regex_replace(const Tensor& input, const Tensor& pattern, const Tensor& rewrite,
                     const RegexReplaceOptions& options = {});

/// Whether each string matches the RE2 `pattern` as a whole (StaticRegexFullMatch), as bool.
Tensor regex_full_match(const Tensor& input, const std::string& pattern);

/// regex_full_match with the pattern given as a string scalar (RegexFullMatch).
Tensor regex_full_match(const Tensor& input, const Tensor& pattern);

}  // namespace tf::strings

namespace tf::io {

/// Options of decode_raw.
struct DecodeRawOptions {
  bool little_endian = true;  ///< byte order of the encoded numbers
};

/// Reinterprets each string's bytes as numbers of `out_type`; the result has one more
/// (last) dimension, and every string must have the same length (tf.io.decode_raw).
Tensor decode_raw(const Tensor& bytes, DType out_type, const DecodeRawOptions& options = {});

/// The contents of the file named by a string scalar, as a string scalar (tf.io.read_file);
/// NotFoundError if it cannot be opened.
Tensor read_file(const Tensor& filename);

/// Writes a string scalar to the file named by a string scalar, replacing it atomically and
/// creating missing parent directories, as TensorFlow does (tf.io.write_file).
void write_file(const Tensor& filename, const Tensor& contents);

}  // namespace tf::io
