// tf::nn::max_pool_with_argmax: values, flat argmax indices and gradients as TensorFlow 2.21's
// (max_pool_with_argmax_tf.py, in the same run), finite-difference gradients of the op and of
// its backprops, and its errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "ops/nn/nn_grad_ops.h"
#include "reference_env.h"
#include "tfpp/errors.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/function.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/math_ops.h"
#include "tfpp/max_pool_with_argmax.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

using nn::max_pool_with_argmax;
using testing::error_of;
constexpr double kNan = std::numeric_limits<double>::quiet_NaN(), kInf = std::numeric_limits<double>::infinity();

// Case name -> TensorFlow's lines for it.
const std::map<std::string, std::vector<std::string>>& tensorflow_results() {
  static const auto results = [] {
    const std::string out = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                 "/tests/ops/nn/max_pool_with_argmax_tf.py 2>/dev/null");
    std::map<std::string, std::vector<std::string>> m;
    std::string name;
    std::size_t pos = 0;
    while (pos < out.size()) {
      std::size_t end = out.find('\n', pos);
      if (end == std::string::npos) end = out.size();
      const std::string line = out.substr(pos, end - pos);
      pos = end + 1;
      if (line.starts_with("== ")) name = line.substr(3);
      else m[name].push_back(line);
    }
    return m;
  }();
  return results;
}

std::string text(const Tensor& t) {
  std::string out;
  for (const double v : cast(t, float64).numpy<double>()) {
    char buffer[40];
    if (std::isnan(v)) std::snprintf(buffer, sizeof buffer, "nan");
    else std::snprintf(buffer, sizeof buffer, "%.17g", v);
    out += (out.empty() ? "" : " ") + std::string(buffer);
  }
  return out;
}

// ((i * 37) % 11) - 5 for the i-th element, as the Python side makes it.
Tensor pattern(const TensorShape& shape, DType dtype = float32) {
  std::vector<double> v(static_cast<std::size_t>(shape.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(static_cast<std::int64_t>(i * 37 % 11) - 5);
  return cast(constant(v, shape), dtype);
}

// The pooled values, the argmax (with its dtype) and, for float inputs, the gradient of
// sum(output * [1, 2, 3, ...]), as the Python side prints them.
std::vector<std::string> ours(const Tensor& x, const nn::Sizes& ksize, const nn::Sizes& strides,
                              const nn::Padding& padding, const nn::MaxPoolWithArgmaxOptions& options = {}) {
  GradientTape tape;
  tape.watch(x);
  auto [out, argmax] = max_pool_with_argmax(x, ksize, strides, padding, options);
  std::vector<std::string> lines = {text(out), std::string(dtype_name(argmax.dtype())) + " " + text(argmax)};
  if (is_floating(out.dtype())) {
    const Tensor w = cast(reshape(range(1, out.num_elements() + 1), shape(out)), out.dtype());
    lines.push_back(text(tape.gradient(reduce_sum(out * w), x)));
  }
  return lines;
}

TEST(MaxPoolWithArgmax, ValuesIndicesAndGradientsAreTensorFlows) {
  const auto& tf_results = tensorflow_results();
  auto expected = [&](const std::string& name) {
    auto it = tf_results.find(name);
    return it == tf_results.end() ? std::vector<std::string>{"missing case " + name} : it->second;
  };
  EXPECT_EQ(ours(pattern({2, 5, 6, 3}), 2, 2, "SAME"), expected("same"));
  EXPECT_EQ(ours(pattern({2, 5, 6, 3}), 2, 2, "VALID", {.include_batch_in_index = true}), expected("valid_batch_index"));
  EXPECT_EQ(ours(pattern({2, 4, 5, 2}), 3, 1, "SAME", {.output_dtype = int32}), expected("overlapping_int32"));
  EXPECT_EQ(ours(pattern({1, 5, 7, 2}, float64), {1, 2, 3, 1}, {1, 2, 1, 1}, "VALID"), expected("rectangular_float64"));
  EXPECT_EQ(ours(pattern({1, 4, 4, 2}, int32), 2, 2, "SAME"), expected("int32_input"));
  const Tensor awkward =
      constant(std::vector<double>{kNan, 1., -kInf, -kInf, 3., kNan, kNan, kNan, 2., kNan, 5., -kInf}, {1, 3, 4, 1});
  EXPECT_EQ(ours(cast(awkward, float32), 2, 2, "SAME"), expected("nan_and_inf"));
  EXPECT_EQ(ours(ones({1, 3, 3, 2}), 2, 1, "VALID"), expected("ties"));
}

TEST(MaxPoolWithArgmax, TracedAsEagerly) {
  const Tensor x = pattern({2, 5, 6, 3});
  auto pool = function([](const Tensor& t) {
    auto [out, argmax] = max_pool_with_argmax(t, 3, 2, "SAME", {.include_batch_in_index = true});
    return std::vector<Tensor>{out, argmax};
  });
  auto [out, argmax] = max_pool_with_argmax(x, 3, 2, "SAME", {.include_batch_in_index = true});
  const std::vector<Tensor> traced = pool(x);
  EXPECT_EQ(text(traced[0]), text(out));
  EXPECT_EQ(text(traced[1]), text(argmax));
}

TEST(MaxPoolWithArgmax, FiniteDifferenceGradients) {
  for (const bool with_batch : {false, true}) {
    const Tensor x = testing::random_tensor({2, 5, 4, 2}, 7, -2, 2, 0.01);  // distinct values: no ties
    EXPECT_LT(testing::max_gradient_error(
                  [&](const std::vector<Tensor>& in) {
                    return max_pool_with_argmax(in[0], 3, 2, "SAME", {.include_batch_in_index = with_batch}).output;
                  },
                  {x}),
              1e-6);
    // The backprops are linear in their float input; each one's gradient is the other.
    const Tensor argmax = max_pool_with_argmax(x, 3, 2, "SAME", {.include_batch_in_index = with_batch}).argmax;
    EXPECT_LT(testing::max_gradient_error(
                  [&](const std::vector<Tensor>& in) {
                    return ops::nn::flat_max_pool_grad_with_argmax(x, in[0], argmax, with_batch);
                  },
                  {testing::random_tensor(argmax.shape(), 3)}),
              1e-6);
    EXPECT_LT(testing::max_gradient_error(
                  [&](const std::vector<Tensor>& in) {
                    return ops::nn::flat_max_pool_grad_grad_with_argmax(x, in[0], argmax, with_batch);
                  },
                  {testing::random_tensor(x.shape(), 4)}),
              1e-6);
  }
}

TEST(MaxPoolWithArgmax, Errors) {
  const auto& tf_results = tensorflow_results();
  // TensorFlow's classes: ValueError for NCHW from its Python layer (InvalidArgumentError in tfpp,
  // README's deviations), InvalidArgumentError for rank 3, UnimplementedError for a batch window.
  auto class_of = [&](const std::string& name) {
    auto it = tf_results.find(name);
    return it == tf_results.end() || it->second.empty() ? "missing case " + name : it->second[0];
  };
  EXPECT_EQ(class_of("nchw"), "ValueError");
  EXPECT_EQ(class_of("rank3"), "InvalidArgumentError");
  EXPECT_EQ(class_of("batch_window"), "UnimplementedError");
  EXPECT_NE(error_of([] { max_pool_with_argmax(pattern({1, 2, 4, 4}), 2, 2, "SAME", {.data_format = "NCHW"}); })
                .find("[MaxPoolWithArgmax] data_format"),
            std::string::npos);
  EXPECT_NE(error_of([] { max_pool_with_argmax(pattern({4, 4, 2}), 2, 2, "SAME"); }).find("[MaxPoolWithArgmax]"),
            std::string::npos);
  EXPECT_THROW(max_pool_with_argmax(pattern({2, 4, 4, 1}), {2, 2, 2, 1}, 1, "SAME"), UnimplementedError);
  EXPECT_NE(error_of([] { max_pool_with_argmax(pattern({1, 4, 4, 1}), 2, 2, {{0, 0}, {1, 1}, {1, 1}, {0, 0}}); })
                .find("padding must be"),
            std::string::npos);
  EXPECT_NE(error_of([] { max_pool_with_argmax(pattern({1, 4, 4, 1}), 2, 2, "SAME", {.output_dtype = float32}); })
                .find("Targmax must be int32 or int64"),
            std::string::npos);
  const Tensor x = pattern({1, 4, 4, 1});
  const Tensor bad = constant(std::vector<std::int64_t>{0, 1, 99, 2}, {1, 2, 2, 1});
  EXPECT_NE(error_of([&] { ops::nn::flat_max_pool_grad_with_argmax(x, ones({1, 2, 2, 1}), bad, false); })
                .find("argmax 99 at 2 is outside the input's 16 elements"),
            std::string::npos);
}

}  // namespace
}  // namespace tf
