// The executor's in-place reuse of dying input buffers (Note [Buffer reuse in the executor]).
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "graph/executor.h"
#include "graph/passes/passes.h"

namespace {

using tf::graph::Executor;
using tf::graph::Graph;

template <class F>
std::shared_ptr<Graph> traced(F fn, tf::TensorSpec spec) {
  return std::make_shared<Graph>(tf::function(fn).get_concrete_function(spec).graph().impl());
}

TEST(BufferReuse, ElementwiseStepsWriteIntoDyingInputs) {
  // exp and + 1 can each take over the buffer of the value they consume; x * 2 must not
  // write into the caller's x.
  auto g = traced([](tf::Tensor x) { return tf::math::exp(x * 2.0f) + 1.0f; }, tf::TensorSpec({3}, tf::float32));
  Executor ex(g);
  EXPECT_EQ(ex.num_in_place_steps(), 3u);  // Mul (planned; the caller's x is held elsewhere at run time), Exp, AddV2
  const tf::Tensor x = tf::constant({0.0f, 0.5f, -1.0f});
  const auto y = ex.run(std::vector<tf::Tensor>{x})[0];
  EXPECT_EQ(x.numpy<float>(), (std::vector<float>{0.0f, 0.5f, -1.0f}));
  const auto expected = (tf::math::exp(x * 2.0f) + 1.0f).numpy<float>();
  EXPECT_EQ(y.numpy<float>(), expected);
  EXPECT_EQ(ex.run(std::vector<tf::Tensor>{x})[0].numpy<float>(), expected);  // and again
}

TEST(BufferReuse, ValuesReadLaterOrReturnedAreNotOverwritten) {
  auto g = traced(
      [](tf::Tensor x) {
        tf::Tensor a = x * 3.0f;
        tf::Tensor b = tf::math::exp(a);  // a is still read below: exp must not overwrite it
        return std::vector<tf::Tensor>{b + a, a};
      },
      tf::TensorSpec({2}, tf::float32));
  Executor ex(g);
  const auto out = ex.run(std::vector<tf::Tensor>{tf::constant({1.0f, 2.0f})});
  EXPECT_EQ(out[1].numpy<float>(), (std::vector<float>{3.0f, 6.0f}));
  EXPECT_EQ(out[0].numpy<float>(), (tf::math::exp(tf::constant({3.0f, 6.0f})) + tf::constant({3.0f, 6.0f})).numpy<float>());
}

TEST(BufferReuse, BroadcastsDtypeChangesAndUnknownShapesAllocate) {
  auto g = traced([](tf::Tensor x) { return tf::cast(x * tf::constant({1.0f, 2.0f}), tf::int32) + 1; },
                  tf::TensorSpec({3, 2}, tf::float32));
  Executor ex(g);
  EXPECT_EQ(ex.num_in_place_steps(), 2u);  // Mul (x has its shape) and the int32 + 1; Cast changes dtype
  const auto y = ex.run(std::vector<tf::Tensor>{tf::ones({3, 2})})[0];
  EXPECT_EQ(y.numpy<std::int32_t>(), (std::vector<std::int32_t>{2, 3, 2, 3, 2, 3}));
  auto d = traced([](tf::Tensor x) { return tf::math::exp(x * 2.0f); }, tf::TensorSpec({tf::None}, tf::float32));
  Executor dyn(d);
  EXPECT_EQ(dyn.num_in_place_steps(), 0u);
  EXPECT_EQ(dyn.run(std::vector<tf::Tensor>{tf::zeros({4})})[0].numpy<float>(), std::vector<float>(4, 1.0f));
}

TEST(BufferReuse, FusedRegionsWriteIntoTheirDyingInput) {
  auto g = traced([](tf::Tensor x) { return tf::math::tanh(tf::math::exp(tf::math::square(x)) * 2.0f - 1.0f); },
                  tf::TensorSpec({5000}, tf::float32));
  tf::graph::optimize(*g);
  auto unfused = std::make_shared<Graph>(*g);
  tf::graph::fuse(*g);
  const tf::Tensor x = tf::random::normal({5000}, {.seed = 8});
  EXPECT_EQ(Executor(g).run(std::vector<tf::Tensor>{x})[0].numpy<float>(),
            Executor(unfused).run(std::vector<tf::Tensor>{x})[0].numpy<float>());
}

}  // namespace
