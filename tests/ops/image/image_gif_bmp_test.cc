// tf::io::decode_gif, decode_bmp and decode_image on a GIF and a BMP written byte by byte
// (tests/python/image_files.py): the second GIF frame drawn over the first at its offset with a
// transparent pixel, BMP rows stored bottom-up in BGR, channel conversions, dtypes, the ranks of
// each op, shapes when traced, and TensorFlow's errors. tests/python/programs/image_gif_bmp.py
// compares many more files with TensorFlow itself.
#include <gtest/gtest.h>

#include <tfpp/image_codecs.h>
#include <tfpp/image_gif_bmp.h>
#include <tfpp/tfpp.h>

#include "error_of.h"
#include "from_hex.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::from_hex;

// 3x2 canvas, colors red, green, blue, (9, 8, 7). Frame 1: [[0, 1, 2], [3, 0, 1]]; frame 2: the
// 2x1 row [2, 1] at (1, 1), index 1 transparent.
const std::string kGif = from_hex(
    "47494638396103000200f10000ff000000ff000000ff0908072c000000000300020000080800010410304060400021f904010a0001"
    "002c01000100020001000008050005040808003b");
// 2x2 24-bit bottom-up: [[(10, 20, 30), (40, 50, 60)], [(1, 2, 3), (4, 5, 6)]].
const std::string kBmp = from_hex(
    "424d460000000000000036000000280000000200000002000000010018000000000010000000130b0000130b000000000000000000"
    "0003020106050400001e140a3c32280000");

std::vector<std::uint8_t> bytes(const Tensor& t) { return t.numpy<std::uint8_t>(); }

TEST(ImageGifBmp, GifFramesAreDrawnOverThePreviousOne) {
  const Tensor frames = tf::io::decode_gif(tf::constant(kGif));
  EXPECT_EQ(frames.shape(), tf::TensorShape({2, 2, 3, 3}));
  const std::vector<std::uint8_t> first = {255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 8, 7, 255, 0, 0, 0, 255, 0};
  std::vector<std::uint8_t> second = first;
  second[12] = 0, second[13] = 0, second[14] = 255;  // (1, 1) blue; (2, 1) transparent keeps green
  std::vector<std::uint8_t> expected = first;
  expected.insert(expected.end(), second.begin(), second.end());
  EXPECT_EQ(bytes(frames), expected);

  const Tensor still = tf::io::decode_image(tf::constant(kGif), {.expand_animations = false});
  EXPECT_EQ(still.shape(), tf::TensorShape({2, 3, 3}));
  EXPECT_EQ(bytes(still), first);
  EXPECT_EQ(tf::io::decode_image(tf::constant(kGif)).shape(), tf::TensorShape({2, 2, 3, 3}));
  const Tensor wide = tf::io::decode_image(tf::constant(kGif), {.dtype = tf::uint16});
  EXPECT_EQ(wide.numpy<std::uint16_t>()[0], 255 * 256);  // TensorFlow widens 8-bit samples by 256
  const Tensor unit = tf::io::decode_image(tf::constant(kGif), {.dtype = tf::float32});
  EXPECT_EQ(unit.numpy<float>()[9], 9.0f * (1.0f / 255.0f));
}

TEST(ImageGifBmp, GifErrorsAreTensorFlows) {
  EXPECT_EQ(error_of([] { tf::io::decode_gif(tf::constant(kGif.substr(0, 40))); }),
            "[DecodeGif] Invalid GIF data (size 40), failed to slurp gif file: Failed to read from given file");
  // Damage after a complete frame: TensorFlow decodes the complete frames.
  EXPECT_EQ(tf::io::decode_gif(tf::constant(kGif.substr(0, 64))).shape(), tf::TensorShape({1, 2, 3, 3}));
  EXPECT_NE(error_of([] { tf::io::decode_gif(tf::constant(kGif.substr(0, 9))); }).find("No screen descriptor detected"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::io::decode_png(tf::constant(kGif)); })
                .find("Got 2 frames, but animated gifs can only be decoded by tf.io.decode_gif or tf.io.decode_image"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::io::decode_image(tf::constant(kGif), {.channels = 4}); }).find("channels must be 0 or 3 for GIF, got 4"),
            std::string::npos);
  EXPECT_THROW(tf::io::decode_bmp(tf::constant(kGif)), tf::InvalidArgumentError);
}

TEST(ImageGifBmp, AFrameLargerThanItsDataFailsWithoutAllocatingIt) {
  // A 65535 x 65535 frame with four bytes of LZW data: reserving the declared 4 GiB would fail
  // (or exhaust memory) before the data runs out.
  const std::string huge = from_hex("474946383961010001000000002c00000000ffffffff80000000000000020"
                                    "24c01003b");
  EXPECT_NE(error_of([&] { tf::io::decode_gif(tf::constant(huge)); }).find("Invalid GIF data (size 35)"), std::string::npos);
}

TEST(ImageGifBmp, BmpRowsAreBottomUpBgr) {
  const Tensor rgb = tf::io::decode_bmp(tf::constant(kBmp));
  EXPECT_EQ(rgb.shape(), tf::TensorShape({2, 2, 3}));
  EXPECT_EQ(bytes(rgb), (std::vector<std::uint8_t>{10, 20, 30, 40, 50, 60, 1, 2, 3, 4, 5, 6}));
  const Tensor rgba = tf::io::decode_bmp(tf::constant(kBmp), 4);
  EXPECT_EQ(bytes(rgba), (std::vector<std::uint8_t>{10, 20, 30, 255, 40, 50, 60, 255, 1, 2, 3, 255, 4, 5, 6, 255}));
  EXPECT_EQ(bytes(tf::io::decode_image(tf::constant(kBmp))), bytes(rgb));
}

TEST(ImageGifBmp, BmpErrorsAreTensorFlows) {
  EXPECT_NE(error_of([] { tf::io::decode_bmp(tf::constant(kBmp + "xy")); })
                .find("Input size should match (header_size + row_size * abs_height) but they differ by 2"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::io::decode_bmp(tf::constant(kBmp.substr(0, 20))); }).find("requires at least 32 bytes"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::io::decode_bmp(tf::constant(kBmp), 1); }).find("`channels` must be 0, 3 or 4 for BMP, but got 1"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::io::decode_png(tf::constant(kBmp)); }).find("Op used: DecodePng"), std::string::npos);
}

TEST(ImageGifBmp, TracedShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor contents) {
    const std::vector<Tensor> out{tf::io::decode_gif(contents), tf::io::decode_bmp(contents, 4)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out[1];
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec(tf::TensorShape{}, tf::string));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, None, None, 3}, {None, None, 4}}));
  EXPECT_EQ(concrete.call_flat({tf::constant(kBmp)})[0].shape(), (tf::TensorShape{2, 2, 4}));
}

}  // namespace
