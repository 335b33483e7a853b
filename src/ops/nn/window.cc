#include "ops/nn/window.h"

#include "tfpp/errors.h"

namespace tf {
namespace nn {

Padding::Padding(std::initializer_list<std::array<std::int64_t, 2>> pairs) : name_("EXPLICIT") {
  for (const auto& p : pairs) explicit_.insert(explicit_.end(), p.begin(), p.end());
}

}  // namespace nn

namespace ops::nn {

std::string list_string(const std::vector<std::int64_t>& values) {
  std::string s = "[";
  for (std::size_t i = 0; i < values.size(); ++i) s += (i ? "," : "") + std::to_string(values[i]);
  return s + "]";
}

Layout parse_layout(const OpContext& ctx, const std::string& data_format, bool* nchw) {
  if (nchw) *nchw = data_format == "NCHW";
  if (data_format == "NHWC") return {1, 2, 3};
  if (data_format == "NCHW") return {2, 3, 1};
  ctx.fail("data_format must be \"NHWC\" or \"NCHW\", got \"" + data_format + "\"");
}

std::array<std::int64_t, 2> spatial_values(const OpContext& ctx, const std::vector<std::int64_t>& values,
                                           const Layout& layout, const char* what) {
  if (values.size() != 4) ctx.fail(std::string(what) + " must have 4 values, got " + list_string(values));
  for (std::int64_t v : values)
    if (v < 1) ctx.fail(std::string(what) + " must be positive, got " + list_string(values));
  if (values[0] != 1 || values[layout.c] != 1)  // TensorFlow: "not yet supported", an UnimplementedError
    throw UnimplementedError("[" + ctx.op().name + "] " + what + " must be 1 in the batch and channel dimensions, got " +
                             list_string(values));
  return {values[layout.h], values[layout.w]};
}

void parse_padding(const OpContext& ctx, const std::string& padding, const std::vector<std::int64_t>& explicit_paddings,
                   Window& window, bool allow_explicit) {
  if (padding == "SAME") window.padding = PaddingKind::kSame;
  else if (padding == "VALID") window.padding = PaddingKind::kValid;
  else if (padding == "EXPLICIT" && allow_explicit) window.padding = PaddingKind::kExplicit;
  else
    ctx.fail("padding must be " + std::string(allow_explicit ? "\"SAME\", \"VALID\" or explicit pairs" : "\"SAME\" or \"VALID\"") +
             ", got \"" + padding + "\"");
  if (window.padding != PaddingKind::kExplicit) {
    if (!explicit_paddings.empty()) ctx.fail("explicit_paddings given with padding \"" + padding + "\"");
    return;
  }
  // TensorFlow's messages, with the values.
  if (explicit_paddings.size() != 8)
    ctx.fail("explicit_paddings attribute must contain 8 values, but got: " + list_string(explicit_paddings));
  for (std::int64_t p : explicit_paddings)
    if (p < 0) ctx.fail("All elements of explicit_paddings must be nonnegative, got " + list_string(explicit_paddings));
  const Layout& l = window.layout;
  if (explicit_paddings[0] || explicit_paddings[1] || explicit_paddings[2 * l.c] || explicit_paddings[2 * l.c + 1])
    ctx.fail("Nonzero explicit padding in the batch or depth dimensions is not supported, got " +
             list_string(explicit_paddings));
  window.explicit_pads = {explicit_paddings[2 * l.h], explicit_paddings[2 * l.h + 1], explicit_paddings[2 * l.w],
                          explicit_paddings[2 * l.w + 1]};
}

SpatialSize spatial_size(const OpContext& ctx, const Window& window, int dim, std::int64_t in) {
  if (in < 0) return {None, 0, 0};
  const std::int64_t k = (window.ksize[dim] - 1) * window.dilation[dim] + 1, s = window.stride[dim];
  switch (window.padding) {
    case PaddingKind::kSame: {
      const std::int64_t out = (in + s - 1) / s;
      const std::int64_t total = std::max<std::int64_t>((out - 1) * s + k - in, 0);
      return {out, total / 2, total - total / 2};
    }
    // As TensorFlow's GetWindowedOutputSize: (in - k + s) / s, truncated; a window up to s - 1
    // wider than the input gives an empty output, a wider one an error.
    case PaddingKind::kValid:
      if (in - k + s < 0)
        ctx.fail("the " + std::string(dim ? "width" : "height") + " " + std::to_string(in) +
                 " is too small for the (dilated) window size " + std::to_string(k) + " and stride " +
                 std::to_string(s) + " with VALID padding");
      return {(in - k + s) / s, 0, 0};
    case PaddingKind::kExplicit: {
      const std::int64_t before = window.explicit_pads[2 * dim], after = window.explicit_pads[2 * dim + 1];
      if (in + before + after - k + s < 0)
        ctx.fail("the padded " + std::string(dim ? "width" : "height") + " " + std::to_string(in + before + after) +
                 " is too small for the (dilated) window size " + std::to_string(k) + " and stride " +
                 std::to_string(s));
      return {(in + before + after - k + s) / s, before, after};
    }
  }
  return {None, 0, 0};
}

void check_rank4(const OpContext& ctx, const TensorShape& shape, const char* what) {
  if (!shape.has_unknown_rank() && shape.rank() != 4)
    ctx.fail(std::string(what) + " must be 4-D, got shape " + shape.debug_string());
}

std::vector<std::int64_t> expand_sizes(const char* op, const tf::nn::Sizes& sizes, const std::string& data_format,
                                       const char* what) {
  const auto& v = sizes.values();
  const bool nchw = data_format == "NCHW";
  if (v.size() == 1) return nchw ? std::vector<std::int64_t>{1, 1, v[0], v[0]} : std::vector<std::int64_t>{1, v[0], v[0], 1};
  if (v.size() == 2) return nchw ? std::vector<std::int64_t>{1, 1, v[0], v[1]} : std::vector<std::int64_t>{1, v[0], v[1], 1};
  if (v.size() == 4) return v;
  throw InvalidArgumentError("[" + std::string(op) + "] " + what + " must have 1, 2 or 4 values, got " + list_string(v));
}

}  // namespace ops::nn
}  // namespace tf
