// tf::map_fn, scan, foldl and foldr: values eagerly and traced (also with an unknown first
// dimension), gradients against finite differences, and argument errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "../autodiff/gradient_checker.h"
#include "ops/elementwise_test_util.h"
#include "tfpp/functional_ops.h"

namespace {

using tf::Tensor;
using tfpp_test::expect_invalid;
using tf::testing::max_gradient_error;

// f eagerly and as a traced function with `signature`, both giving the same values.
void expect_both(const std::function<Tensor(Tensor)>& f, const Tensor& x, const std::vector<double>& expected,
                 const tf::TensorSpec& signature) {
  EXPECT_EQ(f(x).numpy<double>(), expected);
  auto traced = tf::function(f, {.input_signature = {signature}});
  EXPECT_EQ(traced(x).numpy<double>(), expected);
}

TEST(FunctionalOps, MapFnEagerAndTraced) {
  const Tensor x = tf::constant({1.0, 2.0, 3.0});
  auto square = [](Tensor v) { return tf::map_fn([](const Tensor& e) { return e * e; }, v); };
  expect_both(square, x, {1, 4, 9}, tf::TensorSpec({3}, tf::float64));
  expect_both(square, x, {1, 4, 9}, tf::TensorSpec({tf::None}, tf::float64));
  auto traced = tf::function([](Tensor m) {
    Tensor rows = tf::map_fn([](const Tensor& r) { return tf::reduce_sum(r) * r; }, m);
    EXPECT_EQ(rows.shape(), tf::TensorShape({tf::None, 2}));
    return rows;
  }, {.input_signature = {tf::TensorSpec({tf::None, 2}, tf::float64)}});
  EXPECT_EQ(traced(tf::constant({{1.0, 2.0}, {3.0, 4.0}})).numpy<double>(), (std::vector<double>{3, 6, 21, 28}));
}

TEST(FunctionalOps, MapFnSeveralElementsAndOutputDtypes) {
  const Tensor a = tf::constant({1.0f, 2.0f, 3.0f}), b = tf::constant({{1, 2}, {3, 4}, {5, 6}});
  auto fn = [](const std::vector<Tensor>& s) {
    return std::vector<Tensor>{s[0] * tf::cast(tf::reduce_sum(s[1]), tf::float32), tf::reduce_max(s[1])};
  };
  for (bool traced : {false, true}) {
    auto run = [&](Tensor x, Tensor y) { return tf::map_fn(fn, {x, y}, {.fn_output_signature = {tf::float32, tf::int32}}); };
    const std::vector<Tensor> out = traced ? tf::function(run)(a, b) : run(a, b);
    EXPECT_EQ(out[0].numpy<float>(), (std::vector<float>{3, 14, 33}));
    EXPECT_EQ(out[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{2, 4, 6}));
  }
  EXPECT_EQ(tf::map_fn([](const Tensor& e) { return tf::cast(e, tf::int64); }, a, tf::int64).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{1, 2, 3}));
}

TEST(FunctionalOps, ScanForwardReverseAndInitializer) {
  const Tensor x = tf::constant({1.0, 2.0, 3.0, 4.0});
  auto add = [](const Tensor& a, const Tensor& e) { return a + e; };
  const tf::TensorSpec spec({tf::None}, tf::float64);
  expect_both([&](Tensor v) { return tf::scan(add, v); }, x, {1, 3, 6, 10}, spec);
  expect_both([&](Tensor v) { return tf::scan(add, v, tf::constant(10.0)); }, x, {11, 13, 16, 20}, spec);
  expect_both([&](Tensor v) { return tf::scan(add, v, std::nullopt, true); }, x, {10, 9, 7, 4}, spec);
  expect_both([&](Tensor v) { return tf::scan(add, v, tf::constant(1.0), true); }, x, {11, 10, 8, 5}, spec);
  // Two accumulators: a running sum and a running product.
  auto both = tf::scan([](const std::vector<Tensor>& acc, const std::vector<Tensor>& e) {
    return std::vector<Tensor>{acc[0] + e[0], acc[1] * e[0]};
  }, {x}, std::vector<Tensor>{tf::constant(0.0), tf::constant(1.0)});
  EXPECT_EQ(both[1].numpy<double>(), (std::vector<double>{1, 2, 6, 24}));
}

TEST(FunctionalOps, FoldlAndFoldr) {
  const Tensor x = tf::constant({1.0, 2.0, 3.0});
  auto step = [](const Tensor& a, const Tensor& e) { return a * 2.0 + e; };
  const tf::TensorSpec spec({tf::None}, tf::float64);
  expect_both([&](Tensor v) { return tf::foldl(step, v); }, x, {11}, spec);
  expect_both([&](Tensor v) { return tf::foldl(step, v, tf::constant(0.0)); }, x, {11}, spec);
  expect_both([&](Tensor v) { return tf::foldr(step, v); }, x, {17}, spec);
  expect_both([&](Tensor v) { return tf::foldr(step, v, tf::constant(1.0)); }, x, {25}, spec);
}

TEST(FunctionalOps, GradientsMatchFiniteDifferences) {
  const Tensor x = tf::testing::random_tensor({4, 2}, 3), w = tf::testing::random_tensor({2}, 4);
  auto mapped = [](const std::vector<Tensor>& in) {
    return tf::map_fn([&](const Tensor& r) { return tf::math::sin(r) * in[1]; }, in[0]);
  };
  auto scanned = [](const std::vector<Tensor>& in) {
    return tf::scan([&](const Tensor& a, const Tensor& r) { return a * r + in[1]; }, in[0]);
  };
  auto folded = [](const std::vector<Tensor>& in) {
    return tf::foldr([&](const Tensor& a, const Tensor& r) { return a * r - in[1]; }, in[0], tf::constant({0.5, 1.0}));
  };
  for (const tf::testing::TensorFn& f : std::vector<tf::testing::TensorFn>{mapped, scanned, folded}) {
    EXPECT_LT(max_gradient_error(f, {x, w}), 1e-6);
    auto traced = tf::function([&](Tensor a, Tensor b) { return f({a, b}); });
    EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& in) { return traced(in[0], in[1]); }, {x, w}), 1e-6);
  }
}

TEST(FunctionalOps, BadArgumentsThrow) {
  auto identity = [](const Tensor& e) { return e; };
  expect_invalid([&] { tf::map_fn(identity, tf::constant(1.0)); },
                 "[map_fn] Elements in elems must be 1+ dimensional Tensors, not scalars");
  expect_invalid([&] {
    tf::map_fn([](const std::vector<Tensor>& s) { return s; }, {tf::zeros({3}), tf::zeros({2})});
  }, "[map_fn] Dimensions 3 and 2 are not compatible");
  expect_invalid([&] { tf::map_fn([](const Tensor& e) { return tf::cast(e, tf::int32); }, tf::zeros({3})); },
                 "[TensorArray] TensorArray dtype is float32 but Op is trying to write dtype int32");
  expect_invalid([&] {
    tf::scan([](const std::vector<Tensor>& a, const std::vector<Tensor>&) { return std::vector<Tensor>{a[0], a[0]}; },
             {tf::zeros({3})});
  }, "[scan] fn returned 2 tensors for 1 accumulators");
}

}  // namespace
