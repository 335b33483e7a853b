// float32 3-D pooling on oneDNN, with primitives cached per geometry (Note [oneDNN plan cache])
// and run with the calling thread's scratchpad (Note [oneDNN scratchpads]); a batch splits into
// runs of whole images, one oneDNN call each, on the caller's own layout (pooling is
// memory-bound, so no blocked reorders).
#include <span>

#include "kernels/cpu/onednn_plan.h"
#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool3d.h"

namespace tf::kernels {
namespace {

using dnnl::memory;
using Dims = memory::dims;

enum class Pass : std::int64_t { kMaxForward, kAvgForward, kAvgBackward };

struct Pool3DKey {
  Pool3DGeometry g;
  Pass pass;
  bool operator==(const Pool3DKey&) const = default;
};
struct Pool3DKeyHash {
  std::size_t operator()(const Pool3DKey& k) const {
    return hash_words(&k.g.n, sizeof(Pool3DGeometry) / sizeof(std::int64_t)) * 31 + static_cast<std::size_t>(k.pass);
  }
};

// One primitive (forward or backward) with its source, destination and scratchpad layouts.
struct Pool3DPlan {
  memory::desc src, dst, scratchpad;
  dnnl::primitive primitive;
};

std::int64_t volume(const std::array<std::int64_t, 3>& s) { return s[0] * s[1] * s[2]; }

memory::desc volume_desc(const Pool3DGeometry& g, const std::array<std::int64_t, 3>& s) {
  const std::int64_t plane = s[1] * s[2], v = s[0] * plane;
  const Dims strides = g.ncdhw ? Dims{g.c * v, v, plane, s[2], 1} : Dims{v * g.c, 1, plane * g.c, s[2] * g.c, g.c};
  return memory::desc({g.n, g.c, s[0], s[1], s[2]}, memory::data_type::f32, strides);
}

Pool3DPlan build(const Pool3DKey& key) {
  const Pool3DGeometry& g = key.g;
  const dnnl::engine& eng = onednn_engine();
  Pool3DPlan plan{volume_desc(g, g.in), volume_desc(g, g.out), {}, {}};
  const auto dims = [](const std::array<std::int64_t, 3>& a) { return Dims{a[0], a[1], a[2]}; };
  const Dims strides = dims(g.stride), kernel = dims(g.window), pad_l = dims(g.pad_before), pad_r = dims(g.pad_after);
  const auto alg = key.pass == Pass::kMaxForward ? dnnl::algorithm::pooling_max : dnnl::algorithm::pooling_avg_exclude_padding;
  const auto prop = key.pass == Pass::kAvgBackward ? dnnl::prop_kind::forward_training : dnnl::prop_kind::forward_inference;
  const dnnl::pooling_forward::primitive_desc fwd(
      dnnl::pooling_forward::desc(prop, alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r), onednn_user_scratchpad(), eng);
  if (key.pass != Pass::kAvgBackward) {
    plan.primitive = dnnl::pooling_forward(fwd);
    plan.scratchpad = fwd.scratchpad_desc();
    return plan;
  }
  const dnnl::pooling_backward::primitive_desc bwd(
      dnnl::pooling_backward::desc(alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r), onednn_user_scratchpad(), eng, fwd);
  plan.primitive = dnnl::pooling_backward(bwd);
  plan.scratchpad = bwd.scratchpad_desc();
  return plan;
}

// Runs the plan of `pass` on runs of images: `from` (per image `from_size` elements) to `to`.
void run_images(const Pool3DGeometry& g, Pass pass, const float* from, std::int64_t from_size, float* to,
                std::int64_t to_size) {
  static PlanCache<Pool3DKey, Pool3DKeyHash, Pool3DPlan> cache;
  parallel_for(g.n, volume(g.out) * g.c * volume(g.window) / 2 + 1, [&](std::int64_t begin, std::int64_t end) {
    Pool3DGeometry chunk = g;
    chunk.n = end - begin;
    const std::shared_ptr<const Pool3DPlan> plan = cache.get(Pool3DKey{chunk, pass}, build);
    const bool backward = pass == Pass::kAvgBackward;
    static constexpr int kForwardArgs[] = {DNNL_ARG_SRC, DNNL_ARG_DST, DNNL_ARG_SCRATCHPAD};
    static constexpr int kBackwardArgs[] = {DNNL_ARG_DIFF_DST, DNNL_ARG_DIFF_SRC, DNNL_ARG_SCRATCHPAD};
    const memory::desc descs[] = {backward ? plan->dst : plan->src, backward ? plan->src : plan->dst, plan->scratchpad};
    void* const data[] = {const_cast<float*>(from + begin * from_size), to + begin * to_size};
    const std::span<const int> args = backward ? std::span<const int>(kBackwardArgs) : std::span<const int>(kForwardArgs);
    onednn_execute(std::shared_ptr<const void>(plan, &plan->primitive), plan->primitive, args, descs, data);
  });
}

}  // namespace

void pool3d_forward(Pool3DKind kind, const Pool3DGeometry& g, const float* input, float* out) {
  run_images(g, kind == Pool3DKind::kMax ? Pass::kMaxForward : Pass::kAvgForward, input, volume(g.in) * g.c, out,
             volume(g.out) * g.c);
}

void avg_pool3d_backward(const Pool3DGeometry& g, const float* d_out, float* d_input) {
  run_images(g, Pass::kAvgBackward, d_out, volume(g.out) * g.c, d_input, volume(g.in) * g.c);
}

}  // namespace tf::kernels
