// tf::image::draw_bounding_boxes: one-pixel outlines at corners truncated from box * (size - 1),
// TensorFlow's default colors (white on gray images), a color table cycling over the boxes,
// clipping, skipped boxes, and errors. tests/python/programs/image_draw_bounding_boxes.py
// compares many more cases with TensorFlow.
#include <gtest/gtest.h>

#include <tfpp/image_draw_bounding_boxes.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

TEST(ImageDrawBoundingBoxes, OutlinesInTheDefaultColors) {
  const Tensor images = tf::zeros({1, 4, 5, 3});
  // The whole image (yellow), then a box from (0.5, 0.5) to (2.0, 2.0) of a 4x5 image: corners
  // (1, 2) and (6, 8), clipped to the image, so only its top and left lines show (blue).
  const Tensor boxes = tf::constant(std::vector<float>{0, 0, 1, 1, 0.5f, 0.5f, 2, 2}, {1, 2, 4});
  const std::vector<float> drawn = tf::image::draw_bounding_boxes(images, boxes).numpy<float>();
  auto at = [&](int y, int x) { return std::vector<float>(drawn.begin() + (y * 5 + x) * 3, drawn.begin() + (y * 5 + x) * 3 + 3); };
  const std::vector<float> yellow{1, 1, 0}, blue{0, 0, 1}, black{0, 0, 0};
  EXPECT_EQ(at(0, 0), yellow);
  EXPECT_EQ(at(3, 4), yellow);
  EXPECT_EQ(at(2, 0), yellow);
  EXPECT_EQ(at(1, 1), black);
  EXPECT_EQ(at(1, 2), blue);
  EXPECT_EQ(at(1, 3), blue);
  EXPECT_EQ(at(2, 2), blue);
  EXPECT_EQ(at(2, 3), black);
}

TEST(ImageDrawBoundingBoxes, ColorTableCyclesAndGrayIsWhite) {
  const Tensor boxes = tf::constant(std::vector<float>{0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1}, {1, 3, 4});
  const Tensor colors = tf::constant(std::vector<float>{0.25f, 0.75f}, {2, 1});
  const std::vector<float> gray = tf::image::draw_bounding_boxes(tf::zeros({1, 3, 3, 1}), boxes, colors).numpy<float>();
  EXPECT_EQ(gray, (std::vector<float>{0.75f, 0.25f, 0.25f, 0.25f, 0, 0.25f, 0.25f, 0.25f, 0.25f}))
      << "box 0 in color 0, box 1 (the top left pixel) in color 1, box 2 (bottom right) in color 0 again";
  const std::vector<float> white = tf::image::draw_bounding_boxes(tf::zeros({1, 3, 3, 1}), boxes).numpy<float>();
  EXPECT_EQ(white, (std::vector<float>{1, 1, 1, 1, 0, 1, 1, 1, 1}));
}

TEST(ImageDrawBoundingBoxes, SkipsInvertedAndOutsideBoxes) {
  const Tensor images = tf::fill({1, 3, 3, 3}, 0.5f);
  const Tensor boxes = tf::constant(std::vector<float>{1, 1, 0, 0, -2, -2, -1, -1}, {1, 2, 4});
  EXPECT_EQ(tf::image::draw_bounding_boxes(images, boxes).numpy<float>(), images.numpy<float>());
}

TEST(ImageDrawBoundingBoxes, ErrorsAsTensorFlow) {
  const Tensor boxes = tf::zeros({1, 1, 4});
  EXPECT_EQ(error_of([&] { tf::image::draw_bounding_boxes(tf::zeros({3, 3, 3}), boxes); }),
            "[DrawBoundingBoxes] The rank of the images should be 4");
  EXPECT_EQ(error_of([&] { tf::image::draw_bounding_boxes(tf::zeros({1, 3, 3, 2}), boxes); }),
            "[DrawBoundingBoxes] Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)");
  EXPECT_EQ(error_of([&] { tf::image::draw_bounding_boxes(tf::zeros({2, 3, 3, 3}), boxes); }),
            "[DrawBoundingBoxes] The batch sizes should be the same");
  EXPECT_EQ(error_of([&] { tf::image::draw_bounding_boxes(tf::zeros({1, 3, 3, 3}), boxes, tf::zeros({2, 2})); }),
            "[DrawBoundingBoxesV2] colors must have equal or more channels than the image provided: [2,2]");
  EXPECT_THROW(tf::image::draw_bounding_boxes(tf::zeros({1, 3, 3, 3}, tf::uint8), boxes), tf::InvalidArgumentError);
}

}  // namespace
