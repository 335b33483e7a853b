// float32 convolutions and pooling split into per-thread oneDNN calls (Note [Splitting
// convolutions]) against the float64 direct loops: batches of 1, 3 and 5 images (bands of rows
// or runs of channels for one image), NHWC and NCHW, strides, padding, dilation and depthwise
// filters, input gradients both as forward convolutions and on oneDNN's backward kernel, with
// 1, 2 and 4 intra-op threads and from several threads at once. The sizes give each image (or
// band) enough work for parallel_for to use every thread allowed.
#include <gtest/gtest.h>

#include <thread>

#include "kernels/cpu/conv.h"
#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool.h"
#include "ops/nn/nn_test_util.h"

namespace {

using namespace tf::testing;
using tf::kernels::ConvGeometry;
using tf::kernels::PoolGeometry;
using I64 = std::int64_t;

// Sets the calling thread's intra-op thread count for a scope.
class IntraOpThreads {
 public:
  explicit IntraOpThreads(int threads) : saved_(tf::kernels::intra_op_threads()) { tf::kernels::set_intra_op_threads(threads); }
  ~IntraOpThreads() { tf::kernels::set_intra_op_threads(saved_); }

 private:
  int saved_;
};

// Output size and padding (before, after) of one dimension: SAME by TensorFlow's rule, VALID,
// or explicit `pads` when non-negative.
struct Dim {
  I64 out, before, after;
};
Dim dim(I64 in, I64 window, I64 stride, bool same, std::pair<I64, I64> pads = {-1, -1}) {
  if (pads.first >= 0) return {(in + pads.first + pads.second - window) / stride + 1, pads.first, pads.second};
  if (!same) return {(in - window) / stride + 1, 0, 0};
  const I64 out = (in + stride - 1) / stride, total = std::max<I64>((out - 1) * stride + window - in, 0);
  return {out, total / 2, total - total / 2};
}

struct ConvCase {
  I64 h, w, c, k, oc;  // oc: output channels, or the channel multiplier when depthwise
  I64 stride, dilation;
  bool same, depthwise;
  std::pair<I64, I64> pads{-1, -1};  // explicit top and bottom padding (left and right alike)
};

ConvGeometry conv_geometry(const ConvCase& k, I64 n, bool nchw) {
  const I64 window = (k.k - 1) * k.dilation + 1;
  const Dim y = dim(k.h, window, k.stride, k.same, k.pads), x = dim(k.w, window, k.stride, k.same, k.pads);
  const I64 oc = k.depthwise ? k.c * k.oc : k.oc;
  return {n, k.h, k.w, k.c, k.k, k.k, oc, y.out, x.out, k.stride, k.stride, k.dilation, k.dilation,
          y.before, y.after, x.before, x.after, k.depthwise ? k.c : 1, nchw};
}

std::vector<double> widen(const std::vector<float>& v) { return {v.begin(), v.end()}; }

// Values in [-1, 1) as float32 and the same values as float64 (so that ties in max pooling tie in both).
struct Values {
  std::vector<float> f;
  std::vector<double> d;
};
Values values(I64 n, unsigned seed) {
  const auto d = random_values(n, seed);
  std::vector<float> f(d.begin(), d.end());
  return {f, widen(f)};
}

// Checks the three float32 convolutions against the float64 loops with each intra-op thread count.
void check_conv(const ConvCase& k, I64 n, bool nchw, std::initializer_list<int> thread_counts, const std::string& where) {
  const ConvGeometry g = conv_geometry(k, n, nchw);
  const std::string what = where + " n=" + std::to_string(n) + (nchw ? " NCHW" : " NHWC") + " h=" + std::to_string(k.h) +
                           " s=" + std::to_string(k.stride) + " d=" + std::to_string(k.dilation) +
                           (k.depthwise ? " depthwise" : "");
  const Values x = values(n * k.h * k.w * k.c, 1), f = values(k.k * k.k * k.c * k.oc, 2);
  const Values dy = values(n * g.oh * g.ow * g.oc, 3);
  std::vector<double> ry(dy.d.size()), rdx(x.d.size()), rdf(f.d.size());
  tf::kernels::conv2d_forward_direct(g, x.d.data(), f.d.data(), ry.data());
  tf::kernels::conv2d_backward_input_direct(g, f.d.data(), dy.d.data(), rdx.data());
  tf::kernels::conv2d_backward_filter_direct(g, x.d.data(), dy.d.data(), rdf.data());
  for (const int threads : thread_counts) {
    IntraOpThreads scope(threads);
    const std::string with = what + " with " + std::to_string(threads) + " threads";
    std::vector<float> y(ry.size()), dx(rdx.size()), df(rdf.size());
    tf::kernels::conv2d_forward(g, x.f.data(), f.f.data(), y.data());
    expect_close(widen(y), ry, 1e-4, with + " forward");
    tf::kernels::conv2d_backward_input(g, f.f.data(), dy.f.data(), dx.data());
    expect_close(widen(dx), rdx, 1e-4, with + " backward input");
    tf::kernels::conv2d_backward_filter(g, x.f.data(), dy.f.data(), df.data());
    expect_close(widen(df), rdf, 1e-4, with + " backward filter");
  }
}

// 16x16 outputs of 3x3x32 filters: 2.4M multiply-adds an image, enough for 4 bands.
const std::vector<ConvCase> kConvCases = {
    {16, 16, 32, 3, 32, 1, 1, true, false},                 // SAME
    {18, 17, 32, 3, 32, 1, 1, false, false},                // VALID
    {33, 31, 32, 3, 32, 2, 1, true, false},                 // stride 2
    {35, 34, 32, 3, 32, 2, 1, false, false},                // stride 2 VALID, windows reaching the last row
    {36, 34, 32, 3, 32, 2, 1, false, false},                // stride 2 VALID, unread last row: one input band
    {32, 32, 64, 1, 128, 2, 1, false, false},               // 1x1 stride 2: rows between windows
    {20, 20, 32, 3, 32, 1, 2, true, false},                 // dilation
    {17, 17, 32, 4, 24, 1, 1, false, false, {2, 1}},        // explicit padding, even filter
    {16, 16, 8, 3, 32, 1, 1, false, false, {3, 3}},         // padding as deep as the window: one call per image
    // Stride 1 with more than 16 input channels: the input gradient as a forward convolution
    // (Note [Input gradient as a forward convolution]); then the cases that keep the backward kernel.
    {15, 13, 24, 3, 40, 1, 1, false, false, {2, 0}},        // odd sizes, padding on one side only, as deep as it may be
    {16, 16, 32, 1, 48, 1, 1, false, false},                // 1x1
    {17, 19, 40, 5, 24, 1, 2, true, false},                 // 5x5 dilated by 2: a window of 9
    {16, 16, 32, 3, 32, 1, 1, false, false, {3, 0}},        // padding past the window's reach: backward kernel
    {20, 20, 16, 3, 32, 1, 1, true, false},                 // 16 input channels: backward kernel
    {96, 96, 16, 3, 2, 1, 1, true, true},                   // depthwise, multiplier 2
    {97, 95, 16, 3, 1, 2, 1, true, true},                   // depthwise, stride 2
};

TEST(ConvSplit, MatchesDirectLoopsForEveryBatchLayoutAndThreadCount) {
  for (const ConvCase& k : kConvCases)
    for (const bool nchw : {false, true})
      for (const I64 n : {1, 3, 5})
        if (!nchw || n < 5) check_conv(k, n, nchw, {1, 2, 4}, "");  // NCHW's batch split is NHWC's
}

TEST(ConvSplit, FromSeveralThreadsAtOnce) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([t] {
      for (const ConvCase& k : {kConvCases[0], kConvCases[2], kConvCases[7]})
        check_conv(k, t == 0 ? 1 : 3, t == 2, {2, 2, 2}, "thread " + std::to_string(t));
    });
  for (auto& t : threads) t.join();
}

struct PoolCase {
  I64 h, w, c, k, stride;
  bool same;
};

PoolGeometry pool_geometry(const PoolCase& k, I64 n, bool nchw) {
  const Dim y = dim(k.h, k.k, k.stride, k.same), x = dim(k.w, k.k, k.stride, k.same);
  return {n, k.c, k.h, k.w, y.out, x.out, k.k, k.k, k.stride, k.stride, y.before, y.after, x.before, x.after, nchw};
}

// Checks float32 max and average pooling, forward and backward (max pooling's through its argmax), against
// the float64 loops with each intra-op thread count.
void check_pool(const PoolCase& k, I64 n, bool nchw, std::initializer_list<int> thread_counts, const std::string& where) {
  const PoolGeometry g = pool_geometry(k, n, nchw);
  const std::string what = where + " n=" + std::to_string(n) + (nchw ? " NCHW" : " NHWC") + " h=" + std::to_string(k.h) +
                           " k=" + std::to_string(k.k) + " s=" + std::to_string(k.stride);
  const Values x = values(n * k.c * k.h * k.w, 4), dy = values(n * k.c * g.oh * g.ow, 5);
  for (const auto kind : {tf::kernels::PoolKind::kMax, tf::kernels::PoolKind::kAvg}) {
    const bool max = kind == tf::kernels::PoolKind::kMax;
    std::vector<double> ry(dy.d.size()), rdx(x.d.size());
    tf::kernels::pool2d_forward_direct(kind, g, x.d.data(), ry.data());
    if (max) {
      IntraOpThreads one(1);
      std::vector<double> values(ry.size());
      std::vector<std::int32_t> argmax(ry.size());
      tf::kernels::max_pool2d_with_argmax(g, x.d.data(), values.data(), argmax.data());
      expect_close(values, ry, 0, what + " max with argmax forward");
      tf::kernels::max_pool2d_backward_with_argmax(g, argmax.data(), dy.d.data(), rdx.data());
    } else {
      tf::kernels::avg_pool2d_backward_direct(g, dy.d.data(), rdx.data());
    }
    for (const int threads : thread_counts) {
      IntraOpThreads scope(threads);
      const std::string with = what + (max ? " max" : " avg") + " with " + std::to_string(threads) + " threads";
      std::vector<float> y(ry.size()), dx(rdx.size());
      tf::kernels::pool2d_forward(kind, g, x.f.data(), y.data());
      expect_close(widen(y), ry, 1e-6, with + " forward");
      if (max) {
        std::vector<float> values(y.size());
        std::vector<std::int32_t> argmax(y.size());
        tf::kernels::max_pool2d_with_argmax(g, x.f.data(), values.data(), argmax.data());
        EXPECT_EQ(values, y) << with << " max with argmax forward";
        tf::kernels::max_pool2d_backward_with_argmax(g, argmax.data(), dy.f.data(), dx.data());
      } else {
        tf::kernels::avg_pool2d_backward(g, dy.f.data(), dx.data());
      }
      expect_close(widen(dx), rdx, 1e-5, with + " backward");
    }
  }
}

// 32 channels (float32 NHWC: 16-lane vectors) of 32x32 outputs from 3x3 windows: enough work for 4
// bands or runs of channels.
const std::vector<PoolCase> kPoolCases = {
    {64, 64, 32, 3, 2, true},   // ResNet-style, SAME
    {65, 63, 32, 3, 2, false},  // VALID, unread last row
    {33, 32, 32, 3, 1, true},   // stride 1: windows overlap by two rows
    {66, 66, 32, 2, 2, false},  // windows that do not overlap
    {41, 39, 24, 3, 2, true},   // channels not a multiple of 16: blocks instead of 16-lane vectors
};

TEST(PoolSplit, MatchesDirectLoopsForEveryBatchLayoutAndThreadCount) {
  for (const PoolCase& k : kPoolCases)
    for (const I64 n : {1, 3, 5})
      for (const bool nchw : {false, true}) check_pool(k, n, nchw, {1, 2, 4}, "");
}

TEST(PoolSplit, FromSeveralThreadsAtOnce) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([t] {
      for (const PoolCase& k : kPoolCases) check_pool(k, t == 0 ? 1 : 3, t == 2, {2, 2, 2}, "thread " + std::to_string(t));
    });
  for (auto& t : threads) t.join();
}

}  // namespace
