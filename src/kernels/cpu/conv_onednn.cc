// float32 convolutions on oneDNN: the primitive picks its preferred (blocked) layouts and the
// plan reorders the caller's NHWC/NCHW images and HWIO filters in and out.
// See Note [oneDNN plan cache] in onednn_plan.h.
//
// Note [Splitting convolutions]: oneDNN runs on one thread per calling thread, so tfpp splits
// each convolution into chunks run by parallel_for, each one oneDNN call with a plan built for
// the chunk's sizes. A batch splits into runs of whole images (contiguous in NHWC and NCHW).
// A single image splits into bands of rows: a band of output rows reads the input rows its
// windows cover, with the image's padding at its top and bottom only where the image really
// ends; descriptors keep the whole image's row pitch, so an NCHW band is a strided view. The
// gradient with respect to the input splits the input rows instead (each band written by one
// call), which keeps its padding non-negative when the windows cover every input row (stride at
// most the window, the last window reaching the last row); otherwise one image is one call.
// The filter gradient sums over images and rows: each chunk writes its own partial sum.
//
// Note [Input gradient as a forward convolution]: with stride 1, the input's gradient is a
// forward convolution of the upstream gradient with the filter flipped in both spatial axes and
// its channel axes swapped, each side padded by what the forward padding leaves of the window
// (window - 1 - padding). Debian's oneDNN 2.6 runs forward convolutions on brgemm kernels and
// backward-data ones on older JIT kernels: single-threaded, the ResNet stage-2 gradient
// ([16,28,28,64], 3x3x64x64 filters, SAME) took 6.4 ms this way against 10.8 ms (NCHW 9.2 against
// 12.8, dilation 2 8.2 against 12.0). With 16 or fewer input channels (the forward form's output
// channels) the backward kernel measured 3-7 % faster, so those, strided convolutions, depthwise
// filters and paddings deeper than the window keep it.
#include "kernels/cpu/conv.h"

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <string_view>
#include <vector>

#include "kernels/cpu/onednn_plan.h"
#include "kernels/cpu/parallel.h"

namespace tf::kernels {
namespace {

using dnnl::memory;
using Dims = memory::dims;

enum class ConvKind : std::int64_t { kForward, kBackwardInput, kBackwardFilter };

// One chunk of a convolution (Note [Splitting convolutions]): its sizes, the heights of the
// whole images it views (their row pitch), and where it starts in the caller's buffers.
struct ConvChunk {
  ConvGeometry g;
  std::int64_t ih_pitch, oh_pitch;
  std::int64_t in_offset = 0, out_offset = 0;  ///< elements
};

struct ConvKey {
  ConvGeometry g;
  std::int64_t ih_pitch, oh_pitch;
  ConvKind kind;
  bool operator==(const ConvKey&) const = default;
};
struct ConvKeyHash {
  std::size_t operator()(const ConvKey& k) const {
    constexpr std::size_t kSizes = offsetof(ConvGeometry, nchw) / sizeof(std::int64_t);  // the int64 fields
    const std::size_t h = hash_words(&k.g.n, kSizes) ^ hash_words(&k.ih_pitch, 2) * 7;
    return h * 31 + static_cast<std::size_t>(k.kind) * 2 + k.g.nchw;
  }
};

// The caller's layout of n images with c channels and h x w pixels, rows `pitch` apart in height.
memory::desc image_desc(const ConvGeometry& g, std::int64_t c, std::int64_t h, std::int64_t w, std::int64_t pitch) {
  const Dims strides = g.nchw ? Dims{c * pitch * w, pitch * w, w, 1} : Dims{pitch * w * c, 1, w * c, c};
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

// Note [Backward convolutions on NHWC]: asked for `any` layout, oneDNN 2.x's backward primitives
// pick blocked images (nChw16c), so every call reorders the upstream gradient and the input in
// and the input's gradient out: a sixth of a ResNet-sized convolution's gradients. Their JIT
// kernels also run on NHWC directly, so NHWC images stay in the caller's layout, unless oneDNN
// would then fall back to a reference kernel. (NCHW keeps `any`: its JIT kernels want blocks.)
template <class MakePd>
auto on_caller_images(const ConvGeometry& g, const memory::desc& src, const memory::desc& dst, MakePd make_pd) {
  if (!g.nchw && g.groups == 1) {
    auto pd = make_pd(src, dst);
    if (std::string_view(pd.impl_info_str()).substr(0, 4) != "ref:") return pd;
  }
  return make_pd(any_like(src), any_like(dst));
}

OnednnPlan build(const ConvKey& key) {
  const ConvGeometry& g = key.g;
  const dnnl::engine& eng = onednn_engine();
  const memory::desc src = image_desc(g, g.ic, g.ih, g.iw, key.ih_pitch);
  const memory::desc dst = image_desc(g, g.oc, g.oh, g.ow, key.oh_pitch);
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
      const auto pd = on_caller_images(g, src, dst, [&](const memory::desc& s, const memory::desc& d) {
        return dnnl::convolution_backward_data::primitive_desc(
            dnnl::convolution_backward_data::desc(dnnl::algorithm::convolution_direct, s, any_like(weights), d,
                                                  strides, dilates, pad_l, pad_r),
            onednn_user_scratchpad(), eng, fwd);
      });
      plan.primitive = dnnl::convolution_backward_data(pd);
      plan.scratchpad = pd.scratchpad_desc();
      plan.set_operand(0, DNNL_ARG_WEIGHTS, weights, pd.weights_desc());
      plan.set_operand(1, DNNL_ARG_DIFF_DST, dst, pd.diff_dst_desc());
      plan.set_operand(2, DNNL_ARG_DIFF_SRC, src, pd.diff_src_desc());
      break;
    }
    case ConvKind::kBackwardFilter: {
      const auto pd = on_caller_images(g, src, dst, [&](const memory::desc& s, const memory::desc& d) {
        return dnnl::convolution_backward_weights::primitive_desc(
            dnnl::convolution_backward_weights::desc(dnnl::algorithm::convolution_direct, s, any_like(weights), d,
                                                     strides, dilates, pad_l, pad_r),
            onednn_user_scratchpad(), eng, fwd);
      });
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

std::shared_ptr<const OnednnPlan> plan_for(const ConvChunk& c, ConvKind kind) {
  static PlanCache<ConvKey, ConvKeyHash> cache;
  return cache.get(ConvKey{c.g, c.ih_pitch, c.oh_pitch, kind}, build);
}

// Multiply-adds of one image, over kMacsPerUnit: parallel_for's cost per image. One thread of
// oneDNN does about 35G multiply-adds a second, about ten times an elementwise add's rate; two
// images of 3x3x8 filters over 20x20x16 outputs (0.9M multiply-adds, 26 us) then take two threads.
constexpr std::int64_t kMacsPerUnit = 8;
std::int64_t image_cost(const ConvGeometry& g) {
  return g.oh * g.ow * g.oc * g.kh * g.kw * (g.ic / g.groups) / kMacsPerUnit + 1;
}

// Images [begin, end).
ConvChunk images(const ConvGeometry& g, std::int64_t begin, std::int64_t end) {
  ConvChunk c{g, g.ih, g.oh};
  c.g.n = end - begin;
  c.in_offset = begin * g.ih * g.iw * g.ic;
  c.out_offset = begin * g.oh * g.ow * g.oc;
  return c;
}

// Input rows [a, b) against output rows [o0, o1) of a single image, padded so that band output
// row 0's window starts where output row o0's does.
ConvChunk band(const ConvGeometry& g, std::int64_t a, std::int64_t b, std::int64_t o0, std::int64_t o1) {
  // NHWC rows are contiguous: a band of one image is a dense image (which oneDNN's fast
  // reorders want); NCHW channel planes keep the whole image's pitch.
  ConvChunk c{g, g.nchw ? g.ih : b - a, g.nchw ? g.oh : o1 - o0};
  c.g.ih = b - a;
  c.g.oh = o1 - o0;
  c.g.pt = g.pt + a - o0 * g.sh;
  c.g.pb = (o1 - o0 - 1) * g.sh + (g.kh - 1) * g.dh + 1 - c.g.ih - c.g.pt;
  c.in_offset = a * g.iw * (g.nchw ? 1 : g.ic);
  c.out_offset = o0 * g.ow * (g.nchw ? 1 : g.oc);
  return c;
}

// Whether every band of a single image has a non-empty input: no window lies wholly in padding.
bool bands_fit(const ConvGeometry& g) {
  const std::int64_t window = (g.kh - 1) * g.dh + 1;
  return g.n == 1 && g.pt < window && g.pb < window;
}

// Output rows [o0, o1) of a single image, reading the input rows their windows cover.
ConvChunk output_band(const ConvGeometry& g, std::int64_t o0, std::int64_t o1) {
  if (o0 == 0 && o1 == g.oh) return images(g, 0, 1);  // the unsplit plan (which may also hold unread rows)
  const std::int64_t first = o0 * g.sh - g.pt, last = (o1 - 1) * g.sh - g.pt + (g.kh - 1) * g.dh + 1;
  return band(g, std::max<std::int64_t>(first, 0), std::min(last, g.ih), o0, o1);
}

// Whether the windows of a single image cover every input row, so that each band of input rows
// starts and ends inside its first and last window (non-negative padding).
bool input_bands_fit(const ConvGeometry& g) {
  const std::int64_t window = (g.kh - 1) * g.dh + 1;
  return bands_fit(g) && g.sh <= window && (g.oh - 1) * g.sh - g.pt + window >= g.ih;
}

// Input rows [a, b) of a single image, against the output rows whose windows reach into them.
ConvChunk input_band(const ConvGeometry& g, std::int64_t a, std::int64_t b) {
  if (a == 0 && b == g.ih) return images(g, 0, 1);
  const std::int64_t window = (g.kh - 1) * g.dh + 1, before = a + g.pt - window;  // window end <= a: not reaching
  const std::int64_t o0 = before < 0 ? 0 : before / g.sh + 1, o1 = std::min((b - 1 + g.pt) / g.sh + 1, g.oh);
  return band(g, a, b, o0, o1);
}

// Calls run(chunk) on the chunks of images, or of output rows of a single image.
template <class Run>
void for_each_output_chunk(const ConvGeometry& g, Run&& run) {
  if (!bands_fit(g)) {
    parallel_for(g.n, image_cost(g), [&](std::int64_t begin, std::int64_t end) { run(images(g, begin, end)); });
    return;
  }
  parallel_for(g.oh, image_cost(g) / g.oh + 1,
               [&](std::int64_t begin, std::int64_t end) { run(output_band(g, begin, end)); });
}

// Whether the input gradient runs as a forward convolution (Note [Input gradient as a forward convolution]):
// stride 1, windows fitting the padded image exactly, more input channels than the backward kernel wins at.
constexpr std::int64_t kMaxChannelsForBackwardKernel = 16;
bool input_gradient_as_forward(const ConvGeometry& g) {
  const std::int64_t reach_h = (g.kh - 1) * g.dh, reach_w = (g.kw - 1) * g.dw;
  return g.sh == 1 && g.sw == 1 && g.groups == 1 && g.ic > kMaxChannelsForBackwardKernel &&
         std::max(g.pt, g.pb) <= reach_h && std::max(g.pl, g.pr) <= reach_w && g.ih + g.pt + g.pb == g.oh + reach_h &&
         g.iw + g.pl + g.pr == g.ow + reach_w;
}

// The forward convolution that maps the upstream gradient to the input's gradient.
ConvGeometry input_gradient_geometry(const ConvGeometry& g) {
  const std::int64_t reach_h = (g.kh - 1) * g.dh, reach_w = (g.kw - 1) * g.dw;
  return ConvGeometry{.n = g.n, .ih = g.oh, .iw = g.ow, .ic = g.oc, .kh = g.kh, .kw = g.kw, .oc = g.ic,
                      .oh = g.ih, .ow = g.iw, .sh = 1, .sw = 1, .dh = g.dh, .dw = g.dw,
                      .pt = reach_h - g.pt, .pb = reach_h - g.pb, .pl = reach_w - g.pl, .pr = reach_w - g.pr,
                      .groups = 1, .nchw = g.nchw};
}

// The HWIO filter turned around in space, with its input and output channels swapped.
void flip_filter(const ConvGeometry& g, const float* filter, float* flipped) {
  for (std::int64_t a = 0; a < g.kh; ++a)
    for (std::int64_t b = 0; b < g.kw; ++b) {
      const float* tap = filter + ((g.kh - 1 - a) * g.kw + (g.kw - 1 - b)) * g.ic * g.oc;
      float* out = flipped + (a * g.kw + b) * g.oc * g.ic;
      for (std::int64_t o = 0; o < g.oc; ++o)
        for (std::int64_t i = 0; i < g.ic; ++i) out[o * g.ic + i] = tap[i * g.oc + o];
    }
}

}  // namespace

void conv2d_forward(const ConvGeometry& g, const float* input, const float* filter, float* out) {
  for_each_output_chunk(g, [&](const ConvChunk& c) {
    plan_for(c, ConvKind::kForward)->run(input + c.in_offset, filter, out + c.out_offset);
  });
}

void conv2d_backward_input(const ConvGeometry& g, const float* filter, const float* d_out, float* d_input) {
  if (input_gradient_as_forward(g)) {
    ScratchBuffer flipped(g.kh * g.kw * g.ic * g.oc * sizeof(float));
    flip_filter(g, filter, static_cast<float*>(flipped.data()));
    conv2d_forward(input_gradient_geometry(g), d_out, static_cast<const float*>(flipped.data()), d_input);
    return;
  }
  const auto run = [&](const ConvChunk& c) {
    plan_for(c, ConvKind::kBackwardInput)->run(filter, d_out + c.out_offset, d_input + c.in_offset);
  };
  if (!input_bands_fit(g)) {
    parallel_for(g.n, image_cost(g), [&](std::int64_t begin, std::int64_t end) { run(images(g, begin, end)); });
    return;
  }
  parallel_for(g.ih, image_cost(g) / g.ih + 1,
               [&](std::int64_t begin, std::int64_t end) { run(input_band(g, begin, end)); });
}

void conv2d_backward_filter(const ConvGeometry& g, const float* input, const float* d_out, float* d_filter) {
  // The chunk starting at 0 writes d_filter; the others their own buffers, added in chunk order
  // afterwards so that the sum does not depend on which thread finishes first.
  const std::int64_t size = g.kh * g.kw * g.ic * g.oc / g.groups;
  std::mutex mutex;
  std::vector<std::pair<std::int64_t, std::unique_ptr<ScratchBuffer>>> partials;
  for_each_output_chunk(g, [&](const ConvChunk& c) {
    const std::int64_t start = c.in_offset + c.out_offset;  // orders the chunks: both grow with the chunk's start
    float* target = d_filter;
    if (start != 0) {
      auto buffer = std::make_unique<ScratchBuffer>(size * sizeof(float));
      target = static_cast<float*>(buffer->data());
      std::lock_guard lock(mutex);
      partials.emplace_back(start, std::move(buffer));
    }
    plan_for(c, ConvKind::kBackwardFilter)->run(input + c.in_offset, d_out + c.out_offset, target);
  });
  std::sort(partials.begin(), partials.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [start, buffer] : partials) {
    const float* partial = static_cast<const float*>(buffer->data());
    for (std::int64_t i = 0; i < size; ++i) d_filter[i] += partial[i];
  }
}

}  // namespace tf::kernels
