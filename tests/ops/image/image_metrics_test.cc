// tf::image's total_variation, image_gradients, sobel_edges, psnr and ssim: values TensorFlow
// 2.21 gave for the same 4x5x2 images, errors, traced shapes, and finite-difference gradients
// (total_variation, image_gradients and sobel_edges compute in float64 for float64 images; psnr
// and ssim work in float32, as TensorFlow's, and are compared with its gradients in
// tests/conformance/cases_image.py).
#include <gtest/gtest.h>

#include <tfpp/image_metrics.h>
#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"
#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::GradCase;
using tf::testing::weighted;
using V = std::vector<Tensor>;

Tensor colours(int offset) {
  std::vector<float> v;
  for (int i = 0; i < 4 * 5 * 2; ++i) v.push_back(static_cast<float>((i * 37 + offset) % 101 / 100.0));
  return tf::constant(v, {1, 4, 5, 2});
}

TEST(ImageMetrics, ValuesMatchTensorFlow) {
  const Tensor x = colours(0), y = colours(9);
  EXPECT_NEAR(tf::image::total_variation(x).numpy<float>()[0], 27.169998168945312f, 1e-5f);
  EXPECT_NEAR(tf::image::total_variation(tf::squeeze(x, {0})).item<float>(), 27.169998168945312f, 1e-5f);
  EXPECT_NEAR(tf::image::psnr(x, y, 1.0).numpy<float>()[0], 10.365427017211914f, 1e-5f);
  EXPECT_NEAR(tf::image::ssim(x, y, 1.0, {.filter_size = 3}).numpy<float>()[0], 0.7649134397506714f, 1e-5f);
  const std::vector<float> sobel = tf::image::sobel_edges(x).numpy<float>();
  const std::vector<float> want = {-0.7000000476837158f, 0.0f, 1.3199999332427979f, 0.0f,
                                   -0.699999988079071f, -0.14000004529953003f, 0.3100000321865082f, 0.8700000047683716f};
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(sobel[5 * 2 * 2 + i], want[i], 1e-6f) << i;
  EXPECT_EQ(tf::image::sobel_edges(x).shape(), (tf::TensorShape{1, 4, 5, 2, 2}));
  const auto [dy, dx] = tf::image::image_gradients(x);
  EXPECT_EQ(dy.shape(), x.shape());
  EXPECT_EQ(dx.numpy<float>()[8], 0.0f);  // the last column has no right neighbour
  EXPECT_NEAR(dy.numpy<float>()[0], x.numpy<float>()[10] - x.numpy<float>()[0], 1e-7f);
  EXPECT_NEAR(tf::image::ssim(x, x, 1.0, {.filter_size = 3}).numpy<float>()[0], 1.0f, 1e-6f);
}

TEST(ImageMetrics, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::image::total_variation(tf::zeros({2, 3})); }),
            "[total_variation] 'images' must be either 3 or 4-dimensional.");
  EXPECT_EQ(error_of([] { tf::image::image_gradients(tf::zeros({2, 3, 1})); }),
            "[image_gradients] image_gradients expects a 4D tensor [batch_size, h, w, d], not (2, 3, 1).");
  EXPECT_EQ(error_of([] { tf::image::psnr(tf::zeros({2, 1, 1}), tf::zeros({2, 4, 1}), 1.0); }),
            "[psnr] Shapes (2, 1, 1) and (2, 4, 1) are incompatible");
  EXPECT_EQ(error_of([] { tf::image::ssim(tf::zeros({4, 4, 1}), tf::zeros({4, 4, 1}), 1.0); }),
            "[ssim] the images' height and width must be at least filter_size 11, got shape (4, 4, 1)");
}

TEST(ImageMetrics, TracedWithAnUnknownBatch) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor a, Tensor b) {
    const std::vector<Tensor> out{tf::image::total_variation(a), tf::image::sobel_edges(a), tf::image::psnr(a, b, 1.0),
                                  tf::image::ssim(a, b, 1.0, {.filter_size = 3})};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec({None, 4, 5, 2}), tf::TensorSpec({None, 4, 5, 2}));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None}, {None, 4, 5, 2, 2}, {None}, {None}}));
  const std::vector<Tensor> out = concrete.call_flat({colours(0), colours(9)});
  EXPECT_EQ(out[3].numpy<float>(), tf::image::ssim(colours(0), colours(9), 1.0, {.filter_size = 3}).numpy<float>());
}

std::vector<GradCase> grad_cases() {
  return {
      {"TotalVariation", {tf::testing::distinct({1, 3, 4, 2})}, [](const V& x) { return tf::image::total_variation(x[0]); }},
      {"ImageGradients", {{{1, 3, 4, 2}}},
       [](const V& x) {
         const auto [dy, dx] = tf::image::image_gradients(x[0]);
         return weighted(dy) + weighted(dx);
       }},
      // Flattened: the Jacobian of the rank-5 result would exceed tfpp's maximum rank.
      {"SobelEdges", {{{1, 4, 4, 2}}}, [](const V& x) { return weighted(tf::reshape(tf::image::sobel_edges(x[0]), {-1})); }},
  };
}

class ImageMetricsGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(ImageMetricsGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Cases, ImageMetricsGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

}  // namespace
