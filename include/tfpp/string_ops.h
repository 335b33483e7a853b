// String ops (tf.strings) and decoding raw bytes (tf.io.decode_raw).
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

}  // namespace tf::strings

namespace tf::io {

/// Options of decode_raw.
struct DecodeRawOptions {
  bool little_endian = true;  ///< byte order of the encoded numbers
};

/// Reinterprets each string's bytes as numbers of `out_type`; the result has one more
/// (last) dimension, and every string must have the same length (tf.io.decode_raw).
Tensor decode_raw(const Tensor& bytes, DType out_type, const DecodeRawOptions& options = {});

}  // namespace tf::io
