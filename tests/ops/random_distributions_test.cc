// tf::random::gamma and poisson: TensorFlow 2.21's samples for fixed seeds (gamma: float32 and
// float64, alpha below, at and above 1, beta broadcasting, and its gradient with respect to alpha;
// poisson: rates below and above 10, integer rates and counts), traced use and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"
#include "tfpp/random_distributions.h"

namespace {

using tf::Tensor;
using tfpp_test::expect_invalid;

TEST(RandomGamma, MatchesTensorFlow) {
  tf::random::set_seed(1);
  Tensor a = tf::random::gamma({4}, tf::constant({0.5f, 1.0f, 2.5f}), {.seed = 2});
  EXPECT_EQ(a.shape(), tf::TensorShape({4, 3}));
  const std::vector<float> va = a.numpy<float>();
  EXPECT_EQ(va[0], 0.014439557678997517f);
  EXPECT_EQ(va[1], 0.27169960737228394f);
  EXPECT_EQ(va[11], 1.0872557163238525f);
  Tensor b = tf::random::gamma({2, 2}, tf::constant(3.0), {.beta = tf::constant({1.0, 2.0}), .seed = 3});
  EXPECT_EQ(b.shape(), tf::TensorShape({2, 2, 2}));
  EXPECT_EQ(b.numpy<double>(), (std::vector<double>{3.5260464132355054, 1.748842978105022, 3.383533929937623,
                                                     2.9160679187628897, 3.2774775451738845, 1.5175240932404404,
                                                     4.886697200274011, 0.8290883209209579}));
  tf::random::set_seed(std::nullopt);
}

TEST(RandomGamma, GradientWithRespectToAlpha) {
  tf::random::set_seed(1);
  const Tensor alpha = tf::constant({0.5f, 1.0f, 2.5f});
  tf::GradientTape tape;
  tape.watch(alpha);
  const Tensor s = tf::random::gamma({5}, alpha, {.seed = 5});
  const std::vector<float> g = tape.gradient(s, alpha).numpy<float>();
  // TensorFlow 2.21: [4.0372, 5.9892, 4.9296].
  EXPECT_NEAR(g[0], 4.0372f, 1e-3);
  EXPECT_NEAR(g[1], 5.9892f, 1e-3);
  EXPECT_NEAR(g[2], 4.9296f, 1e-3);
  auto traced = tf::function([](Tensor a) {
    tf::GradientTape t;
    t.watch(a);
    Tensor y = tf::random::gamma({5}, a, {.seed = 5});
    EXPECT_EQ(y.shape(), tf::TensorShape({5, 3}));
    return t.gradient(y, a);
  });
  EXPECT_EQ(traced(alpha).numpy<float>(), g);
  tf::random::set_seed(std::nullopt);
}

TEST(RandomGamma, BadArgumentsThrow) {
  expect_invalid([] { tf::random::gamma({2}, tf::constant({1, 2})); }, "[RandomGamma] alpha must be float32 or float64");
  expect_invalid([] { tf::random::gamma({tf::None}, tf::constant(1.0f)); }, "[RandomGamma] the shape must be fully defined");
}

TEST(RandomPoisson, MatchesTensorFlow) {
  tf::random::set_seed(1);
  Tensor a = tf::random::poisson({4}, tf::constant({0.5f, 3.0f, 12.0f, 150.0f}), {.seed = 2});
  EXPECT_EQ(a.numpy<float>(), (std::vector<float>{0, 1, 13, 133, 1, 2, 13, 131, 0, 2, 9, 178, 0, 2, 12, 152}));
  Tensor b = tf::random::poisson({2, 3}, tf::constant({{1.0}, {40.0}}), {.dtype = tf::int32, .seed = 3});
  EXPECT_EQ(b.shape(), tf::TensorShape({2, 3, 2, 1}));
  EXPECT_EQ(b.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 45, 0, 44, 0, 55, 2, 43, 0, 30, 0, 42}));
  Tensor c = tf::random::poisson({3}, tf::constant({std::int64_t{0}, std::int64_t{7}}), {.dtype = tf::int64, .seed = 4});
  EXPECT_EQ(c.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 5, 0, 5, 0, 8}));
  tf::random::set_seed(std::nullopt);
  expect_invalid([] { tf::random::poisson({2}, tf::constant(true)); }, "[RandomPoissonV2] rate must be");
  expect_invalid([] { tf::random::poisson({2}, tf::constant(1.0f), {.dtype = tf::string}); },
                 "[RandomPoissonV2] unsupported dtype string");
}

TEST(RandomStateless, GammaPoissonAndBinomialMatchTensorFlow) {
  const Tensor g = tf::random::stateless_gamma({4, 3}, {1, 2}, tf::constant({0.5f, 1.0f, 2.5f}));
  const std::vector<float> vg = g.numpy<float>();
  EXPECT_EQ(vg[0], 0.0669536143541336f);
  EXPECT_EQ(vg[11], 0.8529594540596008f);
  const Tensor g64 = tf::random::stateless_gamma({3, 2}, tf::IntArray(tf::constant({std::int64_t{3}, std::int64_t{4}})),
                                                 tf::constant(3.0), tf::constant({1.0, 2.0}));
  EXPECT_EQ(g64.numpy<double>()[5], 1.9146326055664935);
  const Tensor alpha = tf::constant({0.5f, 1.0f, 2.5f});
  tf::GradientTape tape;
  tape.watch(alpha);
  const Tensor s = tf::random::stateless_gamma({5, 3}, {5, 6}, alpha);
  const std::vector<float> grad = tape.gradient(s, alpha).numpy<float>();
  EXPECT_NEAR(grad[0], 1.9333f, 1e-3);  // TensorFlow 2.21: [1.9333, 6.3365, 4.4741]
  EXPECT_NEAR(grad[2], 4.4741f, 1e-3);
  EXPECT_EQ(tf::random::stateless_poisson({4}, {1, 2}, tf::constant({0.5f, 3.0f, 12.0f, 150.0f})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{3, 5, 17, 164}));
  // Binomial: inversion (count * p < 10), BTRS, and p > 1/2 through the failures.
  EXPECT_EQ(tf::random::stateless_binomial({4, 3}, {1, 2}, tf::constant({10.0f, 20.0f, 100.0f}),
                                           tf::constant({0.3f, 0.8f, 0.5f}))
                .numpy<std::int32_t>(),
            (std::vector<std::int32_t>{5, 14, 44, 5, 15, 53, 5, 14, 50, 4, 18, 48}));
  EXPECT_EQ(tf::random::stateless_binomial({2, 2}, {3, 4}, tf::constant({{5.0f}, {200.0f}}), tf::constant({0.1f, 0.6f}),
                                           tf::float32)
                .numpy<float>(),
            (std::vector<float>{2, 2, 13, 119}));
  expect_invalid([] { tf::random::stateless_binomial({3}, {1, 1}, tf::constant({1.0f, 2.0f}), tf::constant(0.5f)); },
                 "[StatelessRandomBinomial] Shape passed in must end with broadcasted shape.");
  expect_invalid([] { tf::random::stateless_gamma({4}, {1, 2}, tf::constant({0.5f, 1.0f, 2.5f})); },
                 "[StatelessRandomGammaV2] Shape passed in must end with broadcasted shape.");
  expect_invalid([] { tf::random::stateless_poisson({2}, {1, 2, 3}, tf::constant(1.0f)); },
                 "[StatelessRandomPoisson] seed must be an int32 or int64 tensor of shape [2]");
}

}  // namespace
