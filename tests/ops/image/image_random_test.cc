// tf::image's random augmentations: the stateless ones against TensorFlow 2.21's results for
// the same seeds (bit for bit but contrast's mean), the stateful ones' determinism under an op seed, argument
// errors, and traced use.
#include <gtest/gtest.h>

#include <tfpp/image_random_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
namespace image = tf::image;

Tensor batch() {
  std::vector<float> v;
  for (int i = 0; i < 2 * 3 * 4 * 3; ++i) v.push_back(static_cast<float>((i * 37) % 101 / 100.0));
  return tf::constant(v, {2, 3, 4, 3});
}
Tensor first() { return tf::gather(batch(), tf::constant(0)); }
Tensor pixels() {
  std::vector<std::uint8_t> v;
  for (int i = 0; i < 3 * 4 * 3; ++i) v.push_back(static_cast<std::uint8_t>(i * 23 % 256));
  return tf::constant(v, {3, 4, 3});
}

std::vector<std::uint8_t> bytes(const Tensor& t) { return t.numpy<std::uint8_t>(); }
// Row 0 of each image (batch) or of the image, all channels, as floats.
std::vector<float> row0(const Tensor& t) { return tf::gather(t, tf::constant(0), {.axis = t.shape().rank() - 3}).numpy<float>(); }

TEST(ImageRandom, StatelessMatchTensorFlowBitForBit) {
  EXPECT_EQ(bytes(image::stateless_random_flip_left_right(pixels(), {1, 2})), (std::vector<std::uint8_t>{0, 23, 46, 69, 92, 115, 138, 161, 184, 207, 230, 253, 20, 43, 66, 89, 112, 135, 158, 181, 204, 227, 250, 17, 40, 63, 86, 109, 132, 155, 178, 201, 224, 247, 14, 37}));
  EXPECT_EQ(bytes(image::stateless_random_flip_up_down(pixels(), {3, 4})), (std::vector<std::uint8_t>{40, 63, 86, 109, 132, 155, 178, 201, 224, 247, 14, 37, 20, 43, 66, 89, 112, 135, 158, 181, 204, 227, 250, 17, 0, 23, 46, 69, 92, 115, 138, 161, 184, 207, 230, 253}));
  const Tensor flipped = image::stateless_random_flip_left_right(batch(), {5, 6});
  EXPECT_EQ(tf::gather(tf::gather(flipped, tf::constant(0), {.axis = 3}), tf::constant(0), {.axis = 1}).numpy<float>(),
            (std::vector<float>{0.30000001192092896f, 0.20000000298023224f, 0.10000000149011612f, 0.0f, 0.1899999976158142f, 0.28999999165534973f, 0.38999998569488525f, 0.49000000953674316f}));
  EXPECT_EQ(row0(image::stateless_random_brightness(first(), 0.3, {1, 2})), (std::vector<float>{0.20643627643585205f, 0.5764362812042236f, 0.9464362859725952f, 0.3064362704753876f, 0.6764363050460815f, 1.0464363098144531f, 0.4064362645149231f, 0.7764362692832947f, 1.1464362144470215f, 0.506436288356781f, 0.8764362931251526f, 0.23643627762794495f}));
  // AdjustContrastv2's mean is summed in another order than TensorFlow's: the last bit may differ.
  const std::vector<float> contrast = row0(image::stateless_random_contrast(first(), 0.2, 1.8, {1, 2}));
  const std::vector<float> want = {-0.256439745426178f, 0.29889416694641113f, 0.8542280197143555f, -0.1013900637626648f, 0.4539438486099243f, 1.0092777013778687f, 0.053659588098526f, 0.6089935302734375f, 1.1643273830413818f, 0.20870929956436157f, 0.7640432119369507f, -0.2466246485710144f};
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(contrast[i], want[i], 1e-6f) << i;
  EXPECT_EQ(row0(image::stateless_random_saturation(first(), 0.2, 1.8, {1, 2})), (std::vector<float>{0.0f, 0.3700000047683716f, 0.7400000095367432f, 0.0f, 0.41999998688697815f, 0.8399999737739563f, 0.0f, 0.4699999988079071f, 0.9399999976158142f, 0.2826562523841858f, 0.6700000166893005f, 0.0f}));
  EXPECT_EQ(row0(image::stateless_random_hue(first(), 0.4, {1, 2})), (std::vector<float>{0.7400000095367432f, 0.0f, 0.6278972625732422f, 0.8399999737739563f, 0.10000000149011612f, 0.7278972268104553f, 0.9399999976158142f, 0.20000000298023224f, 0.8278972506523132f, 0.029999999329447746f, 0.5230464339256287f, 0.6700000166893005f}));
  EXPECT_EQ(bytes(image::stateless_random_crop(pixels(), {2, 2, 3}, {1, 2})), (std::vector<std::uint8_t>{138, 161, 184, 207, 230, 253, 158, 181, 204, 227, 250, 17}));
  EXPECT_EQ(bytes(tf::gather(image::stateless_random_brightness(pixels(), 0.3, {7, 8}), tf::constant(0))),
            (std::vector<std::uint8_t>{0, 0, 0, 0, 21, 44, 67, 91, 114, 137, 160, 183}));
}

TEST(ImageRandom, StatefulDrawsFollowTheSeeds) {
  tf::random::set_seed(5);
  const Tensor a = image::random_brightness(first(), 0.5, 3);
  tf::random::set_seed(5);
  EXPECT_EQ(a.numpy<float>(), image::random_brightness(first(), 0.5, 3).numpy<float>());
  for (const Tensor& t : {image::random_flip_left_right(batch()), image::random_flip_up_down(first()),
                          image::random_contrast(first(), 0.5, 1.5), image::random_saturation(first(), 0.5, 1.5),
                          image::random_hue(first(), 0.2)})
    EXPECT_EQ(t.shape(), t.shape().rank() == 4 ? batch().shape() : first().shape());
  EXPECT_EQ(image::random_crop(pixels(), {2, 3, 3}).shape(), (tf::TensorShape{2, 3, 3}));
  tf::random::set_seed(std::nullopt);
}

TEST(ImageRandom, ArgumentErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { image::random_brightness(first(), -0.1); }), "[random_brightness] max_delta must be non-negative.");
  EXPECT_EQ(error_of([] { image::stateless_random_contrast(first(), 0.5, 0.5, {1, 2}); }),
            "[stateless_random_contrast] upper must be > lower.");
  EXPECT_EQ(error_of([] { image::random_saturation(first(), -1.0, 0.5); }), "[random_saturation] lower must be non-negative.");
  EXPECT_EQ(error_of([] { image::stateless_random_hue(first(), 0.6, {1, 2}); }), "[stateless_random_hue] max_delta must be <= 0.5.");
  EXPECT_EQ(error_of([] { image::stateless_random_flip_left_right(tf::zeros({2, 3}), {1, 2}); }),
            "[stateless_random_flip_left_right] 'image' (shape (2, 3)) must be at least three-dimensional.");
}

TEST(ImageRandom, TracedAsEagerly) {
  auto f = tf::function([](Tensor x) {
    return std::vector<Tensor>{image::stateless_random_hue(x, 0.4, {1, 2}), image::stateless_random_flip_up_down(x, {3, 4})};
  });
  const std::vector<Tensor> out = f.get_concrete_function(tf::TensorSpec({None, None, 3})).call_flat({first()});
  EXPECT_EQ(out[0].numpy<float>(), image::stateless_random_hue(first(), 0.4, {1, 2}).numpy<float>());
  EXPECT_EQ(out[1].numpy<float>(), image::stateless_random_flip_up_down(first(), {3, 4}).numpy<float>());
}

}  // namespace
