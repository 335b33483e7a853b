// tf::image::crop_and_resize (CropAndResize and its gradient ops) against TensorFlow 2.21's crops
// and gradients for the same boxes (including a flipped box and bilinear / nearest sampling),
// errors, and traced shapes.
#include <gtest/gtest.h>

#include <tfpp/image_crop_and_resize.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;

Tensor images() { return tf::reshape(tf::range(0.0f, 24.0f, 1.0f), {2, 3, 4, 1}); }
Tensor boxes() { return tf::constant(std::vector<float>{0, 0, 1, 1, 0.5f, 0.25f, 1, 0.75f, 1, 1, 0, 0}, {3, 4}); }
Tensor indices() { return tf::constant(std::vector<std::int32_t>{0, 1, 1}, {3}); }

TEST(ImageCropAndResize, CropsAsTensorFlow) {
  EXPECT_EQ(tf::image::crop_and_resize(images(), boxes(), indices(), {2, 3}).numpy<float>(),
            (std::vector<float>{0, 1.5f, 3, 8, 9.5f, 11, 16.75f, 17.5f, 18.25f, 20.75f, 21.5f, 22.25f, 23, 21.5f, 20, 15, 13.5f, 12}));
  EXPECT_EQ(tf::image::crop_and_resize(images(), boxes(), indices(), {2, 3}, {.method = "nearest", .extrapolation_value = -1})
                .numpy<float>(),
            (std::vector<float>{0, 2, 3, 8, 10, 11, 17, 18, 18, 21, 22, 22, 23, 22, 20, 15, 14, 12}));
}

TEST(ImageCropAndResize, GradientsAsTensorFlow) {
  const Tensor x = images(), b = boxes();
  tf::GradientTape tape({.persistent = true});
  tape.watch(x);
  tape.watch(b);
  const Tensor y = tf::image::crop_and_resize(x, b, indices(), {2, 3});
  EXPECT_EQ(tape.gradient(y, b).numpy<float>(), (std::vector<float>{0, 3, 0, 3, 0, 9, 0, 9, 0, 3, 0, 3}));
  EXPECT_EQ(tape.gradient(y, x).numpy<float>(),
            (std::vector<float>{1, 0.5f, 0.5f, 1, 0, 0, 0, 0, 1, 0.5f, 0.5f, 1, 1, 0.5f, 0.5f, 1, 0.25f, 1.25f, 1.25f, 0.25f, 1.25f,
                                1.75f, 1.75f, 1.25f}));
}

TEST(ImageCropAndResize, ErrorsAndTracedShapes) {
  EXPECT_EQ(error_of([] { tf::image::crop_and_resize(images(), boxes(), indices(), {0, 3}); }),
            "[CropAndResize] crop dimensions must be positive");
  EXPECT_EQ(error_of([] { tf::image::crop_and_resize(images(), boxes(), indices(), {2, 3}, {.method = "cubic"}); }),
            "[CropAndResize] method must be 'bilinear' or 'nearest'cubic");
  EXPECT_THROW(tf::image::crop_and_resize(images(), boxes(), tf::constant(std::vector<std::int32_t>{0, 2, 1}, {3}), {2, 3}),
               tf::OutOfRangeError);
  auto f = tf::function([](Tensor x, Tensor b, Tensor i) {
    const Tensor crops = tf::image::crop_and_resize(x, b, i, {5, 6});
    EXPECT_EQ(crops.shape(), (tf::TensorShape{3, 5, 6, 1}));  // static: num_boxes from the boxes, the size from crop_size
    return crops;
  });
  EXPECT_EQ(f(images(), boxes(), indices()).shape(), (tf::TensorShape{3, 5, 6, 1}));
}

}  // namespace
