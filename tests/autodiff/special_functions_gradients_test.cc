// The special functions of special_functions.h: TensorFlow 2.21's float64 values, gradients
// against finite differences (igamma/igammac in a and x, betainc in x, zeta in q, the Bessel
// functions), traced static shapes and argument errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "ops/elementwise_test_util.h"
#include "tfpp/special_functions.h"

namespace {

using tf::Tensor;
using tf::testing::max_gradient_error;
using tfpp_test::expect_close;
using tfpp_test::expect_invalid;
namespace special = tf::math::special;

TEST(SpecialFunctions, MatchTensorFlow) {
  const Tensor a = tf::constant({0.5, 1.5, 3.0}), x = tf::constant({0.3, 2.0, 4.5});
  expect_close(tf::math::igamma(a, x).numpy<double>(), {0.5614219739190001, 0.7385358700508888, 0.8264219290899639}, 1e-14);
  expect_close(tf::math::igammac(a, x).numpy<double>(), {0.43857802608099994, 0.2614641299491111, 0.17357807091003602}, 1e-14);
  expect_close(tf::math::zeta(tf::constant({2.0, 3.0, 4.5}), x).numpy<double>(),
               {12.245364546107734, 0.2020569031595943, 0.0021460122346070943}, 1e-14);
  expect_close(tf::math::betainc(a, tf::constant(2.0), tf::constant({0.1, 0.5, 0.9})).numpy<double>(),
               {0.458530260724415, 0.6187184335382291, 0.9477}, 1e-14);
  const Tensor v = tf::constant({-1.5, 0.5, 2.0}), w = tf::constant({0.5, 2.0, 7.0});
  expect_close(tf::math::bessel_i1e(v).numpy<double>(), {-0.21903938742092574, 0.15642080318487162, 0.2152692892489377}, 1e-14);
  expect_close(tf::math::bessel_i0(v).numpy<double>(), {1.6467231897728907, 1.0634833707413238, 2.279585302336067}, 1e-14);
  expect_close(special::bessel_y1(w).numpy<double>(), {-1.4714723926702433, -0.10703243154093756, -0.3026672370241849}, 1e-14);
  expect_close(special::bessel_k1e(w).numpy<double>(), {2.7310097082117863, 1.0334768470686886, 0.49807157509547645}, 1e-14);
  expect_close(tf::math::lbeta(tf::constant({{1.0, 2.0, 3.0}, {0.5, 0.5, 4.0}})).numpy<double>(),
               {-4.0943445622221, -0.2415644752704904}, 1e-14);
  EXPECT_EQ(tf::math::polyval({tf::constant(1.0f), tf::constant(2.0f), tf::constant(3.0f)}, tf::constant({2.0f, 3.0f}))
                .numpy<float>(),
            (std::vector<float>{11, 18}));
}

TEST(SpecialFunctions, GradientsMatchFiniteDifferences) {
  const Tensor a = tf::constant({0.7, 1.5, 3.0}), x = tf::constant({0.3, 2.0, 4.5});
  for (auto fn : {tf::math::igamma, tf::math::igammac}) {
    EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& in) { return fn(in[0], in[1]); }, {a, x}), 1e-6);
  }
  EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& in) { return tf::math::zeta(a + 2.0, in[0]); }, {x}), 1e-6);
  EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& in) { return tf::math::betainc(a, tf::constant(2.0), in[0]); },
                               {tf::constant({0.1, 0.5, 0.9})}),
            1e-6);
  const Tensor v = tf::constant({-1.5, 0.5, 2.0}), w = tf::constant({0.5, 2.0, 7.0});
  for (auto fn : {tf::math::bessel_i0, tf::math::bessel_i0e, tf::math::bessel_i1, tf::math::bessel_i1e, special::bessel_j0,
                  special::bessel_j1})
    EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& in) { return fn(in[0]); }, {v}), 1e-6);
  for (auto fn : {special::bessel_y0, special::bessel_y1, special::bessel_k0, special::bessel_k0e, special::bessel_k1,
                  special::bessel_k1e})
    EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& in) { return fn(in[0]); }, {w}), 1e-6);
  // At 0 the derivative of i1, i1e and j1 is 1/2 (the formula divides by x).
  tf::GradientTape tape;
  const Tensor zero = tf::constant({0.0});
  tape.watch(zero);
  const Tensor y = tf::math::bessel_i1(zero) + tf::math::bessel_i1e(zero) + special::bessel_j1(zero);
  EXPECT_EQ(tape.gradient(y, zero).numpy<double>(), std::vector<double>{1.5});
}

TEST(SpecialFunctions, TracedShapesAndErrors) {
  auto f = tf::function([](Tensor a, Tensor x) {
    EXPECT_EQ(tf::math::igamma(a, x).shape(), tf::TensorShape({tf::None, 3}));
    EXPECT_EQ(tf::math::betainc(a, a, a).shape(), tf::TensorShape({tf::None, 3}));
    return tf::math::zeta(a, x);
  }, {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float32), tf::TensorSpec({3}, tf::float32)}});
  f.get_concrete_function();
  expect_invalid([] { tf::math::igamma(tf::constant({1, 2}), tf::constant({1, 2})); }, "[Igamma]");
  expect_invalid([] { tf::math::betainc(tf::constant({1.0, 2.0}), tf::constant({1.0, 2.0, 3.0}), tf::constant(0.5)); },
                 "[Betainc] Shapes of a, b, and x are inconsistent: [2] vs. [3] vs. []");
  expect_invalid([] { tf::math::betainc(tf::constant(1.0f), tf::constant(1.0), tf::constant(0.5)); },
                 "[Betainc] a, b and x must have one dtype");
}

}  // namespace
