// tf.io.decode_compressed and tf.io.decode_json_example: string tensors decoded element by element.
//
//   tf::io::decode_compressed(gzipped, "GZIP");          // each element inflated
//   tf::io::decode_json_example(json);                   // each element a serialized tf.train.Example
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::io {

/// Each string inflated as `compression_type` says: "ZLIB", "GZIP" (concatenated members too) or ""
/// (a copy). Damaged data raises DataLossError; another compression_type InvalidArgumentError.
Tensor decode_compressed(const Tensor& bytes, const std::string& compression_type = "");

/// Each string, the JSON form of a tf.train.Example (protobuf's JSON mapping: "int64List", base64
/// bytes, ...), as the Example's serialized bytes; InvalidArgumentError for JSON that is not one.
Tensor decode_json_example(const Tensor& json_examples);

}  // namespace tf::io
