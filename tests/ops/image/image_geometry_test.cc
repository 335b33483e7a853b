// tf::image's geometric functions: values on small images (3-D and batched 4-D) against the
// index arithmetic TensorFlow's results follow, static shapes when traced with unknown
// dimensions, TensorFlow's argument errors, and finite-difference gradients.
#include <gtest/gtest.h>

#include <tfpp/image_geometry_ops.h>
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

// A [h, w, c] image whose value at (y, x, ch) is 100 y + 10 x + ch.
Tensor coded(std::int64_t h, std::int64_t w, std::int64_t c) {
  std::vector<float> v;
  for (std::int64_t y = 0; y < h; ++y)
    for (std::int64_t x = 0; x < w; ++x)
      for (std::int64_t ch = 0; ch < c; ++ch) v.push_back(static_cast<float>(100 * y + 10 * x + ch));
  return tf::constant(v, {h, w, c});
}

std::vector<float> values(const Tensor& t) { return t.numpy<float>(); }

TEST(ImageGeometry, FlipsAndTransposeMoveThePixels) {
  const Tensor img = coded(2, 3, 1);
  EXPECT_EQ(values(tf::image::flip_left_right(img)), (std::vector<float>{20, 10, 0, 120, 110, 100}));
  EXPECT_EQ(values(tf::image::flip_up_down(img)), (std::vector<float>{100, 110, 120, 0, 10, 20}));
  EXPECT_EQ(values(tf::image::transpose(img)), (std::vector<float>{0, 100, 10, 110, 20, 120}));
  EXPECT_EQ(tf::image::transpose(img).shape(), (tf::TensorShape{3, 2, 1}));
  // A batch flips each image.
  const Tensor batch = tf::stack({img, img + 1000.0f});
  EXPECT_EQ(values(tf::image::flip_left_right(batch)),
            (std::vector<float>{20, 10, 0, 120, 110, 100, 1020, 1010, 1000, 1120, 1110, 1100}));
  EXPECT_EQ(tf::image::transpose(batch).shape(), (tf::TensorShape{2, 3, 2, 1}));
}

TEST(ImageGeometry, Rot90TurnsCounterClockwise) {
  const Tensor img = coded(2, 3, 1);
  // tf.image.rot90(img): the last column becomes the first row.
  EXPECT_EQ(values(tf::image::rot90(img)), (std::vector<float>{20, 120, 10, 110, 0, 100}));
  EXPECT_EQ(values(tf::image::rot90(img, 2)), (std::vector<float>{120, 110, 100, 20, 10, 0}));
  EXPECT_EQ(values(tf::image::rot90(img, 3)), (std::vector<float>{100, 0, 110, 10, 120, 20}));
  EXPECT_EQ(values(tf::image::rot90(img, -1)), values(tf::image::rot90(img, 3)));
  EXPECT_EQ(values(tf::image::rot90(img, 4)), values(img));
  EXPECT_EQ(tf::image::rot90(tf::stack({img, img}), 1).shape(), (tf::TensorShape{2, 3, 2, 1}));
}

TEST(ImageGeometry, CropsAndPadsToABox) {
  const Tensor img = coded(4, 5, 1);
  EXPECT_EQ(values(tf::image::crop_to_bounding_box(img, 1, 2, 2, 3)), (std::vector<float>{120, 130, 140, 220, 230, 240}));
  const Tensor padded = tf::image::pad_to_bounding_box(coded(1, 2, 1), 1, 2, 3, 5);
  EXPECT_EQ(values(padded), (std::vector<float>{0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0}));
  // central_crop(0.5) of 4x5 starts at int((4 - 2) / 2) = 1 and int((5 - 2.5) / 2) = 1.
  EXPECT_EQ(values(tf::image::central_crop(img, 0.5)), (std::vector<float>{110, 120, 130, 210, 220, 230}));
  EXPECT_EQ(tf::image::central_crop(tf::stack({img, img}), 0.3).shape(), (tf::TensorShape{2, 2, 3, 1}));
  // resize_with_crop_or_pad crops height 4 -> 2 (from row 1) and pads width 5 -> 8 (1 column left, 2 right).
  EXPECT_EQ(values(tf::image::resize_with_crop_or_pad(img, 2, 8)),
            (std::vector<float>{0, 100, 110, 120, 130, 140, 0, 0, 0, 200, 210, 220, 230, 240, 0, 0}));
  // An odd difference puts the extra row or column at the end.
  EXPECT_EQ(values(tf::image::resize_with_crop_or_pad(coded(1, 1, 1) + 1.0f, 2, 2)), (std::vector<float>{1, 0, 0, 0}));
  EXPECT_EQ(values(tf::image::resize_with_crop_or_pad(coded(3, 1, 1), 2, 1)), (std::vector<float>{0, 100}));
}

TEST(ImageGeometry, ArgumentErrorsAsTensorFlow) {
  const Tensor img = tf::zeros({4, 4, 1});
  EXPECT_EQ(error_of([] { tf::image::flip_left_right(tf::zeros({2, 3})); }),
            "[flip_left_right] 'image' (shape (2, 3)) must be at least three-dimensional.");
  EXPECT_EQ(error_of([] { tf::image::flip_up_down(tf::zeros({1, 1, 2, 3, 1})); }),
            "[flip_up_down] 'image' (shape (1, 1, 2, 3, 1))must have either 3 or 4 dimensions.");
  EXPECT_EQ(error_of([] { tf::image::transpose(tf::zeros({0, 2, 3})); }),
            "[transpose] inner 3 dims of 'image.shape' must be > 0: (0, 2, 3)");
  EXPECT_EQ(error_of([] { tf::image::rot90(tf::zeros({1, 1, 2, 3, 1})); }),
            "[rot90] 'image' (shape (1, 1, 2, 3, 1)) must have either 3 or 4 dimensions.");
  EXPECT_EQ(error_of([&] { tf::image::central_crop(img, 0.0); }), "[central_crop] central_fraction must be within (0, 1]");
  EXPECT_EQ(error_of([] { tf::image::central_crop(tf::zeros({1, 1, 2, 3, 1}), 0.5); }),
            "[central_crop] `image` should either be a Tensor with rank = 3 or rank = 4. Had rank = 5.");
  EXPECT_EQ(error_of([] { tf::image::crop_to_bounding_box(tf::zeros({2, 3}), 0, 0, 1, 1); }),
            "[crop_to_bounding_box] 'image' (shape (2, 3)) must have either 3 or 4 dimensions.");
  EXPECT_EQ(error_of([&] { tf::image::crop_to_bounding_box(img, -1, 0, 1, 1); }), "[crop_to_bounding_box] offset_height must be >= 0.");
  EXPECT_EQ(error_of([&] { tf::image::crop_to_bounding_box(img, 2, 0, 3, 1); }),
            "[crop_to_bounding_box] height must be >= target + offset.");
  EXPECT_EQ(error_of([&] { tf::image::crop_to_bounding_box(img, 0, 0, 0, 1); }), "[crop_to_bounding_box] target_height must be > 0.");
  EXPECT_EQ(error_of([] { tf::image::crop_to_bounding_box(tf::zeros({0, 4, 1}), 0, 0, 1, 1); }),
            "[crop_to_bounding_box] inner 3 dims of 'image.shape' must be > 0: (1, 0, 4, 1)");
  EXPECT_EQ(error_of([&] { tf::image::pad_to_bounding_box(img, 0, 0, 5, 3); }), "[pad_to_bounding_box] width must be <= target - offset");
  EXPECT_EQ(error_of([&] { tf::image::pad_to_bounding_box(img, -1, 0, 5, 5); }), "[pad_to_bounding_box] offset_height must be >= 0");
  EXPECT_EQ(error_of([&] { tf::image::resize_with_crop_or_pad(img, 0, 3); }), "[resize_with_crop_or_pad] target_height must be > 0.");
}

TEST(ImageGeometry, TracedWithUnknownDimensionsKeepsStaticShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor batch, Tensor image) {
    const std::vector<Tensor> out{tf::image::flip_left_right(batch),
                                  tf::image::rot90(batch),
                                  tf::image::crop_to_bounding_box(image, 1, 1, 2, 2),
                                  tf::image::pad_to_bounding_box(image, 1, 1, 6, 7),
                                  tf::image::central_crop(image, 0.5),
                                  tf::image::central_crop(batch, 0.5),
                                  tf::image::resize_with_crop_or_pad(image, 3, 8)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec({None, 4, 5, 3}), tf::TensorSpec({None, None, 3}));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{
                        {None, 4, 5, 3}, {None, 5, 4, 3}, {2, 2, 3}, {6, 7, 3}, {None, None, 3}, {None, 2, 3, 3}, {3, 8, 3}}));
  const Tensor batch = tf::stack({coded(4, 5, 3), coded(4, 5, 3)});
  const Tensor image = coded(5, 5, 3);
  const std::vector<Tensor> out = concrete.call_flat({batch, image});
  EXPECT_EQ(values(out[2]), values(tf::image::crop_to_bounding_box(image, 1, 1, 2, 2)));
  EXPECT_EQ(values(out[3]), values(tf::image::pad_to_bounding_box(image, 1, 1, 6, 7)));
  EXPECT_EQ(values(out[4]), values(tf::image::central_crop(image, 0.5)));
  EXPECT_EQ(out[4].shape(), (tf::TensorShape{3, 3, 3}));
  EXPECT_EQ(values(out[6]), values(tf::image::resize_with_crop_or_pad(image, 3, 8)));
}

std::vector<GradCase> grad_cases() {
  return {
      {"FlipLeftRight", {{{2, 3, 2}}}, [](const V& x) { return weighted(tf::image::flip_left_right(x[0])); }},
      {"Rot90", {{{1, 2, 3, 2}}}, [](const V& x) { return weighted(tf::image::rot90(x[0], 3)); }},
      {"Transpose", {{{2, 3, 2}}}, [](const V& x) { return weighted(tf::image::transpose(x[0])); }},
      {"CentralCrop", {{{4, 5, 1}}}, [](const V& x) { return weighted(tf::image::central_crop(x[0], 0.6)); }},
      {"ResizeWithCropOrPad", {{{3, 4, 2}}}, [](const V& x) { return weighted(tf::image::resize_with_crop_or_pad(x[0], 5, 2)); }},
  };
}

class ImageGeometryGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(ImageGeometryGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Cases, ImageGeometryGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

}  // namespace
