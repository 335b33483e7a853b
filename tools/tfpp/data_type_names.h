// TensorFlow's names of DataType numbers (core/framework/types.proto), as its tools print them.
#pragma once

#include <string>

namespace tfpp_tool {

/// "DT_FLOAT" for 1, "DT_FLOAT_REF" for 101; "DataType N" for a number TensorFlow does not name.
std::string data_type_name(int data_type);

/// Python's repr of the tf.DType: "tf.float32" for 1, "tf.float16" for 19.
std::string python_dtype_repr(int data_type);

}  // namespace tfpp_tool
