// float32 convolutions on oneDNN: the primitive picks its preferred (blocked) layouts and the
// plan reorders the caller's NHWC/NCHW images and HWIO filters in and out.
// See Note [oneDNN plan cache] in onednn_plan.h.
#include "kernels/cpu/conv.h"

#include <cstddef>

#include "kernels/cpu/onednn_plan.h"

namespace tf::kernels {
namespace {

using dnnl::memory;
using Dims = memory::dims;

enum class ConvKind : std::int64_t { kForward, kBackwardInput, kBackwardFilter };

struct ConvKey {
  ConvGeometry g;
  ConvKind kind;
  bool operator==(const ConvKey&) const = default;
};
struct ConvKeyHash {
  std::size_t operator()(const ConvKey& k) const {
    constexpr std::size_t kSizes = offsetof(ConvGeometry, nchw) / sizeof(std::int64_t);  // the int64 fields
    return hash_words(&k.g.n, kSizes) * 31 + static_cast<std::size_t>(k.kind) * 2 + k.g.nchw;
  }
};

// The caller's layout of an image with c channels and h x w pixels.
memory::desc image_desc(const ConvGeometry& g, std::int64_t c, std::int64_t h, std::int64_t w) {
  const Dims strides = g.nchw ? Dims{c * h * w, h * w, w, 1} : Dims{h * w * c, 1, w * c, c};
  return memory::desc({g.n, c, h, w}, memory::data_type::f32, strides);
}

// The caller's HWIO filter (or [kh, kw, ic, multiplier] for depthwise), in oneDNN's dims order.
memory::desc filter_desc(const ConvGeometry& g) {
  if (g.groups == 1)
    return memory::desc({g.oc, g.ic, g.kh, g.kw}, memory::data_type::f32,
                        Dims{1, g.oc, g.kw * g.ic * g.oc, g.ic * g.oc});
  const std::int64_t m = g.oc / g.groups;
  return memory::desc({g.groups, m, 1, g.kh, g.kw}, memory::data_type::f32,
                      Dims{m, 1, g.oc, g.kw * g.oc, g.oc});
}

memory::desc any_like(const memory::desc& d) { return memory::desc(d.dims(), memory::data_type::f32, memory::format_tag::any); }

OnednnPlan build(const ConvKey& key) {
  const ConvGeometry& g = key.g;
  const dnnl::engine& eng = onednn_engine();
  const memory::desc src = image_desc(g, g.ic, g.ih, g.iw), dst = image_desc(g, g.oc, g.oh, g.ow);
  const memory::desc weights = filter_desc(g);
  const Dims strides{g.sh, g.sw}, dilates{g.dh - 1, g.dw - 1}, pad_l{g.pt, g.pl}, pad_r{g.pb, g.pr};
  const ConvKind kind = key.kind;
  const auto prop = kind == ConvKind::kForward ? dnnl::prop_kind::forward_inference : dnnl::prop_kind::forward_training;
  const dnnl::convolution_forward::primitive_desc fwd(
      dnnl::convolution_forward::desc(prop, dnnl::algorithm::convolution_direct, any_like(src), any_like(weights),
                                      any_like(dst), strides, dilates, pad_l, pad_r),
      onednn_user_scratchpad(), eng);
  OnednnPlan plan;
  switch (kind) {
    case ConvKind::kForward:
      plan.primitive = dnnl::convolution_forward(fwd);
      plan.scratchpad = fwd.scratchpad_desc();
      plan.set_operand(0, DNNL_ARG_SRC, src, fwd.src_desc());
      plan.set_operand(1, DNNL_ARG_WEIGHTS, weights, fwd.weights_desc());
      plan.set_operand(2, DNNL_ARG_DST, dst, fwd.dst_desc());
      break;
    case ConvKind::kBackwardInput: {
      const dnnl::convolution_backward_data::primitive_desc pd(
          dnnl::convolution_backward_data::desc(dnnl::algorithm::convolution_direct, any_like(src), any_like(weights),
                                                any_like(dst), strides, dilates, pad_l, pad_r),
          onednn_user_scratchpad(), eng, fwd);
      plan.primitive = dnnl::convolution_backward_data(pd);
      plan.scratchpad = pd.scratchpad_desc();
      plan.set_operand(0, DNNL_ARG_WEIGHTS, weights, pd.weights_desc());
      plan.set_operand(1, DNNL_ARG_DIFF_DST, dst, pd.diff_dst_desc());
      plan.set_operand(2, DNNL_ARG_DIFF_SRC, src, pd.diff_src_desc());
      break;
    }
    case ConvKind::kBackwardFilter: {
      const dnnl::convolution_backward_weights::primitive_desc pd(
          dnnl::convolution_backward_weights::desc(dnnl::algorithm::convolution_direct, any_like(src),
                                                   any_like(weights), any_like(dst), strides, dilates, pad_l, pad_r),
          onednn_user_scratchpad(), eng, fwd);
      plan.primitive = dnnl::convolution_backward_weights(pd);
      plan.scratchpad = pd.scratchpad_desc();
      plan.set_operand(0, DNNL_ARG_SRC, src, pd.src_desc());
      plan.set_operand(1, DNNL_ARG_DIFF_DST, dst, pd.diff_dst_desc());
      plan.set_operand(2, DNNL_ARG_DIFF_WEIGHTS, weights, pd.diff_weights_desc());
      break;
    }
  }
  return plan;
}

std::shared_ptr<const OnednnPlan> plan_for(const ConvGeometry& g, ConvKind kind) {
  static PlanCache<ConvKey, ConvKeyHash> cache;
  const ConvKey key{g, kind};
  return cache.get(key, build);
}

}  // namespace

void conv2d_forward(const ConvGeometry& g, const float* input, const float* filter, float* out) {
  plan_for(g, ConvKind::kForward)->run(input, filter, out);
}

void conv2d_backward_input(const ConvGeometry& g, const float* filter, const float* d_out, float* d_input) {
  plan_for(g, ConvKind::kBackwardInput)->run(filter, d_out, d_input);
}

void conv2d_backward_filter(const ConvGeometry& g, const float* input, const float* d_out, float* d_filter) {
  plan_for(g, ConvKind::kBackwardFilter)->run(input, d_out, d_filter);
}

}  // namespace tf::kernels
