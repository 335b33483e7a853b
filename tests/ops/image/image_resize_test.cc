// tf::image::resize with every method against values TensorFlow 2.21 produced for the same
// 2x3 image, dtypes, static shapes when traced with unknown dimensions, TensorFlow's errors,
// and gradients. The resize ops compute in float32 whatever the input dtype (as TensorFlow's),
// too coarse for central differences; since each is linear in the image, its gradient is
// checked exactly as the adjoint instead: <resize(x), w> == <x, gradient(w)>.
#include <gtest/gtest.h>

#include <tfpp/image_resize.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using M = tf::image::ResizeMethod;

Tensor image() { return tf::constant(std::vector<float>{0.0f, 0.5f, 1.0f, 0.25f, 0.75f, 0.0f}, {2, 3, 1}); }

void expect_near(const Tensor& got, const std::vector<float>& want) {
  const std::vector<float> g = got.numpy<float>();
  ASSERT_EQ(g.size(), want.size());
  for (std::size_t i = 0; i < g.size(); ++i) EXPECT_NEAR(g[i], want[i], 1e-6f) << "at " << i;
}

Tensor resized(const char* method, bool antialias = false) {
  return tf::image::resize(image(), {3, 4}, {.method = method, .antialias = antialias});
}

TEST(ImageResize, EveryMethodMatchesTensorFlow) {
  expect_near(resized(M::BILINEAR), {0.0f, 0.3125f, 0.6875f, 1.0f, 0.125f, 0.4375f, 0.578125f, 0.5f, 0.25f, 0.5625f, 0.46875f, 0.0f});
  expect_near(resized(M::NEAREST_NEIGHBOR), {0.0f, 0.5f, 0.5f, 1.0f, 0.25f, 0.75f, 0.75f, 0.0f, 0.25f, 0.75f, 0.75f, 0.0f});
  expect_near(resized(M::BICUBIC), {-0.04259160906076431f, 0.256046861410141f, 0.735971212387085f, 1.0963106155395508f,
                                    0.0988805964589119f, 0.44714686274528503f, 0.613423764705658f, 0.493470162153244f,
                                    0.2403527945280075f, 0.6382467746734619f, 0.4908761978149414f, -0.10937038064002991f});
  expect_near(resized(M::AREA), {0.0f, 0.3333333432674408f, 0.6666666865348816f, 1.0f, 0.1250000149011612f, 0.4583333432674408f,
                                 0.5833333730697632f, 0.4999999701976776f, 0.2499999850988388f, 0.5833333134651184f,
                                 0.4999999701976776f, 0.0f});
  expect_near(resized(M::LANCZOS3), {-0.05181245505809784f, 0.16997599601745605f, 0.8106800317764282f, 1.1594488620758057f,
                                     0.08665014058351517f, 0.43495967984199524f, 0.6429468989372253f, 0.4798533320426941f,
                                     0.22511276602745056f, 0.6999434232711792f, 0.475213885307312f, -0.1997421681880951f});
  expect_near(resized(M::GAUSSIAN), {0.05417138338088989f, 0.33868131041526794f, 0.6622098684310913f, 0.9032623171806335f,
                                     0.16292908787727356f, 0.4374062418937683f, 0.5694531202316284f, 0.5094822645187378f,
                                     0.2716867923736572f, 0.5361310839653015f, 0.47669634222984314f, 0.11570222675800323f});
  expect_near(resized(M::MITCHELLCUBIC), {0.0011412043822929263f, 0.2893639802932739f, 0.7101341485977173f, 1.0045934915542603f,
                                          0.1280725598335266f, 0.43810129165649414f, 0.5943809151649475f, 0.5007681250572205f,
                                          0.2550039291381836f, 0.5868386030197144f, 0.4786277115345001f, -0.003057388123124838f});
  expect_near(tf::image::resize(image(), {1, 2}, {.antialias = true}), {0.3125000298023224f, 0.5468750596046448f});
  expect_near(tf::image::resize_with_pad(image(), 4, 4),
              {0.0f, 0.3125f, 0.6875f, 1.0f, 0.25f, 0.5625f, 0.46875f, 0.0f, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(tf::image::resize(image(), {4, 4}, {.preserve_aspect_ratio = true}).shape(), (tf::TensorShape{3, 4, 1}));
}

TEST(ImageResize, DtypesAsTensorFlow) {
  const Tensor pixels = tf::constant(std::vector<std::uint8_t>{0, 100, 200, 50, 150, 250}, {1, 2, 3, 1});
  const Tensor nearest = tf::image::resize(pixels, {4, 6}, {.method = M::NEAREST_NEIGHBOR});
  EXPECT_EQ(nearest.dtype(), tf::uint8);
  EXPECT_EQ(nearest.shape(), (tf::TensorShape{1, 4, 6, 1}));
  EXPECT_EQ(tf::image::resize(pixels, {4, 6}).dtype(), tf::float32);
  EXPECT_EQ(tf::image::resize(tf::cast(image(), tf::float64), {4, 6}, {.method = M::LANCZOS5}).dtype(), tf::float32);
}

TEST(ImageResize, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { resized("cubic"); }), "[resize] Resize method is not implemented: cubic");
  EXPECT_EQ(error_of([] { tf::image::resize(tf::zeros({2, 3}), {3, 4}); }), "[resize] 'images' must have either 3 or 4 dimensions.");
  EXPECT_EQ(error_of([] { tf::image::resize(image(), {3, 4, 5}); }),
            "[resize] 'size' must be a 1-D Tensor of 2 elements: new_height, new_width");
  EXPECT_EQ(error_of([] { tf::image::resize(image(), {0, 4}); }), "[ResizeBilinear] output dimensions must be positive");
  EXPECT_EQ(error_of([] { tf::image::resize_with_pad(image(), 0, 4); }), "[resize_with_pad] target_height must be > 0.");
}

TEST(ImageResize, TracedWithUnknownDimensions) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor x) {
    std::vector<Tensor> out;
    for (const char* m : {M::BILINEAR, M::NEAREST_NEIGHBOR, M::BICUBIC, M::AREA, M::LANCZOS3})
      out.push_back(tf::image::resize(x, {5, 2}, {.method = m}));
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec({None, None, None, 1}));
  EXPECT_EQ(shapes, std::vector<tf::TensorShape>(5, tf::TensorShape{None, 5, 2, 1}));
  const Tensor batch = tf::expand_dims(image(), 0);
  const std::vector<Tensor> out = concrete.call_flat({batch});
  EXPECT_EQ(out[0].numpy<float>(), tf::image::resize(batch, {5, 2}).numpy<float>());
  EXPECT_EQ(out[4].numpy<float>(), tf::image::resize(batch, {5, 2}, {.method = M::LANCZOS3}).numpy<float>());
}

// The adjoint identity <resize(x), w> == <x, dresize/dx applied to w>, for a linear resize.
void expect_adjoint(const char* method, bool antialias, const Tensor& x, const std::vector<std::int64_t>& size) {
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::image::resize(x, size, {.method = method, .antialias = antialias});
  const Tensor w = tf::random::uniform(y.shape(), {.minval = -1.0, .maxval = 1.0, .seed = 7});
  const Tensor g = tape.gradient(tf::reduce_sum(y * w), x);
  ASSERT_TRUE(g.defined()) << method;
  EXPECT_EQ(g.shape(), x.shape());
  const double lhs = tf::cast(tf::reduce_sum(y * w), tf::float64).item<double>();
  const double rhs = tf::reduce_sum(tf::cast(x, tf::float64) * tf::cast(g, tf::float64)).item<double>();
  EXPECT_NEAR(lhs, rhs, 1e-4 * (1 + std::abs(lhs))) << method << (antialias ? " antialias" : "");
}

TEST(ImageResize, GradientsAreTheAdjointsOfTheResizes) {
  const Tensor x = tf::random::uniform({2, 5, 7, 3}, {.seed = 3});
  for (const char* m : {M::BILINEAR, M::NEAREST_NEIGHBOR, M::BICUBIC, M::LANCZOS3, M::LANCZOS5, M::GAUSSIAN, M::MITCHELLCUBIC})
    for (const auto& size : {std::vector<std::int64_t>{9, 4}, {3, 11}, {5, 7}}) {
      expect_adjoint(m, false, x, size);
      expect_adjoint(m, true, x, size);
    }
  expect_adjoint(M::BICUBIC, false, tf::cast(x, tf::float64), {8, 8});
}

TEST(ImageResize, AreaHasNoGradientAsInTensorFlow) {
  const Tensor x = image();
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::image::resize(x, {3, 4}, {.method = M::AREA});
  EXPECT_THROW(tape.gradient(y, x), tf::LookupError);
}

}  // namespace
