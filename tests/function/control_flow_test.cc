// tf::cond and tf::while_loop, eagerly and inside tf::function.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "graph/graph.h"

namespace {

tf::Tensor abs_via_cond(tf::Tensor x) {
  return tf::cond(x < 0, [&] { return -x; }, [&] { return x; });
}

TEST(Cond, EagerIsAPlainIf) {
  EXPECT_EQ(abs_via_cond(tf::constant(-2)).item<std::int32_t>(), 2);
  EXPECT_EQ(abs_via_cond(tf::constant(3)).item<std::int32_t>(), 3);
  EXPECT_THROW(tf::cond(tf::constant(1), [] { return tf::constant(1); }, [] { return tf::constant(2); }),
               tf::InvalidArgumentError);
}

TEST(Cond, TracedChoosesAtRunTime) {
  auto f = tf::function(abs_via_cond);
  EXPECT_EQ(f(tf::constant(-2)).item<std::int32_t>(), 2);
  EXPECT_EQ(f(tf::constant(3)).item<std::int32_t>(), 3);
  EXPECT_EQ(f.tracing_count(), 1);
  auto cf = f.get_concrete_function(tf::TensorSpec({}, tf::int32));
  EXPECT_NE(cf.graph().to_string().find("StatelessIf"), std::string::npos);
}

TEST(Cond, BranchesMayReturnStructures) {
  auto f = tf::function([](tf::Tensor x) {
    return tf::cond(
        x > 0, [&] { return std::tuple{x + 1, x * 2}; }, [&] { return std::tuple{x - 1, x * 3}; });
  });
  auto [a, b] = f(tf::constant(2.0f));
  EXPECT_EQ(a.item<float>(), 3.0f);
  EXPECT_EQ(b.item<float>(), 4.0f);
  auto [c, d] = f(tf::constant(-2.0f));
  EXPECT_EQ(c.item<float>(), -3.0f);
  EXPECT_EQ(d.item<float>(), -6.0f);
}

TEST(Cond, MismatchedBranchDtypesRaise) {
  auto f = tf::function([](tf::Tensor x) {
    return tf::cond(x > 0, [&] { return tf::constant(1); }, [&] { return tf::constant(1.0f); });
  });
  try {
    f(tf::constant(1));
    FAIL();
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[cond] output 0 of true_fn is int32[] but of false_fn is float32[]"),
              std::string::npos);
  }
}

TEST(Cond, OnlyTheTakenBranchsPrintRuns) {
  auto f = tf::function([](tf::Tensor x) {
    return tf::cond(
        x > 0,
        [&] {
          tf::print("positive");
          return x;
        },
        [&] {
          tf::print("not positive");
          return -x;
        });
  });
  testing::internal::CaptureStderr();
  f(tf::constant(1));
  f(tf::constant(-1));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "positive\nnot positive\n");
}

TEST(Cond, BranchShapesThatDifferBecomeUnknown) {
  auto f = tf::function([](tf::Tensor x) {
    return tf::cond(x > 0, [] { return tf::zeros({2}); }, [] { return tf::zeros({3}); });
  });
  auto cf = f.get_concrete_function(tf::TensorSpec({}, tf::int32));
  EXPECT_EQ(cf.graph().impl().info(cf.graph().impl().outputs()[0]).shape, tf::TensorShape({tf::None}));
  EXPECT_EQ(f(tf::constant(1)).num_elements(), 2);
  EXPECT_EQ(f(tf::constant(0)).num_elements(), 3);
}

tf::Tensor sum_below(tf::Tensor n) {
  auto [i, total] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < n; },
                                   [](tf::Tensor i, tf::Tensor total) { return std::tuple{i + 1, total + i}; },
                                   std::tuple{tf::constant(0), tf::constant(0)});
  return total;
}

TEST(WhileLoop, EagerAndTracedAgree) {
  EXPECT_EQ(sum_below(tf::constant(10)).item<std::int32_t>(), 45);
  auto f = tf::function(sum_below);
  EXPECT_EQ(f(tf::constant(10)).item<std::int32_t>(), 45);
  EXPECT_EQ(f(tf::constant(20)).item<std::int32_t>(), 190);
  EXPECT_EQ(f(tf::constant(0)).item<std::int32_t>(), 0);
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(WhileLoop, DoublingExampleFromTheApi) {
  auto f = tf::function([]() {
    auto [i, acc] = tf::while_loop([](auto i, auto) { return i < 10; },
                                   [](auto i, auto acc) { return std::tuple{i + 1, acc * 2}; },
                                   std::tuple{tf::constant(0), tf::constant(1.0f)});
    return acc;
  });
  EXPECT_EQ(f().item<float>(), 1024.0f);
}

TEST(WhileLoop, MaximumIterationsStopsTheLoop) {
  auto body = [](tf::Tensor i) { return tf::while_loop([](auto) { return tf::constant(true); },
                                                      [](auto i) { return std::tuple{i + 1}; }, std::tuple{i},
                                                      {.maximum_iterations = 7}); };
  EXPECT_EQ(std::get<0>(body(tf::constant(0))).item<std::int32_t>(), 7);
  auto f = tf::function([&](tf::Tensor i) { return std::get<0>(body(i)); });
  EXPECT_EQ(f(tf::constant(0)).item<std::int32_t>(), 7);
}

TEST(WhileLoop, GrowingShapesNeedInvariants) {
  auto grow = [](tf::WhileOptions options) {
    return tf::function([options](tf::Tensor n) {
      auto [i, v] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < n; },
                                   [](tf::Tensor i, tf::Tensor v) {
                                     return std::tuple{i + 1, tf::concat({v, tf::reshape(tf::cast(i, tf::float32), {1})}, 0)};
                                   },
                                   std::tuple{tf::constant(0), tf::zeros({0})}, options);
      return v;
    });
  };
  auto strict = grow({});
  EXPECT_THROW(strict(tf::constant(3)), tf::InvalidArgumentError);
  auto relaxed = grow({.shape_invariants = {tf::TensorShape{}, tf::TensorShape{tf::None}}});
  EXPECT_EQ(relaxed(tf::constant(3)).numpy<float>(), (std::vector<float>{0, 1, 2}));
}

TEST(WhileLoop, BodyDtypeChangeRaises) {
  auto f = tf::function([](tf::Tensor x) {
    return std::get<0>(tf::while_loop([](auto x) { return x < 3; },
                                      [](auto x) { return std::tuple{tf::cast(x, tf::float32)}; }, std::tuple{x}));
  });
  EXPECT_THROW(f(tf::constant(0)), tf::InvalidArgumentError);
}

TEST(WhileLoop, CondInsideTheLoopBodyCapturesOuterValues) {
  // Collatz steps: a cond nested in a loop body, reading the function's argument.
  auto steps = tf::function([](tf::Tensor start) {
    auto [x, count] = tf::while_loop(
        [](tf::Tensor x, tf::Tensor) { return x > 1; },
        [](tf::Tensor x, tf::Tensor count) {
          tf::Tensor next = tf::cond(tf::equal(x % 2, 0), [&] { return tf::math::floordiv(x, 2); }, [&] { return 3 * x + 1; });
          return std::tuple{next, count + 1};
        },
        std::tuple{start, tf::constant(0)});
    return count;
  });
  EXPECT_EQ(steps(tf::constant(6)).item<std::int32_t>(), 8);
  EXPECT_EQ(steps(tf::constant(27)).item<std::int32_t>(), 111);
}

}  // namespace

namespace {

TEST(Function, CollatzWithInputSignature) {
  // The API's example: a shape-polymorphic function over int32 vectors.
  auto collatz = tf::function([](tf::Tensor x) { return tf::where(x % 2 == 0, tf::math::floordiv(x, 2), 3 * x + 1); },
                              {.input_signature = {tf::TensorSpec({tf::None}, tf::int32)}});
  EXPECT_EQ(collatz(tf::constant({1, 2, 3, 4})).numpy<std::int32_t>(), (std::vector<std::int32_t>{4, 1, 10, 2}));
  EXPECT_EQ(collatz(tf::constant({7})).numpy<std::int32_t>(), (std::vector<std::int32_t>{22}));
  EXPECT_EQ(collatz.tracing_count(), 1);
  EXPECT_EQ((tf::constant({1, 2}) != 1).numpy<bool>(), (std::vector<bool>{false, true}));
}

}  // namespace
