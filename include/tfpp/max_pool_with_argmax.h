// tf::nn::max_pool_with_argmax: max pooling that also says where each maximum came from, as
// TensorFlow's tf.nn.max_pool_with_argmax.
//
//   auto [pooled, argmax] = tf::nn::max_pool_with_argmax(images, 2, 2, "SAME");
//   // argmax[b, y, x, c] = (y_in * width + x_in) * channels + c of the input pixel it took
#pragma once

#include <string>

#include "tfpp/dtype.h"
#include "tfpp/nn_ops.h"
#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of max_pool_with_argmax.
struct MaxPoolWithArgmaxOptions {
  DType output_dtype = int64;           ///< the argmax's dtype: int64 or int32
  bool include_batch_in_index = false;  ///< count the batch in the flat index: ((b * height + y) * width + x) * channels + c
  std::string data_format = "NHWC";     ///< only "NHWC", as TensorFlow's
};

/// The pooled values and, for each, the flat index of the input element it came from.
struct MaxPoolWithArgmaxResult {
  Tensor output;  ///< max_pool2d's values (NaN where a window's maximum candidate is NaN, as TensorFlow's kernel)
  Tensor argmax;  ///< (y * width + x) * channels + c within the image (or with the batch, see the options)
};

/// Max pooling of an NHWC image batch over 2-D windows that also returns each maximum's flat
/// index (tf.nn.max_pool_with_argmax); padding "SAME" or "VALID". Ties go to the first element of
/// a window in row-major order. Gradients flow through `output` to the input elements the argmax names.
MaxPoolWithArgmaxResult max_pool_with_argmax(const Tensor& input, const Sizes& ksize, const Sizes& strides,
                                             const Padding& padding, const MaxPoolWithArgmaxOptions& options = {});

}  // namespace tf::nn
