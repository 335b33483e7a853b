// tf::random::Generator: TensorFlow 2.21's numbers and state advances for fixed seeds, the
// counter's carry into its high word, split / make_seeds / reset, traced draws, errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"
#include "tfpp/random_generator.h"

namespace {

using tf::Tensor;
using tf::random::Generator;
using tfpp_test::expect_invalid;

std::vector<std::int64_t> state_of(const Generator& g) { return g.state().numpy<std::int64_t>(); }

TEST(RandomGenerator, DrawsMatchTensorFlowAndAdvanceTheCounter) {
  Generator g = Generator::from_seed(1);
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{1, 0, 0}));
  EXPECT_EQ(g.normal({3}).numpy<float>(), (std::vector<float>{0.4384227395057678f, -0.5343984365463257f, -0.07710261642932892f}));
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{769, 0, 0}));
  const std::vector<double> d = g.normal({5}, 0.0, 1.0, tf::float64).numpy<double>();
  EXPECT_EQ(d[0], -1.0076989093956599);
  EXPECT_EQ(d[4], 0.4845207538434004);
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{2049, 0, 0}));
  EXPECT_EQ(g.uniform({3}).numpy<float>(), (std::vector<float>{0.5771974325180054f, 0.18270564079284668f, 0.9144390821456909f}));
  EXPECT_EQ(g.uniform({3}, 0, 10, tf::int32).numpy<std::int32_t>(), (std::vector<std::int32_t>{4, 1, 6}));
  EXPECT_EQ(g.uniform_full_int({3}, tf::int64).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{-6994029665891088295, 3228980973018664199, 6175147624886818513}));
  EXPECT_EQ(g.truncated_normal({3}).numpy<float>(),
            (std::vector<float>{0.0061650872230529785f, 0.9969515800476074f, 1.0001473426818848f}));
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{5121, 0, 0}));
  EXPECT_EQ(g.make_seeds(2).numpy<std::int64_t>(), (std::vector<std::int64_t>{2270308453109003971, 7020696928615024335, 0, 0}));
  std::vector<Generator> parts = g.split(2);
  EXPECT_EQ(state_of(parts[0]), (std::vector<std::int64_t>{0, 0, -7069724497467692598}));
  EXPECT_EQ(state_of(parts[1]), (std::vector<std::int64_t>{0, 0, 3851369607790226634}));
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{6145, 0, 0}));
}

TEST(RandomGenerator, CounterCarriesSkipAndReset) {
  Generator g(tf::constant(std::vector<std::int64_t>{-1, 5, 7}), tf::random::Algorithm::kPhilox);
  EXPECT_EQ(g.normal({2}).numpy<float>(), (std::vector<float>{0.41511696577072144f, -0.8886533975601196f}));
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{511, 6, 7}));
  g.reset_from_seed(1);
  g.skip(3);
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{769, 0, 0}));
  g.reset_from_seed(1);
  Generator same = Generator::from_seed(1);
  EXPECT_EQ(g.normal({4}, 1.0, 2.0).numpy<float>(), same.normal({4}, 1.0, 2.0).numpy<float>());
  EXPECT_EQ(Generator::from_non_deterministic_state().state().shape(), tf::TensorShape({3}));
}

TEST(RandomGenerator, TracedDrawsAdvanceTheStateEachCall) {
  Generator g = Generator::from_seed(1);
  auto f = tf::function([&g]() { return std::vector<Tensor>{g.normal({2}), g.normal({2})}; });
  const std::vector<Tensor> first = f();
  EXPECT_EQ(first[0].numpy<float>(), (std::vector<float>{0.4384227395057678f, -0.5343984365463257f}));
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{1025, 0, 0}));
  const std::vector<Tensor> second = f();
  EXPECT_NE(second[0].numpy<float>(), first[0].numpy<float>());
  EXPECT_EQ(state_of(g), (std::vector<std::int64_t>{2049, 0, 0}));
}

TEST(RandomGenerator, GlobalGeneratorAndErrors) {
  tf::random::set_global_generator(Generator::from_seed(4));
  EXPECT_EQ(state_of(tf::random::get_global_generator()), (std::vector<std::int64_t>{4, 0, 0}));
  Generator g = Generator::from_seed(1);
  expect_invalid([&] { g.uniform({2}, 0.0, std::nullopt, tf::int32); }, "[Generator.uniform] For integer dtype int32");
  expect_invalid([&] { g.normal({tf::None}); }, "[Generator] the shape must be fully defined");
  expect_invalid([&] { Generator::from_seed(1, tf::random::Algorithm::kThreefry); }, "[Generator] unsupported algorithm");
  expect_invalid([&] { g.uniform({2}, 3, 3, tf::int64); }, "[StatelessRandomUniformIntV2] Need minval < maxval: 3 >= 3");
}

}  // namespace
