// ImageProjectiveTransformV3 (tf::image::projective_transform) against TensorFlow 2.21's raw op,
// computed in the same test run: every fill mode and interpolation, projective rows, one
// transform for a batch, uint8 images, output shapes other than the input's; TensorFlow's
// gradient; the exact adjoint for pixel-to-pixel maps (central differences); traced use; errors.
#include <gtest/gtest.h>

#include <tfpp/gradient_tape.h>
#include <tfpp/image_projective_transform.h>
#include <tfpp/tfpp.h>

#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using tf::testing::pattern_tensor;

// Each case: images pattern((2, 5, 6, 2), 0.3) * 10, a transform row (or rows), the output
// size, interpolation, fill mode and fill value; then TensorFlow's gradient of
// sum(out * pattern(out.shape, 7)) for the bilinear rotation.
const char* kScript = R"PY(
import tensorflow as tf
images = pattern((2, 5, 6, 2), 0.3) * 10
rot = [0.8, -0.6, 1.9, 0.6, 0.8, -1.2, 0.0, 0.0]
cases = {
  'reflect_bilinear': ([rot], (5, 6), 'BILINEAR', 'REFLECT', 0.0),
  'wrap_nearest': ([[1.0, 0.2, -3.7, -0.1, 1.1, 2.6, 0.0, 0.0]], (5, 6), 'NEAREST', 'WRAP', 0.0),
  'constant_bilinear': ([rot, [1.3, 0.0, -1.0, 0.0, 0.7, 0.5, 0.0, 0.0]], (4, 7), 'BILINEAR', 'CONSTANT', 2.5),
  'nearest_fill': ([[0.9, 0.1, 4.5, 0.2, 0.9, -3.0, 0.0, 0.0]], (5, 6), 'BILINEAR', 'NEAREST', 0.0),
  'projective': ([[1.0, 0.1, 0.5, 0.05, 1.0, 0.2, 0.02, -0.03]], (6, 5), 'BILINEAR', 'REFLECT', 0.0),
  'edge_blend': ([[1.0, 0.0, 0.0, 0.0, 1.0, -0.99, 0.0, 0.0], [1.0, 0.0, 0.5, 0.0, 1.0, 0.0, 0.0, 0.0]], (5, 6), 'BILINEAR',
                 'CONSTANT', 100.0),
  'far_reflect': ([[1.0, 0.0, -17.3, 0.0, 1.0, 13.6, 0.0, 0.0]], (5, 6), 'NEAREST', 'REFLECT', 0.0),
}
for name, (t, size, interp, mode, fill) in cases.items():
    out = tf.raw_ops.ImageProjectiveTransformV3(images=images, transforms=tf.constant(t, tf.float32), output_shape=size,
                                                fill_value=fill, interpolation=interp, fill_mode=mode)
    emit(name, out)
u8 = tf.cast(tf.constant(pattern((1, 4, 5, 3), 0.5)) * 100 + 120, tf.uint8)
emit('uint8', tf.raw_ops.ImageProjectiveTransformV3(images=u8, transforms=tf.constant([rot]), output_shape=(4, 5),
                                                    fill_value=7.0, interpolation='BILINEAR', fill_mode='CONSTANT'))
x = tf.constant(images)
with tf.GradientTape() as tape:
    tape.watch(x)
    out = tf.raw_ops.ImageProjectiveTransformV3(images=x, transforms=tf.constant([rot]), output_shape=(5, 6), fill_value=0.0,
                                                interpolation='BILINEAR', fill_mode='REFLECT')
    loss = tf.reduce_sum(out * pattern(tuple(out.shape), 7.0))
emit('grad', tape.gradient(loss, x))
)PY";

class ImageProjectiveTransform : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    values_ = tf::testing::parse_values(output_);
  }
  static void expect_close(const std::string& name, const Tensor& got, double tol = 1e-5) {
    ASSERT_TRUE(values_.count(name)) << name << " missing from TensorFlow's output:\n" << output_;
    const std::vector<double>& want = values_.at(name);
    const std::vector<double> g = tf::cast(got, tf::float64).numpy<double>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
  }
  static Tensor images() { return pattern_tensor({2, 5, 6, 2}, 0.3) * 10.0f; }
  static Tensor rows(const std::vector<std::vector<float>>& r) {
    std::vector<float> flat;
    for (const auto& row : r) flat.insert(flat.end(), row.begin(), row.end());
    return tf::constant(flat, {static_cast<std::int64_t>(r.size()), 8});
  }
  static inline const std::vector<float> kRot = {0.8f, -0.6f, 1.9f, 0.6f, 0.8f, -1.2f, 0.0f, 0.0f};
  static inline std::string output_;
  static inline std::map<std::string, std::vector<double>> values_;
};

TEST_F(ImageProjectiveTransform, MatchesTensorFlowForEveryModeAndInterpolation) {
  using tf::image::projective_transform;
  expect_close("reflect_bilinear", projective_transform(images(), rows({kRot}), {5, 6}, {.fill_mode = "REFLECT"}));
  expect_close("wrap_nearest", projective_transform(images(), rows({{1.0f, 0.2f, -3.7f, -0.1f, 1.1f, 2.6f, 0, 0}}), {5, 6},
                                                    {.interpolation = "NEAREST", .fill_mode = "WRAP"}));
  expect_close("constant_bilinear", projective_transform(images(), rows({kRot, {1.3f, 0, -1.0f, 0, 0.7f, 0.5f, 0, 0}}), {4, 7},
                                                         {.fill_mode = "CONSTANT", .fill_value = 2.5}));
  expect_close("nearest_fill", projective_transform(images(), rows({{0.9f, 0.1f, 4.5f, 0.2f, 0.9f, -3.0f, 0, 0}}), {5, 6},
                                                    {.fill_mode = "nearest"}));  // names in any case
  expect_close("projective", projective_transform(images(), rows({{1.0f, 0.1f, 0.5f, 0.05f, 1.0f, 0.2f, 0.02f, -0.03f}}), {6, 5},
                                                  {.fill_mode = "REFLECT"}));
  expect_close("edge_blend", projective_transform(images(), rows({{1, 0, 0, 0, 1, -0.99f, 0, 0}, {1, 0, 0.5f, 0, 1, 0, 0, 0}}),
                                                  {5, 6}, {.fill_value = 100}));
  expect_close("far_reflect", projective_transform(images(), rows({{1, 0, -17.3f, 0, 1, 13.6f, 0, 0}}), {5, 6},
                                                   {.interpolation = "NEAREST", .fill_mode = "REFLECT"}));
}

TEST_F(ImageProjectiveTransform, Uint8ImagesTruncateAsTensorFlow) {
  const Tensor u8 = tf::cast(pattern_tensor({1, 4, 5, 3}, 0.5) * 100.0f + 120.0f, tf::uint8);
  const Tensor out = tf::image::projective_transform(u8, rows({kRot}), {4, 5}, {.fill_value = 7});
  EXPECT_EQ(out.dtype(), tf::uint8);
  expect_close("uint8", out, 0);
}

TEST_F(ImageProjectiveTransform, GradientIsTensorFlows) {
  const Tensor x = images();
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor out = tf::image::projective_transform(x, rows({kRot}), {5, 6}, {.fill_mode = "REFLECT"});
  const Tensor loss = tf::reduce_sum(out * pattern_tensor(out.shape(), 7.0));
  expect_close("grad", tape.gradient(loss, x), 1e-4);
}

// For shifts by whole pixels with zero fill the gradient is the exact adjoint: central
// differences of a float64 image agree.
TEST_F(ImageProjectiveTransform, GradientOfWholePixelShiftsMatchesCentralDifferences) {
  const Tensor x = tf::cast(pattern_tensor({1, 4, 5, 1}, 0.9), tf::float64);
  const Tensor weights = tf::cast(pattern_tensor({1, 4, 5, 1}, 2.0), tf::float64);
  const Tensor shift = rows({{1, 0, 2, 0, 1, -1, 0, 0}});
  auto f = [&](const Tensor& in) { return tf::reduce_sum(tf::image::projective_transform(in, shift, {4, 5}) * weights); };
  tf::GradientTape tape;
  tape.watch(x);
  const std::vector<double> grad = tape.gradient(f(x), x).numpy<double>();
  const std::vector<double> base = x.numpy<double>();
  const double h = 0.5;  // exact for a linear map; the forward pass rounds to float as TensorFlow's
  for (std::size_t i = 0; i < base.size(); ++i) {
    std::vector<double> up = base, down = base;
    up[i] += h;
    down[i] -= h;
    const double numeric = (f(tf::constant(up, {1, 4, 5, 1})).item<double>() - f(tf::constant(down, {1, 4, 5, 1})).item<double>()) / (2 * h);
    EXPECT_NEAR(grad[i], numeric, 1e-6) << "at " << i;
  }
}

TEST_F(ImageProjectiveTransform, TracesWithAnOutputShapeKnownAtRunTime) {
  std::vector<tf::TensorShape> traced;
  auto fn = tf::function([&](Tensor x, Tensor size) {
    const Tensor out = tf::image::projective_transform(x, rows({kRot}), size, {.fill_mode = "REFLECT"});
    traced.push_back(out.shape());
    return out;
  });
  expect_close("reflect_bilinear", fn(images(), tf::constant(std::vector<std::int32_t>{5, 6}, {2})));
  ASSERT_EQ(traced.size(), 1u);
  EXPECT_EQ(traced[0], (tf::TensorShape{2, tf::None, tf::None, 2}));  // the size is a value of the call
}

TEST_F(ImageProjectiveTransform, GradientTracesWithAnUnknownNumberOfImages) {
  auto gradient = [](Tensor x, Tensor transforms) {
    tf::GradientTape tape;
    tape.watch(x);
    const Tensor out = tf::image::projective_transform(x, transforms, {5, 6}, {.fill_mode = "REFLECT"});
    return tape.gradient(tf::reduce_sum(out * out), x);
  };
  auto traced = tf::function(gradient, {.input_signature = {tf::TensorSpec({tf::None, 5, 6, 2}, tf::float32),
                                                           tf::TensorSpec({tf::None, 8}, tf::float32)}});
  const Tensor transforms = rows({kRot, {1.3f, 0, -1.0f, 0, 0.7f, 0.5f, 0, 0}});
  const std::vector<float> want = gradient(images(), transforms).numpy<float>(), got = traced(images(), transforms).numpy<float>();
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-3f * (1 + std::abs(want[i]))) << "at " << i;
}

TEST_F(ImageProjectiveTransform, RejectsBadArguments) {
  using tf::image::projective_transform;
  EXPECT_NE(error_of([&] { projective_transform(pattern_tensor({5, 6, 2}, 0), rows({kRot}), {5, 6}); }).find("rank 4"), std::string::npos);
  EXPECT_NE(error_of([&] { projective_transform(images(), tf::ones({1, 6}), {5, 6}); }).find("num_images x 8"), std::string::npos);
  EXPECT_NE(error_of([&] { projective_transform(images(), rows({kRot, kRot, kRot}), {5, 6}); }).find("num_images x 8"),
            std::string::npos);
  EXPECT_NE(error_of([&] { projective_transform(images(), rows({kRot}), {0, 6}); }).find("must be positive"), std::string::npos);
  EXPECT_NE(error_of([&] { projective_transform(images(), rows({kRot}), {5, 6}, {.fill_mode = "MIRROR"}); }).find("fill_mode"),
            std::string::npos);
  EXPECT_NE(error_of([&] { projective_transform(images(), rows({kRot}), {5, 6}, {.interpolation = "BICUBIC"}); })
                .find("[ImageProjectiveTransformV3] Invalid interpolation"),
            std::string::npos);
}

}  // namespace
