// StringFormat: tf.strings.format's op, the text tf::print writes.
#pragma once

#include <cstdint>
#include <string>

#include "ops/op_def.h"
#include "tfpp/tensor.h"

namespace tf::ops {

/// StringFormat(inputs...), attrs template, placeholder, summarize: a string scalar, `template`
/// with each `placeholder` replaced by the next input's summarized values.
const OpDef& string_format_op();

/// TensorFlow's Tensor::SummarizeValue(summarize, print_v2=true): "[1 2 ... 9 10]", at most
/// `summarize` values at each end of every dimension (-1: all), strings quoted and escaped.
std::string summarize_value(const Tensor& t, std::int64_t summarize);
/// TensorFlow's Tensor::SummarizeValue(summarize) without print_v2, as its Assert kernel writes
/// data: the first `summarize` values in row order ("[1 1 1][1...]..."), strings escaped, unquoted.
std::string summarize_value_v1(const Tensor& t, std::int64_t summarize);

}  // namespace tf::ops
