// A tensor as a serialized TensorProto and back (tf.io.serialize_tensor / tf.io.parse_tensor):
// the bytes TensorFlow writes, so either side reads what the other serialized.
//
//   tf::Tensor bytes = tf::io::serialize_tensor(tf::constant({1.5f, 2.0f}));  // a string scalar
//   tf::Tensor back = tf::io::parse_tensor(bytes, tf::float32);
#pragma once

#include "tfpp/tensor.h"

namespace tf::io {

/// The tensor as a serialized TensorProto, in a string scalar (tf.io.serialize_tensor).
Tensor serialize_tensor(const Tensor& tensor);

/// The tensor a string scalar holds as a serialized TensorProto (tf.io.parse_tensor);
/// InvalidArgumentError if it does not parse or holds another dtype than `out_type`.
Tensor parse_tensor(const Tensor& serialized, DType out_type);

}  // namespace tf::io
