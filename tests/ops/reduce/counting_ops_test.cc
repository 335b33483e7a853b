// bincount, confusion_matrix, in_top_k and cumulative_logsumexp: values as TensorFlow gives
// them, error paths, and static shapes while tracing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <tfpp/counting_ops.h>
#include <tfpp/statistics_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(CountingOps, Bincount) {
  const Tensor ids = tf::constant({1, 1, 3, 0});
  EXPECT_EQ(tf::math::bincount(ids).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 0, 1}));
  EXPECT_EQ(tf::math::bincount(ids, {.minlength = 6}).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 0, 1, 0, 0}));
  EXPECT_EQ(tf::math::bincount(ids, {.maxlength = 2}).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(tf::math::bincount(ids, {.weights = tf::constant({0.5f, 1.0f, 2.0f, 3.0f})}).numpy<float>(),
            (std::vector<float>{3, 1.5f, 0, 2}));
  EXPECT_EQ(tf::math::bincount(ids, {.dtype = tf::float64}).numpy<double>(), (std::vector<double>{1, 2, 0, 1}));
  EXPECT_EQ(tf::math::bincount(ids, {.minlength = 4, .binary_output = true}).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{1, 1, 0, 1}));
  EXPECT_EQ(tf::math::bincount(tf::constant({1.5f, 2.0f})).numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 1, 1}));
  EXPECT_EQ(tf::math::bincount(tf::constant(std::vector<std::int32_t>{}, {0})).shape(), tf::TensorShape({0}));
}

TEST(CountingOps, BincountPerRow) {
  const Tensor ids = tf::constant({{1, 1}, {3, 0}});
  const Tensor rows = tf::math::bincount(ids, {.axis = -1});
  EXPECT_EQ(rows.shape(), tf::TensorShape({2, 4}));
  EXPECT_EQ(rows.numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 2, 0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(tf::math::bincount(ids, {.weights = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}}), .axis = -1}).numpy<float>(),
            (std::vector<float>{0, 3, 0, 0, 4, 0, 0, 3}));
  EXPECT_EQ(tf::math::bincount(ids).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 0, 1}));
}

TEST(CountingOps, BincountErrors) {
  EXPECT_EQ(error_of([] { tf::math::bincount(tf::constant({1, -1})); }), "[DenseBincount] Input arr must be non-negative!");
  EXPECT_EQ(error_of([] { tf::math::bincount(tf::constant({1, 2}), {.weights = tf::constant({1.0f})}); }),
            "[DenseBincount] `weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as "
            "all weights equal to 1. Received [1]");
  EXPECT_EQ(error_of([] { tf::math::bincount(tf::constant({{{1}}}), {.axis = -1}); }),
            "[DenseBincount] Shape must be at most rank 2 but is rank 3");
  EXPECT_EQ(error_of([] { tf::math::bincount(tf::constant({1}), {.axis = 1}); }),
            "[bincount] Unsupported value for argument axis=1. Only 0 and -1 are currently supported.");
  EXPECT_NE(error_of([] { tf::math::bincount(tf::constant({1}), {.weights = tf::constant({1.0f}), .binary_output = true}); }),
            "no error");
}

TEST(CountingOps, ConfusionMatrix) {
  const Tensor labels = tf::constant({1, 2, 4}), predictions = tf::constant({2, 2, 4});
  const Tensor counts = tf::math::confusion_matrix(labels, predictions);
  EXPECT_EQ(counts.shape(), tf::TensorShape({5, 5}));
  EXPECT_EQ(counts.dtype(), tf::int32);
  EXPECT_EQ(counts.numpy<std::int32_t>()[1 * 5 + 2], 1);
  EXPECT_EQ(counts.numpy<std::int32_t>()[4 * 5 + 4], 1);
  const Tensor weighted = tf::math::confusion_matrix(
      labels, predictions, {.num_classes = 6, .weights = tf::constant({1.0f, 2.0f, 3.0f}), .dtype = tf::float32});
  EXPECT_EQ(weighted.shape(), tf::TensorShape({6, 6}));
  EXPECT_EQ(weighted.numpy<float>()[2 * 6 + 2], 2.0f);
  // A trailing size-1 dimension of one of them is squeezed.
  EXPECT_EQ(tf::math::confusion_matrix(tf::constant({{1}, {0}}), tf::constant({1, 1})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{0, 1, 0, 1}));
  EXPECT_NE(error_of([&] { tf::math::confusion_matrix(labels, predictions, {.num_classes = 3}); }).find("`labels` out of bound"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::math::confusion_matrix(tf::constant({-1}), tf::constant({0})); }).find("`labels` contains negative values"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::math::confusion_matrix(tf::constant({1, 2}), tf::constant({1, 2, 3})); }), "no error");
}

TEST(CountingOps, InTopK) {
  const Tensor p = tf::constant({{0.1f, 0.9f, 0.5f}, {0.3f, 0.3f, 0.2f}});
  EXPECT_EQ(tf::math::in_top_k(tf::constant({1, 0}), p, 1).numpy<bool>(), (std::vector<bool>{true, true}));  // ties count in
  EXPECT_EQ(tf::math::in_top_k(tf::constant({2, 2}), p, 2).numpy<bool>(), (std::vector<bool>{true, false}));
  EXPECT_EQ(tf::nn::in_top_k(tf::constant(std::vector<std::int64_t>{2, 5}), p, 2).numpy<bool>(), (std::vector<bool>{true, false}));
  EXPECT_EQ(tf::math::in_top_k(tf::constant({1, 1}), tf::constant({{1.0f, NAN}, {kInf, 4.0f}}), 2).numpy<bool>(),
            (std::vector<bool>{false, false}));  // any non-finite prediction in the row
  EXPECT_EQ(tf::math::in_top_k(tf::constant({1, 0}), p, 0).numpy<bool>(), (std::vector<bool>{false, false}));
  EXPECT_EQ(error_of([&] { tf::math::in_top_k(tf::constant({1}), p, 1); }),
            "[InTopKV2] First dimension of predictions 2 must match length of targets 1");
  EXPECT_EQ(error_of([] { tf::math::in_top_k(tf::constant({1, 0}), tf::constant({1.0f, 2.0f}), 1); }),
            "[InTopKV2] predictions must be 2-dimensional, got float32 [2]");
  EXPECT_NE(error_of([&] { tf::math::in_top_k(tf::constant({1, 0}), tf::cast(p, tf::float64), 1); }), "no error");
}

TEST(CountingOps, CumulativeLogsumexp) {
  const std::vector<float> y = tf::math::cumulative_logsumexp(tf::constant({1.0f, 2.0f, 3.0f})).numpy<float>();
  EXPECT_FLOAT_EQ(y[1], 2.0f + std::log1p(std::exp(-1.0f)));
  const Tensor x = tf::constant({{1.0f, 2.0f, 3.0f}, {0.0f, -kInf, 5.0f}});
  const std::vector<float> back = tf::math::cumulative_logsumexp(x, 1, {.exclusive = true, .reverse = true}).numpy<float>();
  EXPECT_FLOAT_EQ(back[0], 3.0f + std::log1p(std::exp(-1.0f)));
  EXPECT_EQ(back[2], -kInf);
  EXPECT_EQ(back[3], 5.0f);
  EXPECT_NE(error_of([] { tf::math::cumulative_logsumexp(tf::constant({1, 2})); }), "no error");
  EXPECT_NE(error_of([] { tf::math::cumulative_logsumexp(tf::constant({1.0f}), 1); }), "no error");
}

TEST(CountingOps, TracedShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&](Tensor ids, Tensor p) {
    const std::vector<Tensor> out = {tf::math::bincount(ids), tf::math::confusion_matrix(ids, ids, {.num_classes = 4}),
                                     tf::math::in_top_k(ids, p, 1), tf::math::cumulative_logsumexp(p, 1)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  }, {.input_signature = {tf::TensorSpec({tf::None}, tf::int32), tf::TensorSpec({tf::None, 3}, tf::float32)}});
  const Tensor ids = tf::constant({0, 2}), p = tf::constant({{0.1f, 0.9f, 0.5f}, {0.3f, 0.3f, 0.2f}});
  const std::vector<Tensor> out = f(ids, p);
  const std::vector<tf::TensorShape> expected = {{tf::None}, {tf::None, tf::None}, {tf::None}, {tf::None, 3}};
  EXPECT_EQ(shapes, expected);
  EXPECT_EQ(out[0].numpy<std::int32_t>(), tf::math::bincount(ids).numpy<std::int32_t>());
  EXPECT_EQ(out[1].numpy<std::int32_t>(), tf::math::confusion_matrix(ids, ids, {.num_classes = 4}).numpy<std::int32_t>());
  EXPECT_EQ(out[2].numpy<bool>(), tf::math::in_top_k(ids, p, 1).numpy<bool>());
  EXPECT_EQ(out[3].numpy<float>(), tf::math::cumulative_logsumexp(p, 1).numpy<float>());
}

TEST(CountingOps, TracedInputsAreCheckedWhenTheyRun) {
  // Static output shapes with inputs of unknown shape: the kernels check the shapes they get.
  auto top = tf::function([](Tensor targets, Tensor p) { return tf::math::in_top_k(targets, p, 1); },
                          {.input_signature = {tf::TensorSpec({tf::None}, tf::int32), tf::TensorSpec({2, 3}, tf::float32)}});
  EXPECT_NE(error_of([&] { top(tf::constant({0, 1, 2}), tf::zeros({2, 3})); }).find("must match length of targets 3"),
            std::string::npos);
  auto count = tf::function([](Tensor ids, Tensor w) { return tf::math::bincount(ids, {.weights = w, .minlength = 3, .maxlength = 3}); },
                            {.input_signature = {tf::TensorSpec({3}, tf::int32), tf::TensorSpec({tf::None}, tf::float32)}});
  EXPECT_EQ(count(tf::constant({0, 2, 2}), tf::constant({1.0f, 2.0f, 3.0f})).numpy<float>(), (std::vector<float>{1, 0, 5}));
  EXPECT_NE(error_of([&] { count(tf::constant({0, 2, 2}), tf::constant({1.0f})); }).find("`weights` must be the same shape"),
            std::string::npos);
}

}  // namespace
