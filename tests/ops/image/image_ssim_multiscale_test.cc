// tf::image::ssim_multiscale: one scale is SSIM itself (clipped at 0), identical images score 1,
// the scales pool odd sizes after padding, too small images fail per scale, traced shapes, and a
// finite-difference gradient (the images are float64 here, computed in float32 as TensorFlow
// does; tests/conformance/cases_image.py compares values and gradients with TensorFlow).
#include <gtest/gtest.h>

#include <tfpp/image_metrics.h>
#include <tfpp/image_ssim_multiscale.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

Tensor ramp(const tf::TensorShape& shape, int offset) {
  std::vector<float> v(static_cast<std::size_t>(shape.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 37 + static_cast<std::size_t>(offset)) % 101) / 100.0f;
  return tf::constant(v, shape);
}

TEST(ImageSsimMultiscale, OneScaleIsSsimAndIdenticalImagesScoreOne) {
  const Tensor a = ramp({2, 9, 10, 3}, 0), b = ramp({2, 9, 10, 3}, 9) * 0.5f + a * 0.5f;
  const std::vector<float> ssim = tf::image::ssim(a, b, 1.0, {.filter_size = 3}).numpy<float>();
  const std::vector<float> one_scale = tf::image::ssim_multiscale(a, b, 1.0, {1.0}, {.filter_size = 3}).numpy<float>();
  ASSERT_EQ(one_scale.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_GT(ssim[i], 0.0f);
    EXPECT_NEAR(one_scale[i], ssim[i], 1e-6f);
  }
  for (float v : tf::image::ssim_multiscale(a, a, 1.0, {0.3, 0.3, 0.4}, {.filter_size = 3}).numpy<float>()) EXPECT_NEAR(v, 1.0f, 1e-5f);
}

TEST(ImageSsimMultiscale, TooSmallAtAScaleFails) {
  // 9 rows pool to 5 and 3: three scales of a 3-pixel filter fit, four do not.
  const Tensor a = ramp({9, 12, 1}, 0);
  EXPECT_EQ(tf::image::ssim_multiscale(a, a, 1.0, {0.3, 0.3, 0.4}, {.filter_size = 3}).shape(), tf::TensorShape({}));
  EXPECT_EQ(error_of([&] { tf::image::ssim_multiscale(a, a, 1.0, {0.2, 0.2, 0.3, 0.3}, {.filter_size = 3}); }),
            "[ssim_multiscale/assert_greater_equal] the images' height and width must be at least filter_size 3 at scale 3, got shape "
            "(2, 2, 1)");
  EXPECT_THROW(tf::image::ssim_multiscale(a, ramp({9, 11, 1}, 0), 1.0), tf::InvalidArgumentError);
}

TEST(ImageSsimMultiscale, TracedShapeIsStatic) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor x) {
    const Tensor v = tf::image::ssim_multiscale(x, x * 0.5f, 1.0, {0.5, 0.5}, {.filter_size = 3});
    shapes.push_back(v.shape());
    return v;
  });
  f.get_concrete_function(tf::TensorSpec(tf::TensorShape{4, 7, 8, 2}, tf::float32));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{4}}));
}

TEST(ImageSsimMultiscale, GradientMatchesFiniteDifferences) {
  const Tensor target = tf::cast(ramp({1, 7, 6, 1}, 5), tf::float64);
  const tf::testing::TensorFn f = [&](const std::vector<Tensor>& x) {
    return tf::cast(tf::image::ssim_multiscale(x[0], target, 1.0, {0.4, 0.6}, {.filter_size = 3}), tf::float64);
  };
  const Tensor x = tf::testing::random_tensor({1, 7, 6, 1}, 7, 0.1, 0.9);
  EXPECT_LT(tf::testing::max_gradient_error(f, {x}, 1e-3), 2e-3);
}

}  // namespace
