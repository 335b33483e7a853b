// tf.image.adjust_jpeg_quality, random_jpeg_quality and stateless_random_jpeg_quality as TensorFlow
// composes them: convert to uint8 (saturating), EncodeJpegVariableQuality, DecodeJpeg with the
// image's channel count, convert back to the image's dtype.
#include <string>

#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/image_codecs.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_jpeg_quality.h"
#include "tfpp/random_ops.h"

namespace tf::image {
namespace {

// TensorFlow's Python checks of the quality range, raised as ValueError there.
void check_range(const char* function, std::int64_t lo, std::int64_t hi) {
  if (lo < 0 || hi < 0 || lo > 100 || hi > 100)
    throw InvalidArgumentError(std::string("[") + function + "] jpeg encoding range must be between 0 and 100.");
  if (lo >= hi) throw InvalidArgumentError(std::string("[") + function + "] `min_jpeg_quality` must be less than `max_jpeg_quality`.");
}

}  // namespace

Tensor adjust_jpeg_quality(const Tensor& image, const Tensor& jpeg_quality, const std::string& dct_method) {
  const TensorShape& shape = image.shape();
  const std::int64_t channels = shape.has_unknown_rank() || shape.rank() == 0 || shape.dim(-1) == None ? 0 : shape.dim(-1);
  const Tensor pixels = convert_image_dtype(image, uint8, true);
  const Tensor encoded = encode_jpeg_variable_quality(pixels, jpeg_quality);
  const Tensor decoded = io::decode_jpeg(encoded, {.channels = channels, .dct_method = dct_method});
  return convert_image_dtype(decoded, image.dtype(), true);
}

Tensor random_jpeg_quality(const Tensor& image, std::int64_t min_jpeg_quality, std::int64_t max_jpeg_quality,
                           std::optional<std::int64_t> seed) {
  check_range("random_jpeg_quality", min_jpeg_quality, max_jpeg_quality);
  const Tensor quality = random::uniform(
      {}, {.minval = double(min_jpeg_quality), .maxval = double(max_jpeg_quality), .dtype = int32, .seed = seed});
  return adjust_jpeg_quality(image, quality);
}

Tensor stateless_random_jpeg_quality(const Tensor& image, std::int64_t min_jpeg_quality, std::int64_t max_jpeg_quality,
                                     const IntArray& seed) {
  check_range("stateless_random_jpeg_quality", min_jpeg_quality, max_jpeg_quality);
  const Tensor quality =
      random::stateless_uniform({}, seed, {.minval = double(min_jpeg_quality), .maxval = double(max_jpeg_quality), .dtype = int32});
  return adjust_jpeg_quality(image, quality);
}

}  // namespace tf::image
