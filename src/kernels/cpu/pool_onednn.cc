// float32 pooling on oneDNN (but forward passes over NHWC images with 4 channels or more, which
// run on pool_nhwc.cc's loops), with primitives cached per geometry (Note [oneDNN plan cache]) and
// run with the calling thread's scratchpad (Note [oneDNN scratchpads]). Calls split like
// convolutions (Note [Splitting convolutions], conv_onednn.cc): a batch into runs of images; a
// single image into runs of channels in NCHW, and into bands of output rows forward in NHWC.
// Backward bands of rows would cut windows (changing averages' divisors) and a run
// of NHWC channels is a strided view oneDNN's fast pooling kernels reject, so a single NHWC
// image's gradient is one call.

#include <algorithm>

#include "kernels/cpu/onednn_plan.h"
#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool.h"

namespace tf::kernels {
namespace {

using dnnl::memory;
using Dims = memory::dims;

enum class Pass : std::int64_t { kMaxForward, kAvgForward, kAvgBackward };

// One chunk of a pooling call: its sizes (every chunk is a dense run of images or channels, or
// a band of NHWC rows, which is a dense image) and where it starts in the caller's buffers.
struct PoolChunk {
  PoolGeometry g;
  std::int64_t in_offset = 0, out_offset = 0;  ///< elements
};

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

// Forward or backward primitive of one geometry.
struct PoolPlan {
  memory::desc src, dst, forward_scratchpad, backward_scratchpad;
  dnnl::primitive forward, backward;
};

memory::desc image_desc(const PoolGeometry& g, std::int64_t h, std::int64_t w) {
  const Dims strides = g.nchw ? Dims{g.c * h * w, h * w, w, 1} : Dims{h * w * g.c, 1, w * g.c, g.c};
  return memory::desc({g.n, g.c, h, w}, memory::data_type::f32, strides);
}

PoolPlan build(const PoolKey& key) {
  const PoolGeometry& g = key.g;
  const dnnl::engine& eng = onednn_engine();
  PoolPlan plan{image_desc(g, g.ih, g.iw), image_desc(g, g.oh, g.ow), {}, {}, {}, {}};
  const Dims strides{g.sh, g.sw}, kernel{g.kh, g.kw}, pad_l{g.pt, g.pl}, pad_r{g.pb, g.pr};
  const auto alg = key.pass == Pass::kMaxForward ? dnnl::algorithm::pooling_max : dnnl::algorithm::pooling_avg_exclude_padding;
  const dnnl::pooling_forward::primitive_desc fwd(
      dnnl::pooling_forward::desc(key.pass == Pass::kAvgBackward ? dnnl::prop_kind::forward_training
                                                                 : dnnl::prop_kind::forward_inference,
                                  alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r),
      onednn_user_scratchpad(), eng);
  if (key.pass != Pass::kAvgBackward) {
    plan.forward = dnnl::pooling_forward(fwd);
    plan.forward_scratchpad = fwd.scratchpad_desc();
    return plan;
  }
  const dnnl::pooling_backward::primitive_desc bwd(
      dnnl::pooling_backward::desc(alg, plan.src, plan.dst, strides, kernel, pad_l, pad_r), onednn_user_scratchpad(), eng,
      fwd);
  plan.backward = dnnl::pooling_backward(bwd);
  plan.backward_scratchpad = bwd.scratchpad_desc();
  return plan;
}

std::shared_ptr<const PoolPlan> plan_for(const PoolChunk& c, Pass pass) {
  static PlanCache<PoolKey, PoolKeyHash, PoolPlan> cache;
  return cache.get(PoolKey{c.g, pass}, build);
}

// Window elements one channel of an image reads, over 2 (a vectorized max or add reads them
// about twice as fast as an elementwise add): parallel_for's cost per channel.
std::int64_t channel_cost(const PoolGeometry& g) { return g.oh * g.ow * g.kh * g.kw / 2 + 1; }

// Images [begin, end).
PoolChunk images(const PoolGeometry& g, std::int64_t begin, std::int64_t end) {
  PoolChunk c{g};
  c.g.n = end - begin;
  c.in_offset = begin * g.c * g.ih * g.iw;
  c.out_offset = begin * g.c * g.oh * g.ow;
  return c;
}

// Output rows [o0, o1) of a single NHWC image, reading the input rows their windows cover; padding
// stays only where the image really ends, so averages keep their divisors.
PoolChunk output_band(const PoolGeometry& g, std::int64_t o0, std::int64_t o1) {
  if (o0 == 0 && o1 == g.oh) return images(g, 0, 1);
  const std::int64_t first = o0 * g.sh - g.pt, last = (o1 - 1) * g.sh - g.pt + g.kh;
  const std::int64_t a = std::max<std::int64_t>(first, 0), b = std::min(last, g.ih);
  PoolChunk c{g};
  c.g.ih = b - a;
  c.g.oh = o1 - o0;
  c.g.pt = a - first;
  c.g.pb = last - b;
  c.in_offset = a * g.iw * g.c;
  c.out_offset = o0 * g.ow * g.c;
  return c;
}

// Channels [begin, end) of a single NCHW image: a contiguous run of planes.
PoolChunk channels(const PoolGeometry& g, std::int64_t begin, std::int64_t end) {
  PoolChunk c{g};
  c.g.c = end - begin;
  c.in_offset = begin * g.ih * g.iw;
  c.out_offset = begin * g.oh * g.ow;
  return c;
}

// Calls run(chunk) on runs of images; a single image splits into runs of NCHW channels, or
// into bands of NHWC output rows when `rows` (and no window lies wholly in padding). An NCHW
// band would be a strided view, which oneDNN pools with its slow reference kernel.
template <class Run>
void for_each_chunk(const PoolGeometry& g, bool rows, Run&& run) {
  if (g.n == 1 && !g.nchw && rows && g.pt < g.kh && g.pb < g.kh)
    parallel_for(g.oh, channel_cost(g) * g.c / g.oh + 1,
                 [&](std::int64_t begin, std::int64_t end) { run(output_band(g, begin, end)); });
  else if (g.n == 1 && g.nchw)
    parallel_for(g.c, channel_cost(g), [&](std::int64_t begin, std::int64_t end) { run(channels(g, begin, end)); });
  else
    parallel_for(g.n, channel_cost(g) * g.c, [&](std::int64_t begin, std::int64_t end) { run(images(g, begin, end)); });
}

// Each primitive of a plan is its own owner for onednn_execute's per-thread bindings: an
// aliasing pointer that keeps the plan alive.
std::shared_ptr<const void> forward_owner(const std::shared_ptr<const PoolPlan>& plan) { return {plan, &plan->forward}; }
std::shared_ptr<const void> backward_owner(const std::shared_ptr<const PoolPlan>& plan) { return {plan, &plan->backward}; }

}  // namespace

void pool2d_forward(PoolKind kind, const PoolGeometry& g, const float* input, float* out) {
  if (nhwc_forward_vectorizes(g, sizeof(float))) return pool2d_forward_nhwc(kind, g, input, out);
  for_each_chunk(g, true, [&](const PoolChunk& c) {
    const auto plan = plan_for(c, kind == PoolKind::kMax ? Pass::kMaxForward : Pass::kAvgForward);
    static constexpr int kArgs[] = {DNNL_ARG_SRC, DNNL_ARG_DST, DNNL_ARG_SCRATCHPAD};
    const memory::desc descs[] = {plan->src, plan->dst, plan->forward_scratchpad};
    void* const data[] = {const_cast<float*>(input + c.in_offset), out + c.out_offset};
    onednn_execute(forward_owner(plan), plan->forward, kArgs, descs, data);
  });
}

void avg_pool2d_backward(const PoolGeometry& g, const float* d_out, float* d_input) {
  for_each_chunk(g, false, [&](const PoolChunk& c) {
    const auto plan = plan_for(c, Pass::kAvgBackward);
    static constexpr int kArgs[] = {DNNL_ARG_DIFF_DST, DNNL_ARG_DIFF_SRC, DNNL_ARG_SCRATCHPAD};
    const memory::desc descs[] = {plan->dst, plan->src, plan->backward_scratchpad};
    void* const data[] = {const_cast<float*>(d_out + c.out_offset), d_input + c.in_offset};
    onednn_execute(backward_owner(plan), plan->backward, kArgs, descs, data);
  });
}

}  // namespace tf::kernels
