// A custom training loop on Fashion-MNIST: the classification tutorial's model (Flatten,
// Dense(128, relu), Dense(10)) written with tf::Variable, fed by a tf.data pipeline, and
// trained by a tf::function that traces forward pass, gradients and SGD update into one graph.
#include <cstdio>

#include <tfpp/tfpp.h>

namespace {

constexpr std::int64_t kBatch = 32;
constexpr float kLearningRate = 0.1f;

// The model's variables and forward pass.
struct Mlp {
  tf::Variable w1{tf::random::truncated_normal({784, 128}, {.stddev = 0.05, .seed = 1}), {.name = "dense/kernel"}};
  tf::Variable b1{tf::zeros({128}), {.name = "dense/bias"}};
  tf::Variable w2{tf::random::truncated_normal({128, 10}, {.stddev = 0.05, .seed = 2}), {.name = "dense_1/kernel"}};
  tf::Variable b2{tf::zeros({10}), {.name = "dense_1/bias"}};

  tf::Tensor logits(const tf::Tensor& images) const {
    tf::Tensor x = tf::reshape(images, {-1, 784});
    return tf::matmul(tf::nn::relu(tf::matmul(x, w1) + b1), w2) + b2;
  }
};

// Pixels 0..255 as floats in [0, 1].
tf::Tensor normalize(const tf::Tensor& images) { return tf::cast(images, tf::float32) / 255.0f; }

}  // namespace

int main() {
  auto [train, test] = tf::keras::datasets::fashion_mnist::load_data();
  auto preprocess = tf::function([](const tf::Tensor& image, const tf::Tensor& label) {
    return std::pair{normalize(image), tf::cast(label, tf::int32)};  // the loss op takes int32/int64 labels
  });
  tf::data::Dataset train_ds = tf::data::Dataset::from_tensor_slices({train.first, train.second})
                                   .shuffle(10000, {.seed = 7})
                                   .map(preprocess, {.num_parallel_calls = tf::data::AUTOTUNE})
                                   .batch(kBatch, /*drop_remainder=*/true)
                                   .prefetch(tf::data::AUTOTUNE);

  Mlp model;
  auto train_step = tf::function([&model](const tf::Tensor& images, const tf::Tensor& labels) {
    tf::GradientTape tape;
    tf::Tensor loss =
        tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, model.logits(images)));
    std::vector<tf::Tensor> grads = tape.gradient(loss, {model.w1, model.b1, model.w2, model.b2});
    model.w1.assign_sub(grads[0] * kLearningRate);
    model.b1.assign_sub(grads[1] * kLearningRate);
    model.w2.assign_sub(grads[2] * kLearningRate);
    model.b2.assign_sub(grads[3] * kLearningRate);
    return loss;
  });

  const tf::Tensor test_images = normalize(test.first);
  for (int epoch = 1; epoch <= 5; ++epoch) {
    double loss_sum = 0;
    int steps = 0;
    for (const auto& batch : train_ds) {
      loss_sum += train_step(batch[0], batch[1]).item<float>();
      ++steps;
    }
    tf::Tensor predicted = tf::argmax(model.logits(test_images), 1, tf::int32);
    const float accuracy = tf::reduce_mean(tf::cast(tf::equal(predicted, tf::cast(test.second, tf::int32)), tf::float32)).item<float>();
    std::printf("epoch %d: loss %.4f, test accuracy %.4f\n", epoch, loss_sum / steps, accuracy);
  }
  std::printf("train_step traced %d time(s)\n", train_step.tracing_count());
  return 0;
}
