// An Embedding(mask_zero) -> LSTM -> Dense model trained with fit for a few epochs, eagerly and
// with the traced train step, giving Keras 3's losses and weights for the same data, weights and
// optimizer: this covers the masked recurrent math, its gradients, the optimizers and the
// batch order of fit.
//
// Two trainings compare: Adam with the embedding frozen, and SGD with momentum training every
// layer. Adam on a trainable embedding differs from Keras on TensorFlow on purpose: there the
// embedding's gradient is a tf.IndexedSlices with one row per lookup, and Keras' Adam squares
// those rows before they are summed, so a row looked up twice in a batch gets g1² + g2² in its
// second moment where the gradient's square is (g1 + g2)² (a single lookup of row 0 twice moves
// it by 0.1414 instead of Adam's 0.1 at learning rate 0.1). tfpp's gradient is the dense sum, as
// Adam's definition has it. SGD's update is linear in the gradient, so both agree there.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern;

constexpr int kSamples = 16, kSteps = 6;

const char* kScript = R"PY(
import keras
from keras import layers
n, T = 16, 6
ids = np.zeros((n, T), np.int32)
for i in range(n):
    for t in range(2 + i % 5):
        ids[i, t] = 1 + (i * 7 + t * 3) % 11
y = (ids.sum(axis=1) % 3).astype(np.int32)
for run in ('adam_frozen_embedding', 'sgd'):
    model = keras.Sequential([layers.Input((T,), dtype='int32'), layers.Embedding(12, 4, mask_zero=True),
                              layers.LSTM(5), layers.Dense(3)])
    model.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(model.weights)])
    if run == 'adam_frozen_embedding':
        model.layers[0].trainable = False
        optimizer = keras.optimizers.Adam(learning_rate=0.05)
    else:
        optimizer = keras.optimizers.SGD(learning_rate=0.2, momentum=0.9)
    model.compile(optimizer=optimizer, loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    h = model.fit(ids, y, batch_size=8, epochs=4, shuffle=False, verbose=0)
    emit(run + '.loss', h.history['loss'])
    emit(run + '.embeddings', model.layers[0].weights[0])
    emit(run + '.kernel', model.layers[1].weights[0])
)PY";

std::pair<tf::Tensor, tf::Tensor> text_data() {
  std::vector<std::int32_t> ids(kSamples * kSteps, 0), labels(kSamples);
  for (int i = 0; i < kSamples; ++i) {
    int sum = 0;
    for (int t = 0; t < 2 + i % 5; ++t) sum += ids[i * kSteps + t] = 1 + (i * 7 + t * 3) % 11;
    labels[i] = sum % 3;
  }
  return {tf::constant(ids, {kSamples, kSteps}), tf::constant(labels, {kSamples})};
}

void expect_near(const std::vector<float>& got, const std::vector<double>& want, double tolerance, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tolerance) << what << " at " << i;
}

TEST(RecurrentFitKeras, EmbeddingLSTMDenseTrainsAsKeras) {
  const auto want = tf::testing::parse_values(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
  const auto [x, y] = text_data();
  for (const std::string run : {"adam_frozen_embedding", "sgd"}) {
    ASSERT_TRUE(want.count(run + ".loss")) << "the Keras script printed no losses for " << run;
    for (bool eager : {true, false}) {
      SCOPED_TRACE(run + (eager ? ", run_eagerly" : ", traced train step"));
      keras::Sequential model({keras::InputLayer({kSteps}, {.dtype = tf::int32}), layers::Embedding(12, 4, {.mask_zero = true}),
                               layers::LSTM(5), layers::Dense(3)});
      std::vector<tf::Tensor> weights;
      double seed = 1.0;
      for (const tf::Variable& w : model.weights())
        weights.push_back(tf::constant(pattern(static_cast<std::size_t>(w.shape().num_elements()), seed++), w.shape()) * 0.5f);
      model.set_weights(weights);
      const bool adam = run == "adam_frozen_embedding";
      if (adam) model.layers()[0]->set_trainable(false);
      keras::OptimizerSpec optimizer = adam ? keras::OptimizerSpec(keras::optimizers::Adam({.learning_rate = 0.05}))
                                            : keras::OptimizerSpec(keras::optimizers::SGD({.learning_rate = 0.2, .momentum = 0.9}));
      model.compile({.optimizer = optimizer,
                     .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
                     .run_eagerly = eager});
      keras::History h = model.fit(x, y, {.batch_size = 8, .epochs = 4, .verbose = 0, .shuffle = false});
      const std::vector<double>& losses = h.history().at("loss");
      expect_near(std::vector<float>(losses.begin(), losses.end()), want.at(run + ".loss"), 2e-5, "loss");
      expect_near(model.layers()[0]->weights()[0].numpy<float>(), want.at(run + ".embeddings"), 2e-5, "embeddings");
      expect_near(model.layers()[1]->weights()[0].numpy<float>(), want.at(run + ".kernel"), 2e-5, "LSTM kernel");
    }
  }
}

}  // namespace
