// float32 pooling on oneDNN, with primitives cached per geometry (Note [oneDNN plan cache]) and
// run with the calling thread's scratchpad (Note [oneDNN scratchpads]).

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
  memory::desc src, dst, workspace, forward_scratchpad, backward_scratchpad;
  dnnl::primitive forward, backward;
};

memory::desc image_desc(const PoolGeometry& g, std::int64_t h, std::int64_t w) {
  const Dims strides = g.nchw ? Dims{g.c * h * w, h * w, w, 1} : Dims{h * w * g.c, 1, w * g.c, g.c};
  return memory::desc({g.n, g.c, h, w}, memory::data_type::f32, strides);
}

PoolPlan build(const PoolKey& key) {
  const PoolGeometry& g = key.g;
  const dnnl::engine& eng = onednn_engine();
  PoolPlan plan{image_desc(g, g.ih, g.iw), image_desc(g, g.oh, g.ow), {}, {}, {}, {}, {}};
  const Dims strides{g.sh, g.sw}, kernel{g.kh, g.kw}, pad_l{g.pt, g.pl}, pad_r{g.pb, g.pr};
  const bool max = key.pass == Pass::kMaxForward || key.pass == Pass::kMaxBackward;
  const auto alg = max ? dnnl::algorithm::pooling_max : dnnl::algorithm::pooling_avg_exclude_padding;
  const bool forward_only = key.pass == Pass::kMaxForward || key.pass == Pass::kAvgForward;
  const dnnl::pooling_forward::primitive_desc fwd(
      dnnl::pooling_forward::desc(forward_only ? dnnl::prop_kind::forward_inference : dnnl::prop_kind::forward_training,
                                  alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r),
      onednn_user_scratchpad(), eng);
  if (key.pass != Pass::kAvgBackward) {
    plan.forward = dnnl::pooling_forward(fwd);
    plan.forward_scratchpad = fwd.scratchpad_desc();
  }
  if (!forward_only) {
    const dnnl::pooling_backward::primitive_desc bwd(
        dnnl::pooling_backward::desc(alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r), onednn_user_scratchpad(),
        eng, fwd);
    plan.backward = dnnl::pooling_backward(bwd);
    plan.backward_scratchpad = bwd.scratchpad_desc();
    if (max) plan.workspace = fwd.workspace_desc();
  }
  return plan;
}

std::shared_ptr<const PoolPlan> plan_for(const PoolGeometry& g, Pass pass) {
  static PlanCache<PoolKey, PoolKeyHash, PoolPlan> cache;
  return cache.get(PoolKey{g, pass}, build);
}

// Each primitive of a plan is its own owner for onednn_execute's per-thread bindings: an
// aliasing pointer that keeps the plan alive.
std::shared_ptr<const void> forward_owner(const std::shared_ptr<const PoolPlan>& plan) { return {plan, &plan->forward}; }
std::shared_ptr<const void> backward_owner(const std::shared_ptr<const PoolPlan>& plan) { return {plan, &plan->backward}; }

}  // namespace

void pool2d_forward(PoolKind kind, const PoolGeometry& g, const float* input, float* out) {
  const auto plan = plan_for(g, kind == PoolKind::kMax ? Pass::kMaxForward : Pass::kAvgForward);
  static constexpr int kArgs[] = {DNNL_ARG_SRC, DNNL_ARG_DST, DNNL_ARG_SCRATCHPAD};
  const memory::desc descs[] = {plan->src, plan->dst, plan->forward_scratchpad};
  void* const data[] = {const_cast<float*>(input), out};
  onednn_execute(forward_owner(plan), plan->forward, kArgs, descs, data);
}

void avg_pool2d_backward(const PoolGeometry& g, const float* d_out, float* d_input) {
  const auto plan = plan_for(g, Pass::kAvgBackward);
  static constexpr int kArgs[] = {DNNL_ARG_DIFF_DST, DNNL_ARG_DIFF_SRC, DNNL_ARG_SCRATCHPAD};
  const memory::desc descs[] = {plan->dst, plan->src, plan->backward_scratchpad};
  void* const data[] = {const_cast<float*>(d_out), d_input};
  onednn_execute(backward_owner(plan), plan->backward, kArgs, descs, data);
}

void max_pool2d_backward(const PoolGeometry& g, const float* input, const float* d_out, float* d_input) {
  const auto plan = plan_for(g, Pass::kMaxBackward);
  ScratchBuffer out(plan->dst.get_size()), workspace(plan->workspace.get_size());
  static constexpr int kForwardArgs[] = {DNNL_ARG_SRC, DNNL_ARG_DST, DNNL_ARG_WORKSPACE, DNNL_ARG_SCRATCHPAD};
  const memory::desc forward_descs[] = {plan->src, plan->dst, plan->workspace, plan->forward_scratchpad};
  void* const forward_data[] = {const_cast<float*>(input), out.data(), workspace.data()};
  onednn_execute(forward_owner(plan), plan->forward, kForwardArgs, forward_descs, forward_data);
  static constexpr int kBackwardArgs[] = {DNNL_ARG_DIFF_DST, DNNL_ARG_DIFF_SRC, DNNL_ARG_WORKSPACE,
                                          DNNL_ARG_SCRATCHPAD};
  const memory::desc backward_descs[] = {plan->dst, plan->src, plan->workspace, plan->backward_scratchpad};
  void* const backward_data[] = {const_cast<float*>(d_out), d_input, workspace.data()};
  onednn_execute(backward_owner(plan), plan->backward, kBackwardArgs, backward_descs, backward_data);
}

}  // namespace tf::kernels
