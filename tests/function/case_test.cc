// tf::switch_case, tf::case_ and tf::for_range, eagerly and inside tf::function.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::testing::error_of;

tf::Tensor pick(tf::Tensor i, tf::Tensor x) {
  return tf::switch_case(i, {[&] { return x + 1; }, [&] { return x * 10; }, [&] { return -x; }},
                         [&] { return x * 0; });
}

TEST(SwitchCase, EagerDispatchesOnTheIndex) {
  const tf::Tensor x = tf::constant(3.0f);
  EXPECT_EQ(pick(tf::constant(0), x).item<float>(), 4.0f);
  EXPECT_EQ(pick(tf::constant(1), x).item<float>(), 30.0f);
  EXPECT_EQ(pick(tf::constant(std::int64_t{2}), x).item<float>(), -3.0f);
  EXPECT_EQ(pick(tf::constant(7), x).item<float>(), 0.0f);
  EXPECT_EQ(pick(tf::constant(-1), x).item<float>(), 0.0f);
}

TEST(SwitchCase, TracedMatchesEager) {
  auto f = tf::function(pick);
  const tf::Tensor x = tf::constant(3.0f);
  for (int i : {-1, 0, 1, 2, 3, 100}) EXPECT_EQ(f(tf::constant(i), x).item<float>(), pick(tf::constant(i), x).item<float>()) << i;
  EXPECT_EQ(f.tracing_count(), 1);
  auto cf = f.get_concrete_function(tf::TensorSpec({}, tf::int32), tf::TensorSpec({}, tf::float32));
  EXPECT_NE(cf.graph().to_string().find("StatelessIf"), std::string::npos);
}

TEST(SwitchCase, WithoutDefaultTheLastBranchIsTheDefault) {
  auto f = [](tf::Tensor i) {
    return tf::switch_case(i, {[] { return tf::constant(10); }, [] { return tf::constant(20); }});
  };
  auto traced = tf::function(f);
  for (int i : {0, 1, 2, -5}) {
    const int expected = i == 0 ? 10 : 20;
    EXPECT_EQ(f(tf::constant(i)).item<std::int32_t>(), expected);
    EXPECT_EQ(traced(tf::constant(i)).item<std::int32_t>(), expected);
  }
  // One branch: it runs whatever the index.
  auto one = tf::function([](tf::Tensor i) { return tf::switch_case(i, {[] { return tf::constant(5); }}); });
  EXPECT_EQ(one(tf::constant(3)).item<std::int32_t>(), 5);
}

TEST(SwitchCase, StructuredResults) {
  using Pair = std::tuple<tf::Tensor, tf::Tensor>;
  auto f = tf::function([](tf::Tensor i, tf::Tensor x) {
    return tf::switch_case<Pair>(i, {[&] { return Pair{x, x + 1}; }, [&] { return Pair{x * 2, x * 3}; }});
  });
  auto [a, b] = f(tf::constant(1), tf::constant(2.0));
  EXPECT_EQ(a.item<double>(), 4.0);
  EXPECT_EQ(b.item<double>(), 6.0);
}

TEST(SwitchCase, Errors) {
  EXPECT_NE(error_of([] { pick(tf::constant(1.0f), tf::constant(1.0f)); })
                .find("[switch_case] branch_index must be a scalar int32 or int64 tensor, got float32[]"),
            std::string::npos);
  EXPECT_NE(error_of([] { pick(tf::constant({1, 2}), tf::constant(1.0f)); }).find("got int32[2]"), std::string::npos);
  auto mismatched = tf::function([](tf::Tensor i) {
    return tf::switch_case(i, {[] { return tf::constant(1); }, [] { return tf::constant(1.0f); }},
                           [] { return tf::constant(2); });
  });
  EXPECT_NE(error_of([&] { mismatched(tf::constant(0)); })
                .find("[switch_case] output 0 of branch 1 is float32[] but of default is int32[]"),
            std::string::npos);
  using V = std::vector<tf::Tensor>;
  auto structure = tf::function([](tf::Tensor i) {
    return tf::switch_case<V>(i, {[] { return V{tf::constant(1)}; }}, [] { return V{tf::constant(1), tf::constant(2)}; });
  });
  EXPECT_NE(error_of([&] { structure(tf::constant(0)); })
                .find("[switch_case] the branches must return the same structure: branch 0 returns 1 tensors, "
                      "default returns 2"),
            std::string::npos);
}

tf::Tensor classify(tf::Tensor x) {
  return tf::case_({{x < 0, [] { return tf::constant(-1); }}, {x > 10, [] { return tf::constant(2); }}},
                   [] { return tf::constant(1); });
}

TEST(Case, FirstTruePredicateWins) {
  auto traced = tf::function(classify);
  for (float v : {-5.0f, 0.0f, 5.0f, 11.0f}) {
    const int expected = v < 0 ? -1 : v > 10 ? 2 : 1;
    EXPECT_EQ(classify(tf::constant(v)).item<std::int32_t>(), expected);
    EXPECT_EQ(traced(tf::constant(v)).item<std::int32_t>(), expected);
  }
  // Both predicates true, not exclusive: the first pair wins.
  auto overlap = [](tf::Tensor x) {
    return tf::case_({{x > 0, [] { return tf::constant(1); }}, {x > 1, [] { return tf::constant(2); }}},
                     [] { return tf::constant(0); });
  };
  EXPECT_EQ(overlap(tf::constant(5)).item<std::int32_t>(), 1);
  EXPECT_EQ(tf::function(overlap)(tf::constant(5)).item<std::int32_t>(), 1);
}

TEST(Case, WithoutDefaultTheLastFnIsTheDefault) {
  auto f = [](tf::Tensor x) {
    return tf::case_({{x < 0, [&] { return -x; }}, {x > 100, [&] { return x; }}});
  };
  EXPECT_EQ(f(tf::constant(-3)).item<std::int32_t>(), 3);
  EXPECT_EQ(f(tf::constant(3)).item<std::int32_t>(), 3);
  EXPECT_EQ(tf::function(f)(tf::constant(-3)).item<std::int32_t>(), 3);
  EXPECT_EQ(tf::function(f)(tf::constant(3)).item<std::int32_t>(), 3);
}

TEST(Case, ExclusiveRaisesWhenSeveralHold) {
  auto f = [](tf::Tensor x) {
    return tf::case_({{x > 0, [] { return tf::constant(1); }}, {x > 1, [] { return tf::constant(2); }}},
                     [] { return tf::constant(0); }, /*exclusive=*/true);
  };
  auto traced = tf::function(f);
  EXPECT_EQ(f(tf::constant(1)).item<std::int32_t>(), 1);
  EXPECT_EQ(traced(tf::constant(1)).item<std::int32_t>(), 1);
  EXPECT_EQ(traced(tf::constant(-1)).item<std::int32_t>(), 0);
  const std::string msg = "[case] exclusive=true: more than one predicate evaluated as true";
  EXPECT_NE(error_of([&] { f(tf::constant(5)); }).find(msg), std::string::npos);
  EXPECT_NE(error_of([&] { traced(tf::constant(5)); }).find(msg), std::string::npos);
}

TEST(Case, PredicateErrors) {
  auto f = [](tf::Tensor x) { return tf::case_({{x, [&] { return x; }}}, [&] { return x; }); };
  EXPECT_NE(error_of([&] { f(tf::constant(1)); }).find("[case] the predicate must be a scalar bool tensor, got int32[]"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(f)(tf::constant(1)); }).find("[case] the predicate must be a scalar bool tensor"),
            std::string::npos);
}

// The TF guide's "sum over tf.range", in C++.
tf::Tensor sum_range(tf::Tensor n) {
  auto [total] = tf::for_range(n, [](tf::Tensor i, tf::Tensor total) { return std::tuple{total + i}; },
                               std::tuple{tf::constant(0)});
  return total;
}

TEST(ForRange, SumOverRangeEagerAndTraced) {
  auto traced = tf::function(sum_range);
  for (int n : {0, 1, 10, 100}) {
    EXPECT_EQ(sum_range(tf::constant(n)).item<std::int32_t>(), n * (n - 1) / 2);
    EXPECT_EQ(traced(tf::constant(n)).item<std::int32_t>(), n * (n - 1) / 2);
  }
  EXPECT_EQ(traced.tracing_count(), 1);
  auto cf = traced.get_concrete_function(tf::TensorSpec({}, tf::int32));
  EXPECT_NE(cf.graph().to_string().find("While"), std::string::npos);
}

TEST(ForRange, StartLimitDeltaIncludingNegativeSteps) {
  auto collect = [](tf::Tensor start, tf::Tensor limit, tf::Tensor delta) {
    auto [sum, count] = tf::for_range(
        start, limit, delta, [](tf::Tensor i, tf::Tensor s, tf::Tensor c) { return std::tuple{s + i, c + 1}; },
        std::tuple{tf::constant(0), tf::constant(0)});
    return std::vector<tf::Tensor>{sum, count};
  };
  auto traced = tf::function(collect);
  struct Case { int start, limit, delta, sum, count; };
  for (const Case& c : {Case{2, 11, 3, 2 + 5 + 8, 3}, Case{10, 0, -4, 10 + 6 + 2, 3}, Case{5, 5, 1, 0, 0},
                        Case{5, 0, 1, 0, 0}}) {
    for (const auto& out : {collect(tf::constant(c.start), tf::constant(c.limit), tf::constant(c.delta)),
                            traced(tf::constant(c.start), tf::constant(c.limit), tf::constant(c.delta))}) {
      EXPECT_EQ(out[0].item<std::int32_t>(), c.sum) << c.start << " " << c.limit << " " << c.delta;
      EXPECT_EQ(out[1].item<std::int32_t>(), c.count);
    }
  }
  // Float ranges work as tf.range's do.
  auto [s] = tf::for_range(tf::constant(0.0), tf::constant(1.0), tf::constant(0.25),
                           [](tf::Tensor i, tf::Tensor s) { return std::tuple{s + i}; }, std::tuple{tf::constant(0.0)});
  EXPECT_DOUBLE_EQ(s.item<double>(), 1.5);
}

TEST(ForRange, Errors) {
  auto body = [](tf::Tensor i, tf::Tensor s) { return std::tuple{s + i}; };
  EXPECT_NE(error_of([&] { tf::for_range(tf::constant(0), tf::constant(3), tf::constant(0), body, std::tuple{tf::constant(0)}); })
                .find("[for_range] delta must not be 0"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::for_range(tf::constant(0), tf::constant(3.0f), tf::constant(1), body, std::tuple{tf::constant(0)}); })
                .find("[for_range] start, limit and delta must be numeric scalars of one dtype, got int32[], float32[], int32[]"),
            std::string::npos);
}

}  // namespace
