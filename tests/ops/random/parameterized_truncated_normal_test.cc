// tf::random::stateless_parameterized_truncated_normal and parameterized_truncated_normal: samples
// (all three samplers, broadcast parameters, TensorFlow's shards) and tape gradients as TensorFlow
// 2.21's for the same seeds (parameterized_truncated_normal_tf.py, in the same run), the samples'
// range, finite-difference gradients of the reparameterization, a traced call, and the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "ops/random/truncated_normal_sampler.h"
#include "ops/reference_values.h"
#include "tfpp/parameterized_truncated_normal.h"

namespace tf {
namespace {

using random::parameterized_truncated_normal;
using random::stateless_parameterized_truncated_normal;
using testing::error_of;
constexpr double kInf = std::numeric_limits<double>::infinity();

const std::string& tensorflow_results() {
  static const std::string out = testing::reference_output("ops/random/parameterized_truncated_normal_tf.py");
  return out;
}

std::string text(const Tensor& t) { return testing::exact_text(t); }

struct Params {
  Tensor means, stddevs, minvals, maxvals;
};

Params params(DType dtype, const Tensor& means, const Tensor& stddevs, const Tensor& minvals, const Tensor& maxvals) {
  return {cast(means, dtype), cast(stddevs, dtype), cast(minvals, dtype), cast(maxvals, dtype)};
}

std::string stateless(const TensorShape& shape, const IntArray& seed, const Params& p, bool gradient = false) {
  GradientTape tape;
  for (const Tensor& t : {p.means, p.stddevs, p.minvals, p.maxvals}) tape.watch(t);
  const Tensor x = stateless_parameterized_truncated_normal(shape, seed, p.means, p.stddevs, p.minvals, p.maxvals);
  std::string lines = text(x) + "\n";
  if (gradient) {
    const Tensor loss = reduce_sum(x * cast(reshape(range(1, x.num_elements() + 1), tf::shape(x)), x.dtype()));
    for (const Tensor& g : tape.gradient(loss, {p.means, p.stddevs, p.minvals, p.maxvals})) lines += text(g) + "\n";
  }
  return lines;
}

std::string stateful(const TensorShape& shape, std::int64_t seed, std::int64_t seed2, const Params& p) {
  random::set_seed(seed);
  const std::string out = text(parameterized_truncated_normal(shape, p.means, p.stddevs, p.minvals, p.maxvals, seed2)) + "\n";
  random::set_seed(std::nullopt);
  return out;
}

Tensor c(double v) { return constant(v); }
Tensor c(std::vector<double> v) { return constant(v); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The samples must be TensorFlow's bit for bit; the gradients (sums of erf / erfc / exp terms,
// added in another order) within `tolerance`, relative.
void expect_samples_and_gradients(const std::string& name, const std::string& got, const std::string& want,
                                  double tolerance) {
  const std::vector<std::string> g = lines_of(got), w = lines_of(want);
  ASSERT_EQ(g.size(), w.size()) << name << "\n" << want;
  ASSERT_FALSE(g.empty()) << name;
  EXPECT_EQ(g[0], w[0]) << name;
  for (std::size_t i = 1; i < g.size(); ++i) {
    std::istringstream a(g[i]), b(w[i]);
    double x, y;
    while (a >> x && b >> y) EXPECT_NEAR(x, y, tolerance * std::max(1.0, std::abs(y))) << name << " gradient " << i;
  }
}

TEST(ParameterizedTruncatedNormal, SamplesAndGradientsAreTensorFlows) {
  const std::string& tf_out = tensorflow_results();
  const auto check = [&](const std::string& name, const std::string& got) {
    expect_samples_and_gradients(name, got, testing::block(tf_out, name), name == "uniform_sampler" ? 1e-6 : 1e-13);
  };
  check("shards_float", stateless({2000}, {1, 2}, params(float32, c(0.5), c(1.5), c(-1.0), c(2.0))));
  check("shards_double", stateless({1500}, {3, 4}, params(float64, c(0.5), c(1.5), c(-1.0), c(2.0))));
  check("one_shard", stateless({700}, {5, 6}, params(float32, c(0.0), c(1.0), c(-2.0), c(2.0))));
  check("broadcast", stateless({10, 2, 3}, {7, 17},
                               params(float64, c(0.0), constant({{1.0, 2.0, 3.0}, {0.5, 1.0, 1.5}}),
                                      c({-1.0, -2.0, -1000.0}), constant({{10000.0}, {1.0}})),
                               true));
  check("uniform_sampler",
        stateless({40, 3}, {8, 9}, params(float32, c({1.0, 0.0, -1.0}), c(1.0), c({0.1}), c({0.3})), true));
  check("exponential_sampler",
        stateless({50, 2}, {10, 11}, params(float64, c({0.0, 1.0}), c({1.0, 2.0}), c(3.0), c(10.0)), true));
  check("lower_tail", stateless({41}, {12, 13}, params(float32, c(0.0), c(2.0), c(-kInf), c(-3.0))));
  check("big_broadcast", stateless({700, 3}, {14, 15}, params(float64, c({0.0, 1.0, 2.0}), c(1.0), c(-0.5), c({0.5, 3.0, 9.0}))));
  check("v1_one_shard", stateful({1000}, 3, 5, params(float32, c(0.5), c(2.0), c(-1.0), c(3.0))));
  check("v1_shards", stateful({5000}, 3, 5, params(float64, c(0.0), c(1.0), c(0.2), c(0.4))));
  check("v1_vectors", stateful({4, 30}, 7, 1, params(float32, c({0.0, 1.0, 2.0, 3.0}), c({1.0}), c(1.5), c(10.0))));
}

// Eigen's blocks as TensorFlow's probes show them here (float32 items cost 187 cycles).
TEST(ParameterizedTruncatedNormal, ShardsFollowEigensCostModel) {
  EXPECT_EQ(ops::tensorflow_block_size(1122, 187, 2), 1122);
  EXPECT_EQ(ops::tensorflow_block_size(1123, 187, 2), 213);
  EXPECT_EQ(ops::tensorflow_block_size(1347, 187, 2), 225);
  EXPECT_EQ(ops::tensorflow_block_size(40000, 187, 2), 5000);
  EXPECT_EQ(ops::tensorflow_block_size(814, 258, 2), 155);
  EXPECT_EQ(ops::tensorflow_block_size(5000, 187, 1), 5000);
}

TEST(ParameterizedTruncatedNormal, SamplesStayInBounds) {
  const Tensor x = stateless_parameterized_truncated_normal({400, 2}, {1, 1}, constant(1.0f), constant(3.0f),
                                                            constant({-0.5f, 2.0f}), constant({0.5f, 40.0f}));
  const std::vector<float> v = x.numpy<float>();
  for (std::size_t i = 0; i < v.size(); ++i) {
    EXPECT_GE(v[i], i % 2 ? 2.0f : -0.5f);
    EXPECT_LE(v[i], i % 2 ? 40.0f : 0.5f);
  }
}

// The implicit gradient is the derivative of the inverse CDF at the sample's fixed CDF position u:
// sample(p) = mean + stddev * ndtri(Phi(a) + u * (Phi(b) - Phi(a))), a and b the standardized
// bounds. (The rejection sampler's own pathwise derivative is another quantity, so finite
// differences of the op itself do not apply.) The bounds' gradients are compared with central
// differences of that function. TensorFlow's gradients for means and stddevs are 1 and the
// standardized sample, leaving out the terms through the standardized bounds, so they are not
// this function's derivatives; tfpp's equal TensorFlow's (SamplesAndGradientsAreTensorFlows).
Tensor phi(const Tensor& x) { return 0.5 * math::erfc(-x / std::sqrt(2.0)); }
Tensor inverse_cdf(const std::vector<Tensor>& p, const Tensor& u) {
  const Tensor a = phi((p[2] - p[0]) / p[1]), b = phi((p[3] - p[0]) / p[1]);
  return p[0] + p[1] * math::ndtri(a + u * (b - a));
}

TEST(ParameterizedTruncatedNormal, GradientsAreTheInverseCdfsDerivatives) {
  const std::vector<Tensor> p = {constant({0.3, -0.2}), constant(1.2), constant({-1.0, -0.5}), constant({1.5, 0.8})};
  GradientTape tape;
  for (const Tensor& t : p) tape.watch(t);
  const Tensor x = stateless_parameterized_truncated_normal({6, 2}, {21, 22}, p[0], p[1], p[2], p[3]);
  const Tensor w = cast(reshape(range(1, 13), {6, 2}), float64);
  const std::vector<Tensor> grads = tape.gradient(reduce_sum(x * w), p);
  const Tensor a = phi((p[2] - p[0]) / p[1]), b = phi((p[3] - p[0]) / p[1]);
  const Tensor u = (phi((x - p[0]) / p[1]) - a) / (b - a);
  EXPECT_LT(reduce_max(abs(inverse_cdf(p, u) - x)).item<double>(), 1e-9);  // the function passes through the samples
  constexpr double h = 1e-6;
  for (std::size_t k : {2, 3}) {
    std::vector<double> v = p[k].numpy<double>();
    const std::vector<double> analytic = grads[k].numpy<double>();
    for (std::size_t j = 0; j < v.size(); ++j) {
      std::vector<Tensor> plus = p, minus = p;
      std::vector<double> vp = v, vm = v;
      vp[j] += h, vm[j] -= h;
      plus[k] = constant(vp, p[k].shape()), minus[k] = constant(vm, p[k].shape());
      const double numeric =
          (reduce_sum(inverse_cdf(plus, u) * w).item<double>() - reduce_sum(inverse_cdf(minus, u) * w).item<double>()) / (2 * h);
      EXPECT_NEAR(analytic[j], numeric, 1e-5 * std::max(1.0, std::abs(numeric))) << "parameter " << k << " element " << j;
    }
  }
}

TEST(ParameterizedTruncatedNormal, Traced) {
  auto traced = function([](const Tensor& m) {
    return stateless_parameterized_truncated_normal({5, 2}, {3, 3}, m, constant(1.0f), constant(-1.0f), constant(1.0f));
  });
  const Tensor m = constant({0.0f, 0.5f});
  EXPECT_EQ(text(traced(m)), text(stateless_parameterized_truncated_normal({5, 2}, {3, 3}, m, constant(1.0f),
                                                                             constant(-1.0f), constant(1.0f))));
}

TEST(ParameterizedTruncatedNormal, Errors) {
  const Tensor one = constant(1.0f);
  EXPECT_EQ(error_of([&] { stateless_parameterized_truncated_normal({4, 3}, {1, 2}, constant({0.0f, 1.0f}), one, -one, one); }),
            "[StatelessParameterizedTruncatedNormal] Shape passed in must end with broadcasted shape.");
  EXPECT_EQ(error_of([&] {
              stateless_parameterized_truncated_normal({4, 3}, {1, 2}, constant({0.0f, 1.0f}), constant({1.0f, 1.0f, 1.0f}), -one, one);
            }),
            "[StatelessParameterizedTruncatedNormal] means, stddevs, minvals, maxvals must have compatible batch "
            "dimensions: [2] vs. [3] vs. [] vs. []");
  EXPECT_EQ(error_of([&] { stateless_parameterized_truncated_normal({4}, {1, 2}, one, -one, -one, one); }),
            "[StatelessParameterizedTruncatedNormal] Invalid parameters: mean 1.000000, stddev -1.000000, minval "
            "-1.000000, maxval 1.000000 (stddev must be positive, minval below maxval, and a bound finite)");
  EXPECT_EQ(error_of([&] { stateless_parameterized_truncated_normal({4}, {1, 2}, one, one, one, -one); }).substr(0, 60),
            "[StatelessParameterizedTruncatedNormal] Invalid parameters: ");
  EXPECT_EQ(error_of([&] { stateless_parameterized_truncated_normal({4}, {1, 2}, one, constant(1.0), -one, one); }),
            "[StatelessParameterizedTruncatedNormal] means, stddevs, minvals and maxvals must be float32 or float64 of "
            "one dtype, got float32 [], float64 [], float32 [] and float32 []");
  EXPECT_EQ(error_of([&] { stateless_parameterized_truncated_normal({4}, {1, 2, 3}, one, one, -one, one); }).substr(0, 40),
            "[StatelessParameterizedTruncatedNormal] ");
  EXPECT_EQ(error_of([&] { parameterized_truncated_normal({4, 2}, constant({1.0f, 2.0f, 3.0f}), one, -one, one, 1); }),
            "[ParameterizedTruncatedNormal] Input means should have length 1 or shape[0], got shape: [3]");
  EXPECT_EQ(error_of([&] { parameterized_truncated_normal({4}, constant({{1.0f, 2.0f}, {3.0f, 4.0f}}), one, -one, one, 1); }),
            "[ParameterizedTruncatedNormal] Input means should be a scalar or vector, got shape: [2,2]");
  EXPECT_EQ(error_of([&] { parameterized_truncated_normal({}, one, one, -one, one, 1); }),
            "[ParameterizedTruncatedNormal] the shape must be fully defined with at least one dimension, got []");
}

}  // namespace
}  // namespace tf
