// float32 3-D convolutions on oneDNN: the primitive picks its preferred (blocked) layouts and
// the plan reorders the caller's NDHWC/NCDHW volumes and DHWIO filters in and out (Note
// [oneDNN plan cache] in onednn_plan.h). A batch splits into runs of whole images, one oneDNN
// call each (Note [Splitting convolutions] in conv_onednn.cc); the filter gradient's chunks
// each write a partial sum, added in chunk order so the result does not depend on timing.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "kernels/cpu/conv3d.h"
#include "kernels/cpu/onednn_plan.h"
#include "kernels/cpu/parallel.h"

namespace tf::kernels {
namespace {

using dnnl::memory;
using Dims = memory::dims;

enum class Pass : std::int64_t { kForward, kBackwardInput, kBackwardFilter };

struct Conv3DKey {
  Conv3DGeometry g;
  Pass pass;
  bool operator==(const Conv3DKey&) const = default;
};
struct Conv3DKeyHash {
  std::size_t operator()(const Conv3DKey& k) const {
    return hash_words(&k.g.n, sizeof(Conv3DGeometry) / sizeof(std::int64_t)) * 31 + static_cast<std::size_t>(k.pass);
  }
};

// The caller's layout of n volumes with c channels, in oneDNN's (n, c, d, h, w) dims order.
memory::desc volume_desc(const Conv3DGeometry& g, std::int64_t c, const std::array<std::int64_t, 3>& s) {
  const std::int64_t plane = s[1] * s[2], volume = s[0] * plane;
  const Dims strides = g.ncdhw ? Dims{c * volume, volume, plane, s[2], 1} : Dims{volume * c, 1, plane * c, s[2] * c, c};
  return memory::desc({g.n, c, s[0], s[1], s[2]}, memory::data_type::f32, strides);
}

// The caller's DHWIO filter in oneDNN's (o, i, d, h, w) dims order.
memory::desc filter_desc(const Conv3DGeometry& g) {
  const auto& k = g.kernel;
  return memory::desc({g.oc, g.ic, k[0], k[1], k[2]}, memory::data_type::f32,
                      Dims{1, g.oc, k[1] * k[2] * g.ic * g.oc, k[2] * g.ic * g.oc, g.ic * g.oc});
}

memory::desc any_like(const memory::desc& d) { return memory::desc(d.dims(), memory::data_type::f32, memory::format_tag::any); }

OnednnPlan build(const Conv3DKey& key) {
  const Conv3DGeometry& g = key.g;
  const dnnl::engine& eng = onednn_engine();
  const memory::desc src = volume_desc(g, g.ic, g.in), dst = volume_desc(g, g.oc, g.out), weights = filter_desc(g);
  const auto dims = [](const std::array<std::int64_t, 3>& a, std::int64_t minus = 0) {
    return Dims{a[0] - minus, a[1] - minus, a[2] - minus};
  };
  const Dims strides = dims(g.stride), dilates = dims(g.dilation, 1), pad_l = dims(g.pad_before), pad_r = dims(g.pad_after);
  const auto prop = key.pass == Pass::kForward ? dnnl::prop_kind::forward_inference : dnnl::prop_kind::forward_training;
  const dnnl::convolution_forward::primitive_desc fwd(
      dnnl::convolution_forward::desc(prop, dnnl::algorithm::convolution_direct, any_like(src), any_like(weights),
                                      any_like(dst), strides, dilates, pad_l, pad_r),
      onednn_user_scratchpad(), eng);
  OnednnPlan plan;
  switch (key.pass) {
    case Pass::kForward:
      plan.primitive = dnnl::convolution_forward(fwd);
      plan.scratchpad = fwd.scratchpad_desc();
      plan.set_operand(0, DNNL_ARG_SRC, src, fwd.src_desc());
      plan.set_operand(1, DNNL_ARG_WEIGHTS, weights, fwd.weights_desc());
      plan.set_operand(2, DNNL_ARG_DST, dst, fwd.dst_desc());
      break;
    case Pass::kBackwardInput: {
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
    case Pass::kBackwardFilter: {
      const dnnl::convolution_backward_weights::primitive_desc pd(
          dnnl::convolution_backward_weights::desc(dnnl::algorithm::convolution_direct, any_like(src), any_like(weights),
                                                   any_like(dst), strides, dilates, pad_l, pad_r),
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

std::shared_ptr<const OnednnPlan> plan_for(const Conv3DGeometry& g, Pass pass) {
  static PlanCache<Conv3DKey, Conv3DKeyHash> cache;
  return cache.get(Conv3DKey{g, pass}, build);
}

std::int64_t volume(const std::array<std::int64_t, 3>& s) { return s[0] * s[1] * s[2]; }

// Multiply-adds of one image over 8 (one oneDNN thread does about ten times an add's rate):
// parallel_for's cost per image, as for 2-D convolutions.
std::int64_t image_cost(const Conv3DGeometry& g) { return volume(g.out) * g.oc * volume(g.kernel) * g.ic / 8 + 1; }

// Calls run(chunk, in_offset, out_offset) on runs of whole images.
template <class Run>
void for_each_image_run(const Conv3DGeometry& g, Run&& run) {
  parallel_for(g.n, image_cost(g), [&](std::int64_t begin, std::int64_t end) {
    Conv3DGeometry chunk = g;
    chunk.n = end - begin;
    run(chunk, begin * volume(g.in) * g.ic, begin * volume(g.out) * g.oc);
  });
}

}  // namespace

void conv3d_forward(const Conv3DGeometry& g, const float* input, const float* filter, float* out) {
  for_each_image_run(g, [&](const Conv3DGeometry& c, std::int64_t in_offset, std::int64_t out_offset) {
    plan_for(c, Pass::kForward)->run(input + in_offset, filter, out + out_offset);
  });
}

void conv3d_backward_input(const Conv3DGeometry& g, const float* filter, const float* d_out, float* d_input) {
  for_each_image_run(g, [&](const Conv3DGeometry& c, std::int64_t in_offset, std::int64_t out_offset) {
    plan_for(c, Pass::kBackwardInput)->run(filter, d_out + out_offset, d_input + in_offset);
  });
}

void conv3d_backward_filter(const Conv3DGeometry& g, const float* input, const float* d_out, float* d_filter) {
  // The chunk starting at image 0 writes d_filter; the others their own buffers.
  const std::int64_t size = volume(g.kernel) * g.ic * g.oc;
  std::mutex mutex;
  std::vector<std::pair<std::int64_t, std::unique_ptr<ScratchBuffer>>> partials;
  for_each_image_run(g, [&](const Conv3DGeometry& c, std::int64_t in_offset, std::int64_t out_offset) {
    float* target = d_filter;
    if (in_offset != 0) {
      auto buffer = std::make_unique<ScratchBuffer>(size * sizeof(float));
      target = static_cast<float*>(buffer->data());
      std::lock_guard lock(mutex);
      partials.emplace_back(in_offset, std::move(buffer));
    }
    plan_for(c, Pass::kBackwardFilter)->run(input + in_offset, d_out + out_offset, target);
  });
  std::sort(partials.begin(), partials.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [start, buffer] : partials) {
    const float* partial = static_cast<const float*>(buffer->data());
    for (std::int64_t i = 0; i < size; ++i) d_filter[i] += partial[i];
  }
}

}  // namespace tf::kernels
