// tf::image's colour functions against values TensorFlow 2.21 produced for the same inputs
// (tests/conformance/cases_image.py covers more), convert_image_dtype's scaling and saturation
// rules, dtype round trips, errors, traced use and finite-difference gradients.
#include <gtest/gtest.h>

#include <tfpp/image_color_ops.h>
#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"
#include "error_of.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::GradCase;
using tf::testing::weighted;
using V = std::vector<Tensor>;

// The [2, 3, 4, 3] batch the expected values were computed from: ((7 i) mod 11) / 10.
Tensor batch() {
  std::vector<float> v;
  for (int i = 0; i < 2 * 3 * 4 * 3; ++i) v.push_back(static_cast<float>((i * 7) % 11 / 10.0));
  return tf::constant(v, {2, 3, 4, 3});
}
Tensor image() { return tf::gather(batch(), tf::constant(0)); }

// uint8 pixels 0, 23, 46, ..., 253 as [2, 2, 3].
Tensor pixels() {
  std::vector<std::uint8_t> v;
  for (int i = 0; i < 12; ++i) v.push_back(static_cast<std::uint8_t>(i * 23 % 256));
  return tf::constant(v, {2, 2, 3});
}

void expect_near(const Tensor& got, const std::vector<float>& want, float tolerance = 2e-6f) {
  const std::vector<float> g = got.numpy<float>();
  ASSERT_EQ(g.size(), want.size());
  for (std::size_t i = 0; i < g.size(); ++i) EXPECT_NEAR(g[i], want[i], tolerance) << "at " << i;
}

std::vector<std::uint8_t> bytes(const Tensor& t) { return t.numpy<std::uint8_t>(); }

TEST(ImageColor, FloatResultsMatchTensorFlow) {
  expect_near(tf::image::rgb_to_hsv(image()),
              std::vector<float>{0.4047619104385376f, 1.0f, 0.699999988079071f, 0.0833333432674408f, 0.800000011920929f, 1.0f, 0.0833333432674408f, 0.8888888359069824f, 0.8999999761581421f, 0.0833333358168602f, 1.0f, 0.800000011920929f, 0.761904776096344f, 0.699999988079071f, 1.0f, 0.761904776096344f, 0.7777777910232544f, 0.8999999761581421f, 0.761904776096344f, 0.875f, 0.800000011920929f, 0.761904776096344f, 1.0f, 0.699999988079071f, 0.4047619104385376f, 0.699999988079071f, 1.0f, 0.4047619104385376f, 0.7777777910232544f, 0.8999999761581421f, 0.4047619104385376f, 0.875f, 0.800000011920929f, 0.4047619104385376f, 1.0f, 0.699999988079071f});
  expect_near(tf::image::hsv_to_rgb(image()),
              std::vector<float>{0.30000001192092896f, 0.09000000357627869f, 0.09000000357627869f, 0.20000000298023224f, 0.07999999821186066f, 0.07999999821186066f, 0.10000000149011612f, 0.05000000074505806f, 0.08000002056360245f, 0.0f, 0.0f, 0.0f, 0.7599999308586121f, 0.699999988079071f, 1.0f, 0.7199999690055847f, 0.7919999957084656f, 0.8999999761581421f, 0.7199999690055847f, 0.800000011920929f, 0.800000011920929f, 0.699999988079071f, 0.699999988079071f, 0.699999988079071f, 0.119999960064888f, 0.6000000238418579f, 0.0f, 0.4099999666213989f, 0.5f, 0.050000011920928955f, 0.4000000059604645f, 0.2720000147819519f, 0.07999999821186066f, 0.30000001192092896f, 0.09000000357627869f, 0.09000000357627869f});
  expect_near(tf::image::adjust_saturation(image(), 0.6),
              std::vector<float>{0.2799999713897705f, 0.699999988079071f, 0.4599999785423279f, 1.0f, 0.7599999904632568f, 0.5199999809265137f, 0.8999999761581421f, 0.6599999666213989f, 0.42000001668930054f, 0.800000011920929f, 0.5600000023841858f, 0.3199999928474426f, 0.8200000524520874f, 0.5799999833106995f, 1.0f, 0.7200000286102295f, 0.47999995946884155f, 0.8999999761581421f, 0.6200000643730164f, 0.37999996542930603f, 0.800000011920929f, 0.5200001001358032f, 0.2799999713897705f, 0.699999988079071f, 0.5799999833106995f, 1.0f, 0.7599999904632568f, 0.47999995946884155f, 0.8999999761581421f, 0.6599999666213989f, 0.37999996542930603f, 0.800000011920929f, 0.5600000023841858f, 0.2799999713897705f, 0.699999988079071f, 0.4599999785423279f});
  expect_near(tf::image::adjust_saturation(image(), 2.5),
              std::vector<float>{0.0f, 0.699999988079071f, 0.30000001192092896f, 1.0f, 0.5f, 0.0f, 0.8999999761581421f, 0.44999998807907104f, 0.0f, 0.800000011920929f, 0.4000000059604645f, 0.0f, 0.5714287757873535f, 0.0f, 1.0f, 0.5142858624458313f, 0.0f, 0.8999999761581421f, 0.45714303851127625f, 0.0f, 0.800000011920929f, 0.40000012516975403f, 0.0f, 0.699999988079071f, 0.0f, 1.0f, 0.4285714626312256f, 0.0f, 0.8999999761581421f, 0.3857142925262451f, 0.0f, 0.800000011920929f, 0.3428571820259094f, 0.0f, 0.699999988079071f, 0.30000001192092896f});
  expect_near(tf::image::adjust_hue(image(), 0.3),
              std::vector<float>{0.15999998152256012f, 0.0f, 0.699999988079071f, 0.20000000298023224f, 1.0f, 0.44000017642974854f, 0.10000000149011612f, 0.8999999761581421f, 0.3400001525878906f, 0.0f, 0.800000011920929f, 0.2400001585483551f, 1.0f, 0.559999942779541f, 0.30000001192092896f, 0.8999999761581421f, 0.46000027656555176f, 0.20000000298023224f, 0.800000011920929f, 0.36000025272369385f, 0.10000000149011612f, 0.699999988079071f, 0.2600002586841583f, 0.0f, 0.4599999785423279f, 0.30000001192092896f, 1.0f, 0.35999998450279236f, 0.20000000298023224f, 0.8999999761581421f, 0.25999999046325684f, 0.10000000149011612f, 0.800000011920929f, 0.15999998152256012f, 0.0f, 0.699999988079071f});
  expect_near(tf::image::adjust_hue(image(), -0.7),
              std::vector<float>{0.16000032424926758f, 0.0f, 0.699999988079071f, 0.20000000298023224f, 1.0f, 0.44000017642974854f, 0.10000000149011612f, 0.8999999761581421f, 0.3400001525878906f, 0.0f, 0.800000011920929f, 0.2400001585483551f, 1.0f, 0.559999942779541f, 0.30000001192092896f, 0.8999999761581421f, 0.46000027656555176f, 0.20000000298023224f, 0.800000011920929f, 0.36000025272369385f, 0.10000000149011612f, 0.699999988079071f, 0.2600002586841583f, 0.0f, 0.46000033617019653f, 0.30000001192092896f, 1.0f, 0.3600003123283386f, 0.20000000298023224f, 0.8999999761581421f, 0.2600003182888031f, 0.10000000149011612f, 0.800000011920929f, 0.16000032424926758f, 0.0f, 0.699999988079071f});
  expect_near(tf::image::rgb_to_grayscale(image()),
              std::vector<float>{0.44510000944137573f, 0.6739000678062439f, 0.5739099979400635f, 0.4739200174808502f, 0.4993300139904022f, 0.3993400037288666f, 0.29934999346733093f, 0.19936001300811768f, 0.7450700402259827f, 0.6450799703598022f, 0.5450900197029114f, 0.44510000944137573f});
  expect_near(tf::image::rgb_to_yiq(image()),
              std::vector<float>{0.44510000944137573f, -0.2885928452014923f, -0.27255547046661377f, 0.6740000247955322f, 0.3668977916240692f, -0.03990181162953377f, 0.5740000009536743f, 0.3668977916240692f, -0.03989814594388008f, 0.4740000069141388f, 0.3668978214263916f, -0.039894476532936096f, 0.49939998984336853f, 0.013419479131698608f, 0.302428662776947f, 0.399399995803833f, 0.013419495895504951f, 0.3024323582649231f, 0.2994000017642975f, 0.013419493101537228f, 0.3024360239505768f, 0.19939999282360077f, 0.013419494964182377f, 0.30243968963623047f, 0.7451000213623047f, -0.2885928452014923f, -0.27256643772125244f, 0.6450999975204468f, -0.2885928153991699f, -0.27256277203559875f, 0.5451000332832336f, -0.2885928452014923f, -0.27255913615226746f, 0.44510000944137573f, -0.2885928452014923f, -0.27255547046661377f});
  expect_near(tf::image::yuv_to_rgb(image()),
              std::vector<float>{0.3419649302959442f, -0.45043617486953735f, 1.4224432706832886f, 1.2279765605926514f, 0.6470901966094971f, 2.2192370891571045f, 1.0139882564544678f, 0.6446166038513184f, 1.9160308837890625f, 0.800000011920929f, 0.6421430706977844f, 1.61282479763031f, 1.8398830890655518f, 0.0009854435920715332f, 1.309618592262268f, 1.6258947849273682f, -0.0014880875824019313f, 1.006412386894226f, 1.4119064807891846f, -0.003961713053286076f, 0.7032061815261841f, 1.197918176651001f, -0.00643527414649725f, 0.4000000059604645f, 0.9839298725128174f, -0.4430154263973236f, 2.332061767578125f, 0.769941508769989f, -0.44548898935317993f, 2.028855562210083f, 0.5559532046318054f, -0.44796261191368103f, 1.7256494760513306f, 0.3419649302959442f, -0.45043617486953735f, 1.4224432706832886f});
  expect_near(tf::image::per_image_standardization(batch()),
              std::vector<float>{-1.53231942653656f, 0.6742205619812012f, -0.5866593718528748f, 1.6198805570602417f, 0.35900065302848816f, -0.9018794894218445f, 1.3046605587005615f, 0.043780576437711716f, -1.2170994281768799f, 0.9894406199455261f, -0.27143940329551697f, -1.53231942653656f, 0.6742205619812012f, -0.5866593718528748f, 1.6198805570602417f, 0.35900065302848816f, -0.9018794894218445f, 1.3046605587005615f, 0.043780576437711716f, -1.2170994281768799f, 0.9894406199455261f, -0.27143940329551697f, -1.53231942653656f, 0.6742205619812012f, -0.5866593718528748f, 1.6198805570602417f, 0.35900065302848816f, -0.9018794894218445f, 1.3046605587005615f, 0.043780576437711716f, -1.2170994281768799f, 0.9894406199455261f, -0.27143940329551697f, -1.53231942653656f, 0.6742205619812012f, -0.5866593718528748f, 1.544629454612732f, 0.28798171877861023f, -0.9686662554740906f, 1.230467438697815f, -0.026180325075984f, -1.2828282117843628f, 0.9163056015968323f, -0.340342253446579f, -1.5969901084899902f, 0.6021435260772705f, -0.6545041799545288f, 1.544629454612732f, 0.28798171877861023f, -0.9686662554740906f, 1.230467438697815f, -0.026180325075984f, -1.2828282117843628f, 0.9163056015968323f, -0.340342253446579f, -1.5969901084899902f, 0.6021435260772705f, -0.6545041799545288f, 1.544629454612732f, 0.28798171877861023f, -0.9686662554740906f, 1.230467438697815f, -0.026180325075984f, -1.2828282117843628f, 0.9163056015968323f, -0.340342253446579f, -1.5969901084899902f, 0.6021435260772705f, -0.6545041799545288f, 1.544629454612732f, 0.28798171877861023f, -0.9686662554740906f});
  expect_near(tf::image::adjust_brightness(image(), 0.25),
              std::vector<float>{0.25f, 0.949999988079071f, 0.550000011920929f, 1.25f, 0.8500000238418579f, 0.44999998807907104f, 1.149999976158142f, 0.75f, 0.3499999940395355f, 1.0499999523162842f, 0.6499999761581421f, 0.25f, 0.949999988079071f, 0.550000011920929f, 1.25f, 0.8500000238418579f, 0.44999998807907104f, 1.149999976158142f, 0.75f, 0.3499999940395355f, 1.0499999523162842f, 0.6499999761581421f, 0.25f, 0.949999988079071f, 0.550000011920929f, 1.25f, 0.8500000238418579f, 0.44999998807907104f, 1.149999976158142f, 0.75f, 0.3499999940395355f, 1.0499999523162842f, 0.6499999761581421f, 0.25f, 0.949999988079071f, 0.550000011920929f});
  expect_near(tf::image::adjust_gamma(image(), 2.2, 0.9),
              std::vector<float>{0.0f, 0.4106370806694031f, 0.06366624683141708f, 0.8999999761581421f, 0.2925333082675934f, 0.02609206549823284f, 0.7137991189956665f, 0.19587387144565582f, 0.005678615532815456f, 0.5508590340614319f, 0.11988765746355057f, 0.0f, 0.4106370806694031f, 0.06366624683141708f, 0.8999999761581421f, 0.2925333082675934f, 0.02609206549823284f, 0.7137991189956665f, 0.19587387144565582f, 0.005678615532815456f, 0.5508590340614319f, 0.11988765746355057f, 0.0f, 0.4106370806694031f, 0.06366624683141708f, 0.8999999761581421f, 0.2925333082675934f, 0.02609206549823284f, 0.7137991189956665f, 0.19587387144565582f, 0.005678615532815456f, 0.5508590340614319f, 0.11988765746355057f, 0.0f, 0.4106370806694031f, 0.06366625428199768f});
  expect_near(tf::image::convert_image_dtype(pixels(), tf::float32),
              std::vector<float>{0.0f, 0.09019608050584793f, 0.18039216101169586f, 0.2705882489681244f, 0.3607843220233917f, 0.45098042488098145f, 0.5411764979362488f, 0.6313725709915161f, 0.7215686440467834f, 0.8117647767066956f, 0.9019608497619629f, 0.9921569228172302f});
  expect_near(tf::image::per_image_standardization(pixels()),
              std::vector<float>{-1.5932550430297852f, -1.3035722970962524f, -1.0138895511627197f, -0.724206805229187f, -0.4345240890979767f, -0.14484135806560516f, 0.14484135806560516f, 0.4345240890979767f, 0.724206805229187f, 1.0138895511627197f, 1.3035722970962524f, 1.5932550430297852f});
}

TEST(ImageColor, Uint8ImagesRoundTripThroughFloat32AsTensorFlow) {
  const Tensor p = pixels();
  EXPECT_EQ(bytes(tf::image::adjust_brightness(p, 0.3)), (std::vector<std::uint8_t>{76, 99, 122, 145, 168, 191, 214, 237, 255, 255, 255, 255}));
  EXPECT_EQ(bytes(tf::image::adjust_saturation(p, 0.4)), (std::vector<std::uint8_t>{27, 36, 46, 96, 106, 115, 165, 175, 184, 235, 244, 253}));
  EXPECT_EQ(bytes(tf::image::adjust_hue(p, 0.4)), (std::vector<std::uint8_t>{46, 0, 4, 115, 69, 73, 184, 138, 142, 253, 207, 212}));
  EXPECT_EQ(bytes(tf::image::rgb_to_grayscale(p)), (std::vector<std::uint8_t>{18, 87, 157, 226}));
  EXPECT_EQ(bytes(tf::image::adjust_gamma(p, 0.5)), (std::vector<std::uint8_t>{0, 76, 108, 132, 153, 171, 187, 203, 217, 230, 242, 254}));
  EXPECT_EQ(tf::image::rgb_to_grayscale(p).shape(), (tf::TensorShape{2, 2, 1}));
}

TEST(ImageColor, ConvertImageDtypeScalesAsTensorFlow) {
  const Tensor as_int32 = tf::image::convert_image_dtype(pixels(), tf::int32);
  EXPECT_EQ(as_int32.numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 192937984, 385875968, 578813952, 771751936, 964689920, 1157627904, 1350565888, 1543503872, 1736441856, 1929379840, 2122317824}));
  EXPECT_EQ(bytes(tf::image::convert_image_dtype(as_int32 + 12345, tf::uint8)), bytes(pixels()));
  const Tensor floats = tf::constant(std::vector<float>{-0.5f, 0.0f, 0.3f, 0.999f, 1.0f, 1.7f}, {6});
  EXPECT_EQ(bytes(tf::image::convert_image_dtype(floats, tf::uint8, true)), (std::vector<std::uint8_t>{0, 0, 76, 255, 255, 255}));
  // float32 cannot hold int32's maximum: saturate_cast clamps to the float just below it.
  const Tensor wide = tf::constant(std::vector<float>{-1.5f, 0.0f, 0.3f, 1.0f, 1.7f}, {5});
  EXPECT_EQ(tf::image::convert_image_dtype(wide, tf::int32, true).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{-2147483648, 0, 644245120, 2147483520, 2147483520}));
  const Tensor longs = tf::constant(std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(), -5, std::int64_t{1} << 40,
                                                               std::numeric_limits<std::int64_t>::max()}, {4});
  EXPECT_EQ(tf::image::convert_image_dtype(longs, tf::int32).numpy<std::int32_t>(), (std::vector<std::int32_t>{-2147483648, -1, 256, 2147483647}));
  EXPECT_EQ(tf::image::convert_image_dtype(floats, tf::float64).dtype(), tf::float64);
  EXPECT_EQ(tf::image::convert_image_dtype(floats, tf::float32).numpy<float>(), floats.numpy<float>());
}

TEST(ImageColor, DtypesAsTensorFlow) {
  const Tensor f64 = tf::cast(image(), tf::float64);
  EXPECT_EQ(tf::image::rgb_to_hsv(f64).dtype(), tf::float64);
  EXPECT_EQ(tf::image::adjust_hue(f64, 0.1).dtype(), tf::float64);
  EXPECT_EQ(tf::image::adjust_saturation(f64, 0.1).dtype(), tf::float64);
  EXPECT_EQ(tf::image::rgb_to_yiq(f64).dtype(), tf::float64);
  EXPECT_EQ(tf::image::per_image_standardization(pixels()).dtype(), tf::float32);
  EXPECT_EQ(tf::image::adjust_gamma(tf::ones({2, 2, 3}, tf::int32), 2.0).dtype(), tf::int32);
  EXPECT_EQ(tf::image::grayscale_to_rgb(tf::ones({1, 2, 2, 1})).shape(), (tf::TensorShape{1, 2, 2, 3}));
  // The colour conversions accept any rank, as TensorFlow's.
  EXPECT_EQ(tf::image::rgb_to_hsv(tf::ones({3})).shape(), (tf::TensorShape{3}));
  EXPECT_EQ(tf::image::rgb_to_yiq(tf::ones({2, 3})).shape(), (tf::TensorShape{2, 3}));
}

TEST(ImageColor, ErrorsAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::image::rgb_to_hsv(tf::ones({2, 2, 3}, tf::int32)); }),
            "[RGBToHSV] Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double");
  try {
    tf::image::rgb_to_hsv(tf::ones({2, 2, 4}));
    FAIL() << "expected FailedPreconditionError";
  } catch (const tf::FailedPreconditionError& e) {
    EXPECT_STREQ(e.what(), "[RGBToHSV] input must have 3 channels but input only has 4 channels.");
  }
  EXPECT_EQ(error_of([] { tf::image::adjust_saturation(tf::ones({2, 2, 4}), 0.5); }),
            "[AdjustSaturation] input must have 3 channels but instead has 4 channels.");
  EXPECT_EQ(error_of([] { tf::image::adjust_hue(tf::ones({2, 2, 4}), 0.5); }),
            "[AdjustHue] input must have 3 channels but instead has 4 channels.");
  EXPECT_EQ(error_of([] { tf::image::adjust_hue(tf::ones({2, 2, 3}), 1.5); }), "[adjust_hue] delta must be in the interval [-1, 1]");
  EXPECT_EQ(error_of([] { tf::image::adjust_gamma(tf::ones({2, 2, 3}), -1.0); }),
            "[adjust_gamma] Gamma should be a non-negative real number.");
  EXPECT_EQ(error_of([] { tf::image::grayscale_to_rgb(tf::ones({2, 2, 2})); }),
            "[grayscale_to_rgb] Last dimension of a grayscale image should be size 1.");
  EXPECT_EQ(error_of([] { tf::image::per_image_standardization(tf::ones({2, 3})); }),
            "[per_image_standardization] 'image' (shape (2, 3)) must be at least three-dimensional.");
  EXPECT_EQ(error_of([] { tf::image::convert_image_dtype(tf::ones({2}, tf::bool_), tf::float32); }),
            "[convert_image_dtype] image dtype must be either floating point or integer");
  EXPECT_EQ(error_of([] { tf::image::convert_image_dtype(tf::ones({2}), tf::string); }),
            "[convert_image_dtype] dtype must be either floating point or integer");
}

TEST(ImageColor, TracedAsEagerly) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor x) {
    const std::vector<Tensor> out{tf::image::rgb_to_hsv(x), tf::image::adjust_hue(x, 0.2), tf::image::rgb_to_grayscale(x),
                                  tf::image::per_image_standardization(x), tf::image::rgb_to_yuv(x),
                                  tf::image::adjust_saturation(x, 1.5)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec({None, None, None, 3}));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, None, None, 3}, {None, None, None, 3}, {None, None, None, 1},
                                                   {None, None, None, 3}, {None, None, None, 3}, {None, None, None, 3}}));
  const std::vector<Tensor> out = concrete.call_flat({batch()});
  EXPECT_EQ(out[1].numpy<float>(), tf::image::adjust_hue(batch(), 0.2).numpy<float>());
  EXPECT_EQ(out[3].numpy<float>(), tf::image::per_image_standardization(batch()).numpy<float>());
}

TEST(ImageColor, GradientsAsTensorFlow) {
  tf::GradientTape tape({.persistent = true});
  const Tensor x = image();
  tape.watch(x);
  const Tensor rgb = tf::image::hsv_to_rgb(x);
  EXPECT_FALSE(tape.gradient(rgb, x).defined());  // HSVToRGB is not differentiable in TensorFlow either
  const Tensor hue = tf::image::adjust_hue(x, 0.1);
  EXPECT_THROW(tape.gradient(hue, x), tf::LookupError);
}

// Pixels whose channels differ (no ties), so RGBToHSV's piecewise gradient is smooth around them.
tf::testing::InputSpec rgb(tf::TensorShape s) { return {s, 0.05, 0.95, 1.0}; }

std::vector<GradCase> grad_cases() {
  return {
      {"RgbToHsv", {rgb({2, 2, 3})}, [](const V& x) { return weighted(tf::image::rgb_to_hsv(x[0])); }, false, 1e-5},
      {"RgbToYiq", {{{2, 2, 3}}}, [](const V& x) { return weighted(tf::image::rgb_to_yiq(x[0])); }},
      {"YuvToRgb", {{{2, 3}}}, [](const V& x) { return weighted(tf::image::yuv_to_rgb(x[0])); }},
      {"GrayscaleToRgb", {{{2, 2, 1}}}, [](const V& x) { return weighted(tf::image::grayscale_to_rgb(x[0])); }},
  };
}

class ImageColorGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(ImageColorGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Cases, ImageColorGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

}  // namespace
