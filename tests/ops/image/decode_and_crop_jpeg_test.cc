// tf::io::decode_and_crop_jpeg against TensorFlow 2.21: for a 4:4:4 JPEG every window equals the
// same window of a full decode; for a 4:2:0 JPEG the window's edge columns take TensorFlow's
// values, which differ from a full decode's (both crop through libjpeg-turbo's
// jpeg_crop_scanline); ratio, channels, traced shapes and TensorFlow's errors.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include <tfpp/io/decode_and_crop_jpeg.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;

// A 37 x 53 RGB image with edges in every channel, encoded as TensorFlow's
// tf.io.encode_jpeg(image, quality=90, chroma_downsampling=...) encodes it.
Tensor jpeg(bool chroma_downsampling) {
  std::vector<std::uint8_t> v;
  for (int y = 0; y < 37; ++y)
    for (int x = 0; x < 53; ++x) {
      v.push_back(static_cast<std::uint8_t>((y * 7 + x * 13 + (y * x) % 17) % 256));
      v.push_back(static_cast<std::uint8_t>((y * 29 + x * 3) % 256));
      v.push_back(static_cast<std::uint8_t>(((255 - y * 5 - x * 2) % 256 + 256) % 256));
    }
  return tf::io::encode_jpeg(tf::constant(v, {37, 53, 3}), {.quality = 90, .chroma_downsampling = chroma_downsampling});
}

Tensor window(std::int32_t y, std::int32_t x, std::int32_t h, std::int32_t w) {
  return tf::constant(std::vector<std::int32_t>{y, x, h, w});
}

// The window of a full decode.
Tensor cropped(const Tensor& image, std::int64_t y, std::int64_t x, std::int64_t h, std::int64_t w) {
  return tf::slice(image, {y, x, 0}, {h, w, -1});
}

std::vector<std::uint8_t> bytes(const Tensor& t) { return t.numpy<std::uint8_t>(); }

std::int64_t sum(const Tensor& t) {
  const std::vector<std::uint8_t> b = bytes(t);
  return std::accumulate(b.begin(), b.end(), std::int64_t{0});
}

// The first row's red channel.
std::vector<std::uint8_t> first_red_row(const Tensor& t) {
  const std::vector<std::uint8_t> b = bytes(t);
  std::vector<std::uint8_t> red;
  for (std::int64_t x = 0; x < t.shape().dim(1); ++x) red.push_back(b[static_cast<std::size_t>(x * 3)]);
  return red;
}

TEST(DecodeAndCropJpeg, WindowsOfAFullResolutionJpegMatchAFullDecode) {
  const Tensor contents = jpeg(false);
  const Tensor full = tf::io::decode_jpeg(contents);
  for (const auto& [y, x, h, w] : std::vector<std::array<std::int32_t, 4>>{
           {0, 0, 37, 53}, {3, 5, 10, 17}, {8, 9, 20, 30}, {36, 52, 1, 1}, {1, 16, 5, 16}, {0, 40, 37, 13}}) {
    const Tensor crop = tf::io::decode_and_crop_jpeg(contents, window(y, x, h, w));
    EXPECT_EQ(crop.dtype(), tf::uint8);
    EXPECT_EQ(crop.shape(), (tf::TensorShape{h, w, 3}));
    EXPECT_EQ(bytes(crop), bytes(cropped(full, y, x, h, w))) << y << " " << x << " " << h << " " << w;
  }
}

TEST(DecodeAndCropJpeg, SubsampledChromaGivesTensorFlowsEdges) {
  const Tensor contents = jpeg(true);
  const Tensor full = tf::io::decode_jpeg(contents);
  const Tensor a = tf::io::decode_and_crop_jpeg(contents, window(3, 5, 10, 17));
  EXPECT_EQ(sum(a), 76749);
  EXPECT_EQ(first_red_row(a), (std::vector<std::uint8_t>{93, 111, 123, 132, 143, 160, 172, 179, 192, 208, 217, 221, 199, 69, 44, 48, 49}));
  EXPECT_EQ(first_red_row(cropped(full, 3, 5, 10, 17)).back(), 51);
  const Tensor b = tf::io::decode_and_crop_jpeg(contents, window(1, 16, 5, 16));
  EXPECT_EQ(sum(b), 37512);
  EXPECT_EQ(first_red_row(b), (std::vector<std::uint8_t>{222, 214, 193, 86, 46, 33, 31, 50, 69, 87, 100, 115, 123, 138, 149, 157}));
  // A window reaching the image's last column has no right edge of its own.
  EXPECT_EQ(bytes(tf::io::decode_and_crop_jpeg(contents, window(0, 40, 37, 13))), bytes(cropped(full, 0, 40, 37, 13)));
}

TEST(DecodeAndCropJpeg, AttributesApplyToTheDecodedImage) {
  const Tensor contents = jpeg(true);
  EXPECT_EQ(tf::io::decode_and_crop_jpeg(contents, window(3, 5, 10, 17), {.channels = 1}).shape(), (tf::TensorShape{10, 17, 1}));
  // The window lies in the image after downscaling: 10 x 14 for ratio 4.
  const Tensor quarter = tf::io::decode_and_crop_jpeg(contents, window(1, 2, 5, 6), {.ratio = 4});
  EXPECT_EQ(quarter.shape(), (tf::TensorShape{5, 6, 3}));
  EXPECT_EQ(bytes(quarter), bytes(cropped(tf::io::decode_jpeg(contents, {.ratio = 4}), 1, 2, 5, 6)));
  const Tensor blocky = tf::io::decode_and_crop_jpeg(contents, window(3, 5, 10, 17), {.fancy_upscaling = false});
  EXPECT_EQ(bytes(blocky), bytes(cropped(tf::io::decode_jpeg(contents, {.fancy_upscaling = false}), 3, 5, 10, 17)));
}

TEST(DecodeAndCropJpeg, TruncatedFilesAsTensorFlow) {
  const std::string file = jpeg(true).item<std::string>();
  const Tensor truncated = tf::constant(file.substr(0, file.size() * 2 / 3));
  EXPECT_EQ(error_of([&] { tf::io::decode_and_crop_jpeg(truncated, window(0, 0, 30, 30)); }),
            "[DecodeAndCropJpeg] jpeg::Uncompress failed. Invalid JPEG data or crop window.");
  const Tensor recovered = tf::io::decode_and_crop_jpeg(truncated, window(2, 3, 30, 30), {.try_recover_truncated = true});
  EXPECT_EQ(recovered.shape(), (tf::TensorShape{30, 30, 3}));
  const Tensor partial = tf::io::decode_and_crop_jpeg(truncated, window(2, 0, 30, 30), {.acceptable_fraction = 0.1});
  EXPECT_EQ(partial.shape(), (tf::TensorShape{30, 30, 3}));
}

TEST(DecodeAndCropJpeg, TracedShapesAsTensorFlow) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor contents, Tensor crop_window) {
    const std::vector<Tensor> out{tf::io::decode_and_crop_jpeg(contents, crop_window),
                                  tf::io::decode_and_crop_jpeg(contents, window(1, 2, 3, 4), {.channels = 1})};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec(tf::TensorShape{}, tf::string), tf::TensorSpec(tf::TensorShape{4}, tf::int32));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, None, None}, {3, 4, 1}}));
  const Tensor contents = jpeg(true);
  const std::vector<Tensor> out = concrete.call_flat({contents, window(8, 9, 20, 30)});
  EXPECT_EQ(bytes(out[0]), bytes(tf::io::decode_and_crop_jpeg(contents, window(8, 9, 20, 30))));
  EXPECT_EQ(out[1].shape(), (tf::TensorShape{3, 4, 1}));
}

TEST(DecodeAndCropJpeg, ErrorsAsTensorFlow) {
  const Tensor contents = jpeg(true);
  const std::string invalid = "[DecodeAndCropJpeg] jpeg::Uncompress failed. Invalid JPEG data or crop window.";
  for (const Tensor& w : {window(0, 0, 38, 53), window(0, 1, 37, 53), window(0, 0, 0, 5), window(-1, 0, 3, 3)})
    EXPECT_EQ(error_of([&] { tf::io::decode_and_crop_jpeg(contents, w); }), invalid);
  EXPECT_EQ(error_of([&] { tf::io::decode_and_crop_jpeg(contents, window(0, 0, 20, 20), {.ratio = 2}); }), invalid);
  EXPECT_EQ(error_of([&] { tf::io::decode_and_crop_jpeg(contents, tf::constant(std::vector<std::int32_t>{0, 0, 3})); }),
            "[DecodeAndCropJpeg] crop_size must have four elements [3]");
  EXPECT_EQ(error_of([&] { tf::io::decode_and_crop_jpeg(contents, tf::constant(std::vector<std::int64_t>{0, 0, 3, 3})); }),
            "[DecodeAndCropJpeg] cannot compute DecodeAndCropJpeg as input #1(zero-based) was expected to be a int32 tensor "
            "but is a int64 tensor");
  EXPECT_EQ(error_of([&] { tf::io::decode_and_crop_jpeg(contents, window(0, 0, 3, 3), {.ratio = 3}); }),
            "[DecodeAndCropJpeg] ratio must be 1, 2, 4, or 8, got 3");
  EXPECT_EQ(error_of([] { tf::io::decode_and_crop_jpeg(tf::constant(std::string("garbage")), window(0, 0, 1, 1)); }),
            "[DecodeAndCropJpeg] Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.");
  const Tensor png = tf::io::encode_png(tf::zeros({2, 2, 3}, tf::uint8));
  EXPECT_EQ(error_of([&] { tf::io::decode_and_crop_jpeg(png, window(0, 0, 1, 1)); }),
            "[DecodeAndCropJpeg] DecodeAndCropJpeg operation can run on JPEG only, but detected PNG.");
}

}  // namespace
