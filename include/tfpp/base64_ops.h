// Web-safe base64 of byte strings (tf.io.encode_base64, tf.io.decode_base64): the URL-safe
// alphabet ('-' and '_' in place of '+' and '/'), '=' padding optional.
//
//   tf::Tensor coded = tf::io::encode_base64(tf::constant({"abc", "a"}));   // ["YWJj", "YQ"]
//   tf::io::decode_base64(coded);                                         // ["abc", "a"]
#pragma once

#include "tfpp/tensor.h"

namespace tf::io {

/// Options of encode_base64.
struct EncodeBase64Options {
  bool pad = false;  ///< end each string with '=' up to a multiple of four characters
};

/// Each string in web-safe base64 (EncodeBase64).
Tensor encode_base64(const Tensor& input, const EncodeBase64Options& options = {});

/// Each web-safe base64 string decoded, with or without padding (DecodeBase64); a string that
/// is not base64 is an InvalidArgumentError.
Tensor decode_base64(const Tensor& input);

}  // namespace tf::io
