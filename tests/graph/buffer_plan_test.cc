// The executor's static buffer plan (Note [Static buffer plan]): arena offsets by liveness.
#include <gtest/gtest.h>

#include <random>
#include <thread>

#include <tfpp/tfpp.h>

#include "function/concrete_function_impl.h"
#include "graph/buffer_plan.h"
#include "graph/executor.h"

namespace {

using tf::graph::Executor;
using tf::graph::Graph;
using tf::graph::Lifetime;

TEST(BufferPlan, BlocksAliveTogetherNeverOverlap) {
  // a and c never live at the same step and share the bottom; b overlaps both.
  const auto plan = tf::graph::plan_buffers({{1000, 0, 1}, {1000, 1, 2}, {1000, 2, 3}, {64, 3, 3}});
  EXPECT_EQ(plan.offsets, (std::vector<std::size_t>{0, 1024, 0, 1024}));
  EXPECT_EQ(plan.arena_bytes, 2048u);
  EXPECT_EQ(tf::graph::plan_buffers({}).arena_bytes, 0u);
  // Random lifetimes: aligned, disjoint while alive together, never more than their sum.
  std::mt19937 rng(5);
  std::vector<Lifetime> l;
  std::size_t sum = 0;
  for (int i = 0; i < 300; ++i) {
    const int first = static_cast<int>(rng() % 100);
    l.push_back({1 + rng() % 5000, first, first + static_cast<int>(rng() % 20)});
    sum += (l.back().bytes + 63) / 64 * 64;
  }
  const auto p = tf::graph::plan_buffers(l);
  EXPECT_LT(p.arena_bytes, sum / 2);
  for (std::size_t i = 0; i < l.size(); ++i) {
    ASSERT_EQ(p.offsets[i] % 64, 0u);
    ASSERT_LE(p.offsets[i] + l[i].bytes, p.arena_bytes);
    for (std::size_t j = 0; j < i; ++j)
      if (l[i].first <= l[j].last && l[j].first <= l[i].last)
        ASSERT_TRUE(p.offsets[i] + l[i].bytes <= p.offsets[j] || p.offsets[j] + l[j].bytes <= p.offsets[i]) << i << " " << j;
  }
}

// A chain where no step can write in place: matmuls and reductions.
tf::Tensor chain(tf::Tensor x, const tf::Tensor& w) {
  for (int i = 0; i < 6; ++i) x = tf::linalg::matmul(x, w);
  return tf::reduce_sum(x, std::vector<std::int64_t>{0});
}

const tf::Tensor kW = tf::random::normal({48, 48}, {.stddev = 0.1, .seed = 21});

TEST(BufferPlan, ChainFitsInTwoBlocksAndMatchesEager) {
  auto f = tf::function([](tf::Tensor x) { return chain(x, kW); });
  const tf::Tensor x = tf::random::normal({40, 48}, {.seed = 22});
  const Executor& ex = f.get_concrete_function(x).impl()->executor;
  // Six [40,48] float products before the result's reduction.
  EXPECT_EQ(ex.planned_bytes(), 6u * 40 * 48 * 4);
  EXPECT_EQ(ex.arena_bytes(), 2u * 40 * 48 * 4);  // each product needs only the one before it
  EXPECT_EQ(ex.arena_allocations(), 0u);
  const auto expected = chain(x, kW).numpy<float>();
  for (int call = 0; call < 3; ++call) EXPECT_EQ(f(x).numpy<float>(), expected) << call;
  EXPECT_EQ(ex.arena_allocations(), 1u);  // later calls reuse the first call's arena
}

TEST(BufferPlan, ArenaIsReusedUnlessCallsOverlap) {
  auto g = std::make_shared<Graph>(
      tf::function([](tf::Tensor x) { return chain(x, kW); }).get_concrete_function(tf::TensorSpec({40, 48}, tf::float32)).graph().impl());
  Executor ex(g);
  const tf::Tensor x = tf::random::normal({40, 48}, {.seed = 25});
  const auto expected = chain(x, kW).numpy<float>();
  for (int call = 0; call < 3; ++call) EXPECT_EQ(ex.run(std::vector<tf::Tensor>{x})[0].numpy<float>(), expected);
  EXPECT_EQ(ex.arena_allocations(), 1u);
  const Executor copy = ex;  // a copy starts without a cached arena
  EXPECT_EQ(copy.arena_allocations(), 0u);
  EXPECT_EQ(copy.run(std::vector<tf::Tensor>{x})[0].numpy<float>(), expected);
  EXPECT_EQ(copy.arena_allocations(), 1u);
  // Calls overlapping on several threads need arenas of their own; one is kept afterwards.
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) ex.run(std::vector<tf::Tensor>{x});
    });
  for (auto& th : threads) th.join();
  const std::size_t after_threads = ex.arena_allocations();
  ex.run(std::vector<tf::Tensor>{x});
  EXPECT_EQ(ex.arena_allocations(), after_threads);  // one arena was kept for the next call
}

TEST(BufferPlan, InPlaceStepsShareTheirInputsBlock) {
  auto g = std::make_shared<Graph>(tf::function([](tf::Tensor x) {
                                     const tf::Tensor y = tf::linalg::matmul(x, kW);
                                     return tf::reduce_sum(tf::math::exp(y) * 2.0f - y, std::vector<std::int64_t>{1});
                                   })
                                       .get_concrete_function(tf::TensorSpec({8, 48}, tf::float32))
                                       .graph()
                                       .impl());
  Executor ex(g);  // unfused: MatMul, Exp, Mul, Sub, Sum
  EXPECT_EQ(ex.planned_bytes(), 4u * 8 * 48 * 4);
  EXPECT_EQ(ex.arena_bytes(), 2u * 8 * 48 * 4);  // y lives to the Sub; exp and * 2 run in place
  const tf::Tensor x = tf::random::normal({8, 48}, {.seed = 23});
  const tf::Tensor y = tf::linalg::matmul(x, kW);
  const auto expected = tf::reduce_sum(tf::math::exp(y) * 2.0f - y, std::vector<std::int64_t>{1}).numpy<float>();
  EXPECT_EQ(ex.run(std::vector<tf::Tensor>{x})[0].numpy<float>(), expected);
}

TEST(BufferPlan, UnknownShapesUseTheDynamicPath) {
  auto f = tf::function([](tf::Tensor x) { return chain(x, kW); });
  const Executor& ex = f.get_concrete_function(tf::TensorSpec({tf::None, 48}, tf::float32)).impl()->executor;
  EXPECT_EQ(ex.arena_bytes(), 0u);
  for (std::int64_t rows : {1, 7, 0}) {
    const tf::Tensor x = tf::random::normal({rows, 48}, {.seed = 24});
    EXPECT_EQ(f(x).numpy<float>(), chain(x, kW).numpy<float>()) << rows;
  }
}

TEST(BufferPlan, ConcurrentCallsGetTheirOwnArenas) {
  auto f = tf::function([](tf::Tensor x) { return chain(tf::math::tanh(x), kW); });
  std::vector<tf::Tensor> inputs;
  std::vector<std::vector<float>> expected;
  for (int t = 0; t < 4; ++t) {
    inputs.push_back(tf::random::normal({40, 48}, {.seed = 30 + t}));
    expected.push_back(chain(tf::math::tanh(inputs.back()), kW).numpy<float>());
  }
  f(inputs[0]);  // traces
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) mismatches[t] += f(inputs[t]).numpy<float>() != expected[t];
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

TEST(BufferPlan, ValuesThatOutliveTheCallAreNotPlanned) {
  // The variable keeps what it is assigned, and the results are the caller's.
  tf::Variable v(tf::zeros({40, 48}));
  auto f = tf::function([&](tf::Tensor x) {
    const tf::Tensor y = tf::linalg::matmul(x, kW);
    v.assign(y * 2.0f);
    return std::vector<tf::Tensor>{tf::linalg::matmul(y, kW), y};
  });
  const tf::Tensor x1 = tf::random::normal({40, 48}, {.seed = 41}), x2 = tf::random::normal({40, 48}, {.seed = 42});
  const auto r1 = f(x1);
  const tf::Tensor v1 = v.read_value();
  const auto r2 = f(x2);
  const tf::Tensor y1 = tf::linalg::matmul(x1, kW), y2 = tf::linalg::matmul(x2, kW);
  EXPECT_EQ(v1.numpy<float>(), (y1 * 2.0f).numpy<float>());
  EXPECT_EQ(v.numpy<float>(), (y2 * 2.0f).numpy<float>());
  EXPECT_EQ(r1[1].numpy<float>(), y1.numpy<float>());
  EXPECT_EQ(r1[0].numpy<float>(), tf::linalg::matmul(y1, kW).numpy<float>());
  EXPECT_EQ(r2[0].numpy<float>(), tf::linalg::matmul(y2, kW).numpy<float>());
}

}  // namespace
