// oneDNN-backed kernels run from several threads at once (Note [oneDNN scratchpads]): each
// run needs its own scratchpad, or concurrent products corrupt each other.
#include <gtest/gtest.h>

#include <thread>

#include <tfpp/tfpp.h>

namespace {

// Runs fn(i) for inputs i = 0..3 on four threads, 100 times each; counts results that differ
// from the single-threaded ones.
template <class F>
int concurrent_mismatches(F fn) {
  std::vector<std::vector<float>> expected;
  for (int i = 0; i < 4; ++i) expected.push_back(fn(i).template numpy<float>());
  std::vector<int> bad(4, 0);
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      for (int r = 0; r < 100; ++r) bad[i] += fn(i).template numpy<float>() != expected[i];
    });
  for (auto& t : threads) t.join();
  return bad[0] + bad[1] + bad[2] + bad[3];
}

TEST(OnednnThreads, MatMulsFromSeveralThreads) {
  const tf::Tensor w = tf::random::normal({48, 48}, {.stddev = 0.1, .seed = 1});
  const tf::Tensor b = tf::random::normal({48}, {.seed = 2});
  std::vector<tf::Tensor> x;
  for (int i = 0; i < 4; ++i) x.push_back(tf::random::normal({40, 48}, {.seed = 10 + i}));
  EXPECT_EQ(concurrent_mismatches([&](int i) {
              tf::Tensor y = x[i];
              for (int k = 0; k < 4; ++k) y = tf::linalg::matmul(y, w);
              return y;
            }),
            0);
  auto dense = tf::function([&](tf::Tensor x) { return tf::nn::relu(tf::linalg::matmul(x, w) + b); });  // _FusedMatMul
  EXPECT_EQ(concurrent_mismatches([&](int i) { return dense(x[i]); }), 0);
}

TEST(OnednnThreads, ConvolutionsFromSeveralThreads) {
  const tf::Tensor f = tf::random::normal({3, 3, 8, 16}, {.seed = 3});
  std::vector<tf::Tensor> x;
  for (int i = 0; i < 4; ++i) x.push_back(tf::random::normal({2, 20, 20, 8}, {.seed = 20 + i}));
  EXPECT_EQ(concurrent_mismatches([&](int i) { return tf::nn::conv2d(x[i], f, 1, "SAME"); }), 0);
}

// A convolution's plan reorders its plain (NHWC, HWIO) operands to and from blocked layouts;
// the reorders too run with the calling thread's scratchpad. 16 channels in and out make the
// forward and both backward plans pick blocked layouts.
TEST(OnednnThreads, ReorderedConvolutionGradientsFromSeveralThreads) {
  const tf::Tensor f = tf::random::normal({3, 3, 16, 32}, {.stddev = 0.1, .seed = 4});
  const tf::Tensor upstream = tf::random::normal({2, 12, 12, 32}, {.seed = 5});
  std::vector<tf::Tensor> x;
  for (int i = 0; i < 4; ++i) x.push_back(tf::random::normal({2, 12, 12, 16}, {.seed = 50 + i}));
  for (const bool wrt_input : {true, false}) {
    EXPECT_EQ(concurrent_mismatches([&](int i) {
                tf::GradientTape tape;
                tape.watch(x[i]);
                tape.watch(f);
                const tf::Tensor y = tf::nn::conv2d(x[i], f, 1, "SAME");
                return tape.gradient(y, wrt_input ? x[i] : f, upstream);
              }),
              0)
        << "gradient with respect to the " << (wrt_input ? "input" : "filter");
  }
}

// Pooling runs on oneDNN with float32: forward, and backward through the tape (max pooling's
// gradient also reruns the forward pass for its argmax workspace).
TEST(OnednnThreads, PoolingFromSeveralThreads) {
  std::vector<tf::Tensor> x;
  for (int i = 0; i < 4; ++i) x.push_back(tf::random::normal({2, 24, 24, 16}, {.seed = 30 + i}));
  const tf::Tensor upstream = tf::random::normal({2, 12, 12, 16}, {.seed = 40});
  EXPECT_EQ(concurrent_mismatches([&](int i) { return tf::nn::max_pool2d(x[i], 3, 2, "SAME"); }), 0);
  EXPECT_EQ(concurrent_mismatches([&](int i) { return tf::nn::avg_pool2d(x[i], 3, 2, "SAME"); }), 0);
  for (const bool max : {true, false}) {
    EXPECT_EQ(concurrent_mismatches([&](int i) {
                tf::GradientTape tape;
                tape.watch(x[i]);
                const tf::Tensor y = max ? tf::nn::max_pool2d(x[i], 3, 2, "SAME") : tf::nn::avg_pool2d(x[i], 3, 2, "SAME");
                return tape.gradient(y, x[i], upstream);
              }),
              0)
        << (max ? "max" : "avg") << " pooling's gradient";
  }
}

}  // namespace
