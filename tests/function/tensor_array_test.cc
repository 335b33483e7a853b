// tf::TensorArray eagerly (a vector) and inside tf::function (TensorList ops on a variant flow).
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "error_of.h"

#include "graph/graph.h"

namespace {

using tf::testing::error_of;

tf::Tensor vec(std::vector<float> v) { return tf::constant(v, {static_cast<std::int64_t>(v.size())}); }

void expect_values(const tf::Tensor& out, const std::vector<float>& expected, const tf::TensorShape& shape) {
  EXPECT_EQ(out.shape(), shape);
  EXPECT_EQ(out.numpy<float>(), expected);
}

// Runs `f` eagerly and as a tf::function and checks both give `expected`.
template <class Fn>
void expect_both(Fn f, const std::vector<tf::Tensor>& args, const std::vector<float>& expected,
                 const tf::TensorShape& shape) {
  auto traced = tf::function(f);
  if constexpr (std::is_invocable_v<Fn>) {
    expect_values(f(), expected, shape);
    expect_values(traced(), expected, shape);
  } else {
    expect_values(f(args.at(0)), expected, shape);
    expect_values(traced(args.at(0)), expected, shape);
  }
}

TEST(TensorArray, WriteReadStackSizeEagerAndTraced) {
  auto f = []() {
    tf::TensorArray ta(tf::float32, {.size = 3});
    ta = ta.write(0, vec({1, 2}));
    ta = ta.write(2, vec({5, 6}));
    ta = ta.write(1, vec({3, 4}));
    return tf::concat({ta.stack(), tf::reshape(ta.read(1), {1, 2}), tf::reshape(tf::cast(ta.size(), tf::float32), {1, 1}) * tf::ones({1, 2})}, 0);
  };
  expect_both(f, {}, {1, 2, 3, 4, 5, 6, 3, 4, 3, 3}, tf::TensorShape({5, 2}));
}

TEST(TensorArray, DynamicSizeGrowsInALoop) {
  // The API's example: ta = ta.write(i, x) inside a loop, then stack.
  auto f = [](tf::Tensor n) {
    tf::TensorArray ta(tf::float32, {.size = 0, .dynamic_size = true});
    auto [out] = tf::for_range(n, [](tf::Tensor i, tf::TensorArray ta) {
      return std::tuple{ta.write(i, tf::cast(i * i, tf::float32))};
    }, std::tuple{ta});
    return out.stack();
  };
  expect_both(f, {tf::constant(5)}, {0, 1, 4, 9, 16}, tf::TensorShape({5}));
  auto traced = tf::function(f);
  EXPECT_EQ(traced(tf::constant(3)).numpy<float>(), (std::vector<float>{0, 1, 4}));
  EXPECT_EQ(traced.tracing_count(), 1);
}

// The TF guide's TensorArray example: a dynamic RNN accumulating its states.
tf::Tensor rnn_step(const tf::Tensor& inp, const tf::Tensor& state) { return inp + state; }

tf::Tensor dynamic_rnn(tf::Tensor input_data, tf::Tensor initial_state) {
  input_data = tf::transpose(input_data, {1, 0, 2});  // [batch, time, features] -> [time, batch, features]
  const std::int64_t max_seq_len = input_data.shape()[0];
  tf::TensorArray states(tf::float32, {.size = max_seq_len});
  auto [state, out] = tf::for_range(
      tf::constant(static_cast<std::int32_t>(max_seq_len)),
      [&](tf::Tensor i, tf::Tensor state, tf::TensorArray states) {
        state = rnn_step(tf::gather(input_data, i), state);
        return std::tuple{state, states.write(i, state)};
      },
      std::tuple{initial_state, states});
  return tf::transpose(out.stack(), {1, 0, 2});
}

TEST(TensorArray, GuideDynamicRnnEagerAndTraced) {
  const tf::Tensor input = tf::random::uniform({2, 3, 4}, {.seed = 7});
  const tf::Tensor init = tf::zeros({2, 4});
  // Reference: the cumulative sum over time.
  const std::vector<float> x = input.numpy<float>();
  std::vector<float> expected(x.size());
  for (int b = 0; b < 2; ++b)
    for (int f = 0; f < 4; ++f) {
      float acc = 0;
      for (int t = 0; t < 3; ++t) expected[(b * 3 + t) * 4 + f] = acc += x[(b * 3 + t) * 4 + f];
    }
  const tf::Tensor eager = dynamic_rnn(input, init);
  EXPECT_EQ(eager.shape(), tf::TensorShape({2, 3, 4}));
  auto traced = tf::function(dynamic_rnn);
  const tf::Tensor graph = traced(input, init);
  EXPECT_EQ(graph.shape(), tf::TensorShape({2, 3, 4}));
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(eager.numpy<float>()[i], expected[i], 1e-6);
    EXPECT_NEAR(graph.numpy<float>()[i], expected[i], 1e-6);
  }
  auto cf = traced.get_concrete_function(tf::TensorSpec({2, 3, 4}, tf::float32), tf::TensorSpec({2, 4}, tf::float32));
  const std::string text = cf.graph().to_string();
  EXPECT_NE(text.find("TensorListReserve"), std::string::npos);
  EXPECT_NE(text.find("TensorListStack"), std::string::npos);
}

TEST(TensorArray, UnstackGatherScatterConcatSplit) {
  auto f = []() {
    tf::TensorArray ta(tf::float32, {.size = 3, .clear_after_read = false});
    ta = ta.unstack(tf::constant(std::vector<float>{1, 2, 3, 4, 5, 6}, {3, 2}));
    tf::Tensor g = ta.gather({2, 0});                                       // [[5,6],[1,2]]
    ta = ta.scatter({1, 0}, tf::constant(std::vector<float>{7, 8, 9, 10}, {2, 2}));  // rows 1, 0
    tf::Tensor c = ta.concat();                                             // [9,10,7,8,5,6]
    tf::TensorArray parts(tf::float32, {.size = 3});
    parts = parts.split(vec({1, 2, 3, 4, 5, 6}), {1, 2, 3});
    tf::Tensor second = parts.read(1);                                      // [2,3]
    return tf::concat({tf::reshape(g, {-1}), c, second, tf::cast(tf::reshape(parts.size(), {1}), tf::float32)}, 0);
  };
  expect_both(f, {}, {5, 6, 1, 2, 9, 10, 7, 8, 5, 6, 2, 3, 3}, tf::TensorShape({13}));
}

TEST(TensorArray, UnwrittenElementsReadAsZerosWhenTheShapeIsKnown) {
  auto f = []() {
    tf::TensorArray ta(tf::float32, {.size = 3, .element_shape = tf::TensorShape({2})});
    ta = ta.write(1, vec({1, 2}));
    return ta.stack();
  };
  expect_both(f, {}, {0, 0, 1, 2, 0, 0}, tf::TensorShape({3, 2}));
  auto empty = []() {
    tf::TensorArray ta(tf::float32, {.element_shape = tf::TensorShape({2})});
    return ta.stack();
  };
  expect_both(empty, {}, {}, tf::TensorShape({0, 2}));
}

TEST(TensorArray, ReadingAnUnwrittenElementOfUnknownShapeFails) {
  auto f = []() {
    tf::TensorArray ta(tf::float32, {.size = 2});
    return ta.read(1);
  };
  EXPECT_NE(error_of(f).find("[TensorArray] Could not read from TensorArray index 1: it was never written and the "
                             "element shape <unknown> is not fully defined"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(f)(); }).find("[TensorListGetItem] Could not read index 1 of the list: it was never written"),
            std::string::npos);
}

TEST(TensorArray, IndexOutOfRange) {
  auto read = []() { return tf::TensorArray(tf::float32, {.size = 2}).write(0, vec({1})).read(5); };
  EXPECT_NE(error_of(read).find("[TensorArray] Tried to read from index 5 but array size is: 2"), std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(read)(); }).find("[TensorListGetItem] Trying to access element 5 in a list with 2 elements"),
            std::string::npos);
  auto write = []() { return tf::TensorArray(tf::float32, {.size = 2}).write(3, vec({1})).stack(); };
  EXPECT_NE(error_of(write).find("[TensorArray] Tried to write to index 3 but array is not resizeable and size is: 2"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(write)(); })
                .find("[TensorListSetItem] Tried to write to index 3 but the list is not resizeable and its size is 2"),
            std::string::npos);
}

TEST(TensorArray, DtypeAndShapeChecks) {
  auto dtype = []() { return tf::TensorArray(tf::float32, {.size = 1}).write(0, tf::constant(1)).stack(); };
  EXPECT_NE(error_of(dtype).find("[TensorArray] TensorArray dtype is float32 but Op is trying to write dtype int32"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(dtype)(); }).find("TensorArray dtype is float32 but Op is trying to write dtype int32"),
            std::string::npos);
  auto shape = []() { return tf::TensorArray(tf::float32, {.size = 2}).write(0, vec({1, 2})).write(1, vec({1})).stack(); };
  const std::string msg = "because the value shape is [1] which is incompatible with the TensorArray's inferred element shape: [2]";
  EXPECT_NE(error_of(shape).find(msg), std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(shape)(); }).find(msg), std::string::npos);
}

TEST(TensorArray, ClearAfterReadEagerly) {
  tf::TensorArray ta(tf::float32, {.size = 1});
  ta = ta.write(0, vec({1}));
  EXPECT_EQ(ta.read(0).numpy<float>(), std::vector<float>{1});
  EXPECT_NE(error_of([&] { ta.read(0); })
                .find("Could not read TensorArray index 0 twice because it was cleared after a previous read"),
            std::string::npos);
  tf::TensorArray keep(tf::float32, {.size = 1, .clear_after_read = false});
  keep = keep.write(0, vec({1}));
  keep.read(0);
  EXPECT_EQ(keep.read(0).numpy<float>(), std::vector<float>{1});
}

TEST(TensorArray, EagerArrayUsedInsideAFunctionBecomesAConstantList) {
  tf::TensorArray ta(tf::float32, {.size = 2, .clear_after_read = false});
  ta = ta.write(0, vec({1, 2})).write(1, vec({3, 4}));
  auto f = tf::function([&](tf::Tensor x) { return ta.stack() * x; });
  EXPECT_EQ(f(tf::constant(2.0f)).numpy<float>(), (std::vector<float>{2, 4, 6, 8}));
}

TEST(TensorArray, Printing) {
  auto f = tf::function([]() {
    tf::TensorArray ta(tf::float32, {.size = 1});
    return ta.flow();
  });
  EXPECT_EQ(f().dtype(), tf::variant);
  EXPECT_EQ(f().to_string(), "tf.Tensor(<TensorList>, shape=(), dtype=variant)");
}

}  // namespace

namespace {

TEST(TensorArray, StaticShapesInTraces) {
  auto f = tf::function([](tf::Tensor x) {
    tf::TensorArray ta(tf::float32, {.size = 2, .element_shape = tf::TensorShape({tf::None, 3})});
    ta = ta.write(0, x).write(1, x);
    return std::vector<tf::Tensor>{ta.read(0), ta.stack(), ta.size()};
  });
  auto cf = f.get_concrete_function(tf::TensorSpec({tf::None, 3}, tf::float32));
  const auto& g = cf.graph().impl();
  EXPECT_EQ(g.info(g.outputs()[0]).shape, tf::TensorShape({tf::None, 3}));
  EXPECT_EQ(g.info(g.outputs()[1]).shape, tf::TensorShape({tf::None, tf::None, 3}));
  EXPECT_EQ(g.info(g.outputs()[2]).dtype, tf::int32);
  auto out = f(tf::ones({4, 3}));
  EXPECT_EQ(out[1].shape(), tf::TensorShape({2, 4, 3}));
  EXPECT_EQ(out[2].item<std::int32_t>(), 2);
}

TEST(TensorArray, MoreErrors) {
  auto empty_stack = []() { return tf::TensorArray(tf::float32).stack(); };
  EXPECT_NE(error_of(empty_stack).find("[TensorArray] Could not stack an empty TensorArray: its element shape <unknown>"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(empty_stack)(); })
                .find("[TensorListStack] the list is empty and its element shape <unknown> is not fully defined"),
            std::string::npos);
  auto float_index = []() { return tf::TensorArray(tf::float32, {.size = 1}).read(tf::constant(0.0f)); };
  EXPECT_NE(error_of(float_index).find("[TensorArray] an index must be a scalar int32 or int64 tensor, got float32[]"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::function(float_index)(); })
                .find("[TensorListGetItem] index must be an int32 or int64 scalar, got float32[]"),
            std::string::npos);
  auto bad_split = []() { return tf::TensorArray(tf::float32, {.size = 2}).split(vec({1, 2, 3}), {1, 1}).concat(); };
  EXPECT_NE(error_of([&] { tf::function(bad_split)(); })
                .find("[TensorListSplit] the lengths sum to 2 but the tensor is float32[3]"),
            std::string::npos);
  EXPECT_THROW(bad_split(), tf::InvalidArgumentError);
  EXPECT_NE(error_of([] { tf::TensorArray(tf::float32, {.size = -1}); }).find("[TensorArray] size must be >= 0, got -1"),
            std::string::npos);
}

}  // namespace
