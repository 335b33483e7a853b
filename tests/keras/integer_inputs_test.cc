// Integer inputs to layers and models as Keras 3.15 takes them (tfpp has no uint8 yet: images
// come as int32 0..255): a model's Input casts them to its dtype, so a Rescaling(1/255) first
// layer sees floats, and Dense, BatchNormalization, LayerNormalization and the global average
// poolings promote them to their float dtype, as Keras' ops do; max pooling keeps the dtype.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "tfpp/constant.h"
#include "tfpp/keras/input.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/normalization.h"
#include "tfpp/keras/layers/pooling.h"
#include "tfpp/keras/layers/preprocessing.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/optimizers.h"
#include "tfpp/math_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;

tf::Tensor pixels(const tf::TensorShape& shape) {
  std::vector<std::int32_t> v(static_cast<std::size_t>(shape.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::int32_t>((i * 37) % 256);
  return tf::constant(v, shape);
}

void expect_same(const tf::Tensor& have, const tf::Tensor& want) {
  ASSERT_EQ(have.dtype(), want.dtype());
  ASSERT_EQ(have.shape(), want.shape());
  const std::vector<float> a = have.numpy<float>(), b = want.numpy<float>();
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-5f * (1 + std::abs(b[i]))) << i;
}

// The layer on the integers gives the float32 result it gives on the same values as floats.
template <class L>
void expect_promoted(L layer, const tf::Tensor& ints) {
  SCOPED_TRACE(layer.name());
  const tf::Tensor floats = tf::cast(ints, tf::float32);
  const tf::Tensor from_floats = layer(floats);
  const tf::Tensor from_ints = layer(ints);
  expect_same(from_ints, from_floats);
}

TEST(IntegerInputs, LayersPromoteThemAsKerasOps) {
  const tf::Tensor images = pixels({2, 4, 4, 3});
  expect_promoted(layers::Dense(2), images);
  expect_promoted(layers::BatchNormalization(), images);
  expect_promoted(layers::LayerNormalization(), images);
  expect_promoted(layers::GlobalAveragePooling2D(), images);
  expect_promoted(layers::GlobalAveragePooling1D(), pixels({2, 5, 3}));
  expect_promoted(layers::Rescaling(1.0 / 255), images);
  // Keras keeps integers where its ops do: Flatten, Activation, the max of a global max pooling.
  EXPECT_EQ(layers::Flatten()(images).dtype(), tf::int32);
  EXPECT_EQ(layers::GlobalMaxPooling2D()(images).dtype(), tf::int32);
}

TEST(IntegerInputs, ModelsTrainOnImagesAsIntegers) {
  const tf::Tensor images = pixels({6, 4, 4, 1});
  const tf::Tensor labels = tf::constant(std::vector<std::int32_t>{0, 1, 2, 0, 1, 2});
  std::vector<float> losses;
  for (bool as_floats : {false, true}) {
    // The same model and initial weights, fed the integers or the same values as floats.
    keras::Sequential model({layers::Rescaling(1.0 / 255, {.input_shape = {4, 4, 1}}), layers::Flatten(),
                             layers::Dense(3, {.kernel_initializer = "ones"})});
    model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.5}), .loss = "sparse_categorical_crossentropy"});
    const tf::Tensor x = as_floats ? tf::cast(images, tf::float32) : images;
    EXPECT_EQ(model.predict(x, {.verbose = 0}).dtype(), tf::float32);
    const keras::History h = model.fit(x, labels, {.batch_size = 3, .epochs = 2, .verbose = 0, .shuffle = false});
    losses.push_back(static_cast<float>(h.history().at("loss").back()));
  }
  EXPECT_FLOAT_EQ(losses[0], losses[1]);
  // A Functional model casts at its Input, whatever the first layer is.
  auto inputs = keras::Input({4, 4, 1});
  keras::Model functional(inputs, layers::Dense(2, {.kernel_initializer = "ones"})(layers::Flatten()(inputs)));
  expect_same(functional(images), functional(tf::cast(images, tf::float32)));
}

}  // namespace
