// tf::io's PNG and JPEG codecs against files and pixels TensorFlow 2.21 produced for the same
// 4x5 RGB image (values ((37 i) mod 256)): the PNG encodes byte-identically, TensorFlow's JPEG
// decodes to TensorFlow's pixels (both are libjpeg-turbo with the same settings), round trips,
// channel conversions, shapes read from headers and when traced, and TensorFlow's errors.
#include <gtest/gtest.h>

#include <tfpp/image_codecs.h>
#include <tfpp/tfpp.h>

#include "error_of.h"
#include "from_hex.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::from_hex;

Tensor pixels() {
  std::vector<std::uint8_t> v;
  for (int i = 0; i < 4 * 5 * 3; ++i) v.push_back(static_cast<std::uint8_t>(i * 37 % 256));
  return tf::constant(v, {4, 5, 3});
}

// TensorFlow's tf.io.encode_png(pixels()).
const std::string kPng = from_hex(
      "89504e470d0a1a0a0000000d4948445200000005000000040802000000c95162170000001e494441540899636050f5ca9fb2"
      "f31eb3866fd1f43d0fd998b45101213e000ae60dc3ffd5126a0000000049454e44ae426082");
// TensorFlow's tf.io.encode_jpeg(pixels(), quality=80).
const std::string kJpeg = from_hex(
      "ffd8ffe000104a46494600010101012c012c0000ffdb00430006040506050406060506070706080a100a0a09090a140e0f0c"
      "1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707070a080a"
      "130a0a13281a161a282828282828282828282828282828282828282828282828282828282828282828282828282828282828"
      "2828282828282828ffc00011080004000503012200021101031101ffc4001f00000105010101010101000000000000000001"
      "02030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114"
      "328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a53545556"
      "5758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5"
      "b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffc4001f010003"
      "0101010101010101010000000000000102030405060708090a0bffc400b51100020102040403040705040400010277000102"
      "031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a35"
      "363738393a434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495"
      "969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9ea"
      "f2f3f4f5f6f7f8f9faffda000c03010002110311003f00ced6524d3b4eb77d2aeae74f2d73340c2da4281962489133f8027e"
      "ac7d68a28aeac3e12857a4aa5582949f56937f7b392a62ebd29b8426d24f64da47ffd9");

std::vector<std::uint8_t> bytes(const Tensor& t) { return t.numpy<std::uint8_t>(); }

TEST(ImageCodecs, PngEncodesAsTensorFlowAndRoundTrips) {
  const Tensor png = tf::io::encode_png(pixels());
  EXPECT_EQ(png.item<std::string>(), kPng);
  EXPECT_EQ(bytes(tf::io::decode_png(png)), bytes(pixels()));
  EXPECT_EQ(bytes(tf::io::decode_png(tf::constant(kPng), {.channels = 1})), (std::vector<std::uint8_t>{30, 141, 72, 107, 188, 73, 184, 39, 150, 81, 116, 197, 82, 193, 48, 159, 90, 125, 206, 91}));
  const Tensor rgba = tf::io::decode_png(png, {.channels = 4});
  EXPECT_EQ(rgba.shape(), (tf::TensorShape{4, 5, 4}));
  EXPECT_EQ(bytes(tf::io::decode_png(tf::io::encode_png(rgba, 9))), bytes(rgba));
  for (std::int64_t level = -1; level <= 9; ++level) EXPECT_EQ(bytes(tf::io::decode_png(tf::io::encode_png(pixels(), level))), bytes(pixels()));
}

TEST(ImageCodecs, JpegDecodesAsTensorFlow) {
  const Tensor contents = tf::constant(kJpeg);
  EXPECT_EQ(bytes(tf::io::decode_jpeg(contents)), (std::vector<std::uint8_t>{19, 34, 103, 110, 123, 178, 68, 72, 107, 115, 106, 111, 216, 184, 159, 61, 70, 113, 172, 181, 214, 39, 46, 64, 149, 148, 146, 90, 72, 50, 124, 124, 112, 184, 188, 174, 72, 83, 67, 183, 196, 179, 48, 59, 45, 155, 150, 110, 118, 118, 80, 114, 128, 95, 188, 210, 187, 75, 98, 90}));
  EXPECT_EQ(bytes(tf::io::decode_jpeg(contents, {.channels = 1, .dct_method = "INTEGER_ACCURATE"})),
            (std::vector<std::uint8_t>{37, 126, 76, 109, 191, 72, 182, 46, 149, 75, 123, 186, 78, 191, 54, 148, 115, 120, 202, 90}));
  EXPECT_EQ(tf::io::extract_jpeg_shape(contents).numpy<std::int32_t>(), (std::vector<std::int32_t>{4, 5, 3}));
  EXPECT_EQ(tf::io::decode_jpeg(contents, {.ratio = 2}).shape(), (tf::TensorShape{2, 3, 3}));
  EXPECT_TRUE(tf::io::is_jpeg(contents).item<bool>());
  EXPECT_FALSE(tf::io::is_jpeg(tf::constant(kPng)).item<bool>());
  // Every decode op reads either format, as TensorFlow 2's.
  EXPECT_EQ(bytes(tf::io::decode_png(contents)), bytes(tf::io::decode_jpeg(contents)));
  EXPECT_EQ(bytes(tf::io::decode_image(tf::constant(kPng))), bytes(pixels()));
}

TEST(ImageCodecs, JpegRoundTripsCloseToASmoothImage) {
  std::vector<std::uint8_t> v;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x)
      for (int c = 0; c < 3; ++c) v.push_back(static_cast<std::uint8_t>(40 + 6 * y + 4 * x + 30 * c));
  const Tensor smooth = tf::constant(v, {16, 16, 3});
  const Tensor decoded = tf::io::decode_jpeg(tf::io::encode_jpeg(smooth, {.quality = 100, .chroma_downsampling = false}),
                                             {.dct_method = "INTEGER_ACCURATE"});
  const Tensor diff = tf::abs(tf::cast(decoded, tf::int32) - tf::cast(smooth, tf::int32));
  EXPECT_LE(tf::reduce_max(diff).item<std::int32_t>(), 2);
  const Tensor gray = tf::io::encode_jpeg(tf::gather(pixels(), tf::constant(std::vector<std::int32_t>{0}, {1}), {.axis = 2}));
  EXPECT_EQ(tf::io::extract_jpeg_shape(gray, tf::int64).numpy<std::int64_t>(), (std::vector<std::int64_t>{4, 5, 1}));
}

TEST(ImageCodecs, DecodeImageConvertsDtypesAsTensorFlow) {
  const Tensor f = tf::io::decode_image(tf::constant(kPng), {.dtype = tf::float32});
  EXPECT_EQ(f.dtype(), tf::float32);
  // TensorFlow goes through 16 bits: 37 * 257 * (1 / 65535.f).
  EXPECT_EQ(f.numpy<float>()[1], 37.0f * 257.0f * (1.0f / 65535.0f));
  EXPECT_EQ(tf::io::decode_image(tf::constant(kPng), {.dtype = tf::int32}).numpy<std::int32_t>()[1], 37 * 257 * 32768);
}

TEST(ImageCodecs, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::io::decode_png(tf::constant(std::string())); }), "[DecodePng] Input is empty.");
  EXPECT_EQ(error_of([] { tf::io::decode_png(tf::constant(std::string("\x89PNG\r\n\x1a\nxxxx"))); }),
            "[DecodePng] Invalid PNG. Failed to initialize decoder.");
  // Headers claiming 65535 x 65535 and 16000 x 16000 RGBA pixels over 100 compressed bytes.
  const std::string too_large = from_hex(
      "89504e470d0a1a0a0000000d494844520000ffff0000ffff0806000000b605d9500000000c49444154789c6360a03d0000006400"
      "0186643c350000000049454e44ae426082");
  EXPECT_EQ(error_of([&] { tf::io::decode_png(tf::constant(too_large)); }), "[DecodePng] PNG size too large for int: 65535 by 65535");
  const std::string truncated = from_hex(
      "89504e470d0a1a0a0000000d4948445200003e8000003e800806000000417edfde0000000c49444154789c6360a03d0000006400"
      "0186643c350000000049454e44ae426082");
  EXPECT_EQ(error_of([&] { tf::io::decode_png(tf::constant(truncated)); }), "[DecodePng] Invalid PNG data, size 69");
  // A header cut right after its first marker: TensorFlow's memory source hangs here when recovering.
  EXPECT_THROW(tf::io::decode_jpeg(tf::constant(std::string("\xff\xd8\xff")), {.try_recover_truncated = true}),
               tf::InvalidArgumentError);
  EXPECT_EQ(error_of([] { tf::io::decode_png(tf::constant(kPng), {.channels = 5}); }),
            "[DecodePng] `channels` must be 0, 1, 3 or 4 but got 5");
  EXPECT_EQ(error_of([] { tf::io::decode_jpeg(tf::constant(kJpeg), {.ratio = 3}); }), "[DecodeJpeg] ratio must be 1, 2, 4, or 8, got 3");
  EXPECT_EQ(error_of([] { tf::io::decode_jpeg(tf::constant(std::string("\xff\xd8\xffxxxx"))); }),
            "[DecodeJpeg] jpeg::Uncompress failed. Invalid JPEG data or crop window.");
  EXPECT_EQ(error_of([] { tf::io::decode_image(tf::constant(std::string("abcdefgh"))); }),
            "[DecodeImage] Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.");
  EXPECT_EQ(error_of([] { tf::io::encode_png(tf::zeros({2, 3, 5}, tf::uint8)); }),
            "[EncodePng] image must have 1, 2, 3, or 4 channels, got 5");
  EXPECT_EQ(error_of([] { tf::io::encode_jpeg(pixels(), {.quality = 101}); }), "[EncodeJpeg] quality must be in [0,100], got 101");
  EXPECT_EQ(error_of([] { tf::io::encode_jpeg(pixels(), {.format = "grayscale"}); }),
            "[EncodeJpeg] format grayscale expects 1 channels, got [4,5,3]");
  EXPECT_EQ(error_of([] { tf::io::extract_jpeg_shape(tf::constant(kPng)); }), "[ExtractJpegShape] Invalid JPEG data, size 87");
  EXPECT_EQ(error_of([] { tf::io::decode_image(tf::constant(std::string("GIF89a........"))); }),
            "[DecodeImage] Invalid GIF data (size 14), failed to slurp gif file: Wrong record type detected");
  EXPECT_THROW(tf::io::decode_image(tf::constant(std::string("RIFF\0\0\0\0WEBPVP8 ", 16))), tf::UnimplementedError);
}

// Recovering from damage in a progressive file's scans, which jpeg_start_decompress reads, libjpeg
// can ask for data at one spot forever (as TensorFlow does on some of these): each decode ends.
TEST(ImageCodecs, DamagedProgressiveJpegsEndWhenRecovering) {
  std::vector<std::uint8_t> ramp;
  for (int i = 0; i < 32 * 32 * 3; ++i) ramp.push_back(static_cast<std::uint8_t>((i / 3) % 32 * 8 + i % 3 * 20));
  const std::string file =
      tf::io::encode_jpeg(tf::constant(ramp, {32, 32, 3}), {.quality = 60, .progressive = true}).item<std::string>();
  int decoded = 0, failed = 0;
  for (std::size_t byte = 2; byte < file.size(); ++byte)
    for (int bit : {0, 3, 6}) {
      std::string damaged = file;
      damaged[byte] = static_cast<char>(damaged[byte] ^ (1 << bit));
      try {
        const Tensor image = tf::io::decode_jpeg(tf::constant(damaged), {.try_recover_truncated = true, .acceptable_fraction = 0.5});
        EXPECT_EQ(image.rank(), 3);
        ++decoded;
      } catch (const tf::InvalidArgumentError&) {
        ++failed;
      }
    }
  EXPECT_GT(decoded, 0);
  EXPECT_GT(failed, 0);
}

TEST(ImageCodecs, TracedShapesAsTensorFlow) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor contents) {
    const std::vector<Tensor> out{tf::io::decode_png(contents), tf::io::decode_jpeg(contents, {.channels = 3}),
                                  tf::io::decode_image(contents), tf::io::decode_image(contents, {.expand_animations = false}),
                                  tf::io::extract_jpeg_shape(contents)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec(tf::TensorShape{}, tf::string));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, None, None}, {None, None, 3}, tf::TensorShape::unknown_rank(),
                                                   {None, None, None}, {3}}));
  const std::vector<Tensor> out = concrete.call_flat({tf::constant(kJpeg)});
  EXPECT_EQ(bytes(out[1]), bytes(tf::io::decode_jpeg(tf::constant(kJpeg))));
  EXPECT_EQ(out[2].shape(), (tf::TensorShape{4, 5, 3}));
}

}  // namespace
