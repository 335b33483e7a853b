// tf::image::extract_patches (ExtractImagePatches): window layout, SAME zeros, strides and
// rates, static shapes when traced, errors, and its gradient against finite differences.
#include <gtest/gtest.h>

#include <tfpp/image_patches.h>
#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::GradCase;
using tf::testing::weighted;
using V = std::vector<Tensor>;

// A [1, 3, 4, 1] image whose pixel (y, x) is 10 y + x + 1.
Tensor image() { return tf::reshape(tf::constant(std::vector<float>{1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24}, {12}), {1, 3, 4, 1}); }

TEST(ImagePatches, WindowsInRowMajorOrderWithZerosOutside) {
  const Tensor p = tf::image::extract_patches(image(), {1, 2, 2, 1}, {1, 2, 2, 1}, {1, 1, 1, 1}, "VALID");
  EXPECT_EQ(p.shape(), (tf::TensorShape{1, 1, 2, 4}));
  EXPECT_EQ(p.numpy<float>(), (std::vector<float>{1, 2, 11, 12, 3, 4, 13, 14}));
  // SAME with a 2x2 window pads one row and column after the image.
  const Tensor same = tf::image::extract_patches(image(), {1, 2, 2, 1}, {1, 2, 2, 1}, {1, 1, 1, 1}, "SAME");
  EXPECT_EQ(same.shape(), (tf::TensorShape{1, 2, 2, 4}));
  EXPECT_EQ(same.numpy<float>(), (std::vector<float>{1, 2, 11, 12, 3, 4, 13, 14, 21, 22, 0, 0, 23, 24, 0, 0}));
  // Rate 2 samples every other pixel.
  const Tensor dilated = tf::image::extract_patches(image(), {1, 2, 2, 1}, {1, 1, 1, 1}, {1, 2, 2, 1}, "VALID");
  EXPECT_EQ(dilated.numpy<float>(), (std::vector<float>{1, 3, 21, 23, 2, 4, 22, 24}));
}

TEST(ImagePatches, ErrorsAndTracedShapes) {
  EXPECT_THROW(tf::image::extract_patches(image(), {2, 2, 2, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, "SAME"), tf::Error);
  EXPECT_THROW(tf::image::extract_patches(tf::zeros({3, 4, 1}), {1, 2, 2, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, "SAME"), tf::Error);
  auto f = tf::function([](Tensor x) {
    const Tensor p = tf::image::extract_patches(x, {1, 3, 3, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, "SAME");
    EXPECT_EQ(p.shape(), (tf::TensorShape{None, 3, 4, 9}));
    return p;
  });
  f.get_concrete_function(tf::TensorSpec({None, 3, 4, 1}));
}

std::vector<GradCase> grad_cases() {
  return {
      {"Same", {{{2, 4, 5, 2}}},
       [](const V& x) { return weighted(tf::image::extract_patches(x[0], {1, 3, 2, 1}, {1, 1, 2, 1}, {1, 1, 1, 1}, "SAME")); }},
      {"ValidDilated", {{{1, 5, 5, 1}}},
       [](const V& x) { return weighted(tf::image::extract_patches(x[0], {1, 2, 2, 1}, {1, 1, 1, 1}, {1, 2, 2, 1}, "VALID")); }},
  };
}

class ImagePatchesGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(ImagePatchesGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Cases, ImagePatchesGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

}  // namespace
