// float32 pooling on oneDNN, with primitives cached per geometry (Note [oneDNN plan cache]).
#include <unordered_map>

#include "kernels/cpu/onednn_plan.h"
#include "kernels/cpu/pool.h"

namespace tf::kernels {
namespace {

using dnnl::memory;
using Dims = memory::dims;

enum class Pass : std::int64_t { kMaxForward, kAvgForward, kAvgBackward, kMaxBackward };

struct PoolKey {
  PoolGeometry g;
  Pass pass;
  bool operator==(const PoolKey&) const = default;
};
struct PoolKeyHash {
  std::size_t operator()(const PoolKey& k) const {
    return hash_words(&k.g.n, sizeof(PoolGeometry) / sizeof(std::int64_t)) * 31 + static_cast<std::size_t>(k.pass);
  }
};

// Forward and (for max pooling's gradient) backward primitives of one geometry. Max pooling's
// gradient reruns the forward pass in training mode to get the argmax workspace.
struct PoolPlan {
  memory::desc src, dst, workspace;
  dnnl::primitive forward, backward;
};

memory::desc image_desc(const PoolGeometry& g, std::int64_t h, std::int64_t w) {
  const Dims strides = g.nchw ? Dims{g.c * h * w, h * w, w, 1} : Dims{h * w * g.c, 1, w * g.c, g.c};
  return memory::desc({g.n, g.c, h, w}, memory::data_type::f32, strides);
}

PoolPlan build(const PoolKey& key) {
  const PoolGeometry& g = key.g;
  const dnnl::engine& eng = onednn_engine();
  PoolPlan plan{image_desc(g, g.ih, g.iw), image_desc(g, g.oh, g.ow), {}, {}, {}};
  const Dims strides{g.sh, g.sw}, kernel{g.kh, g.kw}, pad_l{g.pt, g.pl}, pad_r{g.pb, g.pr};
  const bool max = key.pass == Pass::kMaxForward || key.pass == Pass::kMaxBackward;
  const auto alg = max ? dnnl::algorithm::pooling_max : dnnl::algorithm::pooling_avg_exclude_padding;
  const bool forward_only = key.pass == Pass::kMaxForward || key.pass == Pass::kAvgForward;
  const dnnl::pooling_forward::primitive_desc fwd(
      dnnl::pooling_forward::desc(forward_only ? dnnl::prop_kind::forward_inference : dnnl::prop_kind::forward_training,
                                  alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r),
      eng);
  if (key.pass != Pass::kAvgBackward) plan.forward = dnnl::pooling_forward(fwd);
  if (!forward_only) {
    const dnnl::pooling_backward::primitive_desc bwd(
        dnnl::pooling_backward::desc(alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r), eng, fwd);
    plan.backward = dnnl::pooling_backward(bwd);
    if (max) plan.workspace = fwd.workspace_desc();
  }
  return plan;
}

std::shared_ptr<const PoolPlan> plan_for(const PoolGeometry& g, Pass pass) {
  static PlanCache<PoolKey, PoolKeyHash, PoolPlan> cache;
  return cache.get(PoolKey{g, pass}, build);
}

dnnl::memory mem(const memory::desc& d, const void* p) { return dnnl::memory(d, onednn_engine(), const_cast<void*>(p)); }

}  // namespace

void pool2d_forward(PoolKind kind, const PoolGeometry& g, const float* input, float* out) {
  auto plan = plan_for(g, kind == PoolKind::kMax ? Pass::kMaxForward : Pass::kAvgForward);
  dnnl::stream& stream = onednn_stream();
  plan->forward.execute(stream, {{DNNL_ARG_SRC, mem(plan->src, input)}, {DNNL_ARG_DST, mem(plan->dst, out)}});
  stream.wait();
}

void avg_pool2d_backward(const PoolGeometry& g, const float* d_out, float* d_input) {
  auto plan = plan_for(g, Pass::kAvgBackward);
  dnnl::stream& stream = onednn_stream();
  plan->backward.execute(stream, {{DNNL_ARG_DIFF_DST, mem(plan->dst, d_out)}, {DNNL_ARG_DIFF_SRC, mem(plan->src, d_input)}});
  stream.wait();
}

void max_pool2d_backward(const PoolGeometry& g, const float* input, const float* d_out, float* d_input) {
  auto plan = plan_for(g, Pass::kMaxBackward);
  dnnl::stream& stream = onednn_stream();
  ScratchBuffer out(plan->dst.get_size()), workspace(plan->workspace.get_size());
  const dnnl::memory ws = mem(plan->workspace, workspace.data());
  plan->forward.execute(stream, {{DNNL_ARG_SRC, mem(plan->src, input)}, {DNNL_ARG_DST, mem(plan->dst, out.data())},
                                 {DNNL_ARG_WORKSPACE, ws}});
  plan->backward.execute(stream, {{DNNL_ARG_DIFF_DST, mem(plan->dst, d_out)}, {DNNL_ARG_DIFF_SRC, mem(plan->src, d_input)},
                                  {DNNL_ARG_WORKSPACE, ws}});
  stream.wait();
}

}  // namespace tf::kernels
