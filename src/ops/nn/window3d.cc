#include "ops/nn/window3d.h"

#include <algorithm>

#include "ops/nn/window.h"
#include "tfpp/errors.h"

namespace tf::ops::nn {

Window3D parse_window3d(const OpContext& ctx, const std::string& data_format, const std::string& padding) {
  Window3D w;
  if (data_format == "NCDHW") {
    w.ncdhw = true, w.channel_axis = 1, w.spatial_axes = {2, 3, 4};
  } else if (data_format != "NDHWC") {
    ctx.fail("data_format must be \"NDHWC\" or \"NCDHW\", got \"" + data_format + "\"");
  }
  if (padding != "SAME" && padding != "VALID") ctx.fail("padding must be \"SAME\" or \"VALID\", got \"" + padding + "\"");
  w.same = padding == "SAME";
  return w;
}

std::array<std::int64_t, 3> spatial_values3d(const OpContext& ctx, const std::vector<std::int64_t>& values,
                                             const Window3D& window, const char* what) {
  if (values.size() != 5) ctx.fail(std::string(what) + " must have 5 values, got " + list_string(values));
  for (std::int64_t v : values)
    if (v < 1) ctx.fail(std::string(what) + " must be positive, got " + list_string(values));
  if (values[0] != 1 || values[window.channel_axis] != 1)  // TensorFlow: "not yet supported", an UnimplementedError
    throw UnimplementedError("[" + ctx.op().name + "] " + what + " must be 1 in the batch and channel dimensions, got " +
                             list_string(values));
  const auto& a = window.spatial_axes;
  return {values[a[0]], values[a[1]], values[a[2]]};
}

std::array<std::int64_t, 3> spatial_size3d(const OpContext& ctx, const Window3D& window, int dim, std::int64_t in) {
  if (in < 0) return {None, 0, 0};
  static const char* const kNames[] = {"depth", "height", "width"};
  const std::int64_t k = (window.ksize[dim] - 1) * window.dilation[dim] + 1, s = window.stride[dim];
  if (window.same) {
    const std::int64_t out = (in + s - 1) / s;
    const std::int64_t total = std::max<std::int64_t>((out - 1) * s + k - in, 0);
    return {out, total / 2, total - total / 2};
  }
  if (in - k + s < 0)  // TensorFlow's GetWindowedOutputSize truncates (in - k + s) / s
    ctx.fail("the " + std::string(kNames[dim]) + " " + std::to_string(in) + " is too small for the (dilated) window size " +
             std::to_string(k) + " and stride " + std::to_string(s) + " with VALID padding");
  return {(in - k + s) / s, 0, 0};
}

void check_rank5(const OpContext& ctx, const TensorShape& shape, const char* what) {
  if (!shape.has_unknown_rank() && shape.rank() != 5)
    ctx.fail(std::string(what) + " must be 5-D, got shape " + shape.debug_string());
}

TensorShape sizes_input5(const OpContext& ctx, const Tensor& sizes, const char* what) {
  const TensorShape& s = sizes.shape();
  if (!is_index_dtype(sizes.dtype()) || (!s.has_unknown_rank() && (s.rank() != 1 || (s.dim(0) != None && s.dim(0) != 5))))
    ctx.fail(std::string(what) + " must be an int32 or int64 vector of 5 values, got " +
             std::string(dtype_name(sizes.dtype())) + " " + s.debug_string());
  TensorShape shape{None, None, None, None, None};
  if (sizes.is_symbolic()) return shape;
  for (int i = 0; i < 5; ++i) {
    const std::int64_t d = sizes.dtype() == int32 ? sizes.data<std::int32_t>()[i] : sizes.data<std::int64_t>()[i];
    if (d < 0) ctx.fail(std::string(what) + " must be non-negative, got " + sizes.values_string());
    shape.set_dim(i, d);
  }
  return shape;
}

std::vector<std::int64_t> expand_sizes3d(const char* op, const tf::nn::Sizes& sizes, const std::string& data_format,
                                         const char* what) {
  const auto& v = sizes.values();
  const bool ncdhw = data_format == "NCDHW";
  if (v.size() == 1 || v.size() == 3) {
    const std::int64_t d = v[0], h = v[v.size() == 3 ? 1 : 0], w = v[v.size() == 3 ? 2 : 0];
    return ncdhw ? std::vector<std::int64_t>{1, 1, d, h, w} : std::vector<std::int64_t>{1, d, h, w, 1};
  }
  if (v.size() == 5) return v;
  throw InvalidArgumentError("[" + std::string(op) + "] " + what + " must have 1, 3 or 5 values, got " + list_string(v));
}

}  // namespace tf::ops::nn
