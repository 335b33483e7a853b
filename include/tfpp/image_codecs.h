// Image files to and from tensors (tf.io's and tf.image's codecs): PNG through libpng and JPEG
// through libjpeg-turbo, with TensorFlow's settings, so PNG files encode byte-identically and a
// JPEG decodes to the same pixels as in TensorFlow. Contents are scalar string tensors; images
// are [height, width, channels] uint8 tensors.
//
//   tf::Tensor pixels = tf::io::decode_image(tf::io::read_file("cat.jpg"), {.channels = 3});
//   tf::Tensor png = tf::io::encode_png(pixels);
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/tensor.h"

namespace tf::io {

/// Options of decode_png.
struct DecodePngOptions {
  std::int64_t channels = 0;  ///< 0: the file's; 1 (gray), 2 (gray + alpha), 3 (RGB) or 4 (RGBA)
  DType dtype = uint8;        ///< uint8, or uint16 for 16-bit samples (8-bit files give v * 257)
};
/// Decodes a PNG (or, as TensorFlow's op, any PNG, JPEG, GIF or BMP) into [height, width, channels] (tf.io.decode_png).
Tensor decode_png(const Tensor& contents, const DecodePngOptions& options = {});

/// Encodes a [height, width, channels] uint8 (or uint16: a 16-bit PNG) image as PNG; compression -1 is
/// zlib's default (tf.io.encode_png).
Tensor encode_png(const Tensor& image, std::int64_t compression = -1);

/// Options of decode_jpeg (TensorFlow's attributes and defaults).
struct DecodeJpegOptions {
  std::int64_t channels = 0;         ///< 0: the file's (1 or 3), 1 or 3
  std::int64_t ratio = 1;            ///< downscale by 1, 2, 4 or 8 while decoding
  bool fancy_upscaling = true;       ///< smooth chroma upsampling
  bool try_recover_truncated = false;
  double acceptable_fraction = 1.0;  ///< fewer rows than this fraction of a truncated file fail
  std::string dct_method;            ///< "", "INTEGER_FAST" or "INTEGER_ACCURATE"
};
/// Decodes a JPEG (or any JPEG, PNG, GIF or BMP) into [height, width, channels] uint8 (tf.io.decode_jpeg).
Tensor decode_jpeg(const Tensor& contents, const DecodeJpegOptions& options = {});

/// Options of encode_jpeg (TensorFlow's attributes and defaults).
struct EncodeJpegOptions {
  std::string format;             ///< "", "grayscale" or "rgb"; "" follows the channel count
  std::int64_t quality = 95;      ///< 0-100
  bool progressive = false;
  bool optimize_size = false;
  bool chroma_downsampling = true;
  std::string density_unit = "in";  ///< "in" or "cm"
  std::int64_t x_density = 300, y_density = 300;
  std::string xmp_metadata;
};
/// Encodes a [height, width, 1 or 3] uint8 image as JPEG (tf.io.encode_jpeg).
Tensor encode_jpeg(const Tensor& image, const EncodeJpegOptions& options = {});

/// Options of decode_image.
struct DecodeImageOptions {
  std::int64_t channels = 0;      ///< 0, 1, 3 or 4
  DType dtype = uint8;            ///< the result's dtype, converted as convert_image_dtype does
  bool expand_animations = true;  ///< leaves the static rank unknown, as for TensorFlow's animated GIFs
};
/// Decodes a PNG, JPEG, GIF or BMP, whichever the contents are (tf.io.decode_image).
Tensor decode_image(const Tensor& contents, const DecodeImageOptions& options = {});

/// Whether contents start like a JPEG file (tf.io.is_jpeg).
Tensor is_jpeg(const Tensor& contents);
/// [height, width, channels] of a JPEG from its header, as int32 or int64 (tf.io.extract_jpeg_shape).
Tensor extract_jpeg_shape(const Tensor& contents, DType output_type = int32);

}  // namespace tf::io
