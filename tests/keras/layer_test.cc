// Layers as shared handles: lazy build, names, weight sharing, freezing, losses, configs, errors.
#include <gtest/gtest.h>

#include <cmath>

#include <tfpp/tfpp.h>
#include <tfpp/keras/auto_name.h>
#include <tfpp/keras/clear_session.h>
#include <tfpp/keras/keras.h>
#include <tfpp/keras/mask.h>

#include "error_of.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;

// A user layer as Keras' custom-layer guide writes it.
class Linear : public keras::Layer {
 public:
  explicit Linear(std::int64_t units, keras::LayerOptions options = {}) : Layer(options), units_(units) {}
  void build(const tf::TensorShape& input_shape) override {
    add_weight("w", {input_shape[-1], units_}, {.initializer = "random_normal"});
    add_weight("b", {units_}, {.initializer = "zeros"});
  }
  tf::Tensor call(const tf::Tensor& x, bool) override { return tf::matmul(x, weight(0)) + weight(1); }
  TFPP_KERAS_LAYER(Linear)

 private:
  std::int64_t units_;
};

// A layer adding an activity loss and acting differently while training.
class ActivityLoss : public keras::Layer {
 public:
  ActivityLoss() : Layer({.name = "activity_loss"}) {}
  tf::Tensor call(const tf::Tensor& x, bool training) override {
    add_loss(tf::reduce_sum(x) * 0.5f);
    return training ? x * 2.0f : x;
  }
  TFPP_KERAS_LAYER(ActivityLoss)
};

TEST(LayerTest, DenseBuildsLazilyOnFirstCall) {
  layers::Dense dense(4, {.activation = "relu"});
  EXPECT_FALSE(dense.built());
  EXPECT_TRUE(dense.weights().empty());
  tf::Tensor y = dense(tf::ones({2, 3}));
  EXPECT_TRUE(dense.built());
  EXPECT_EQ(y.shape(), tf::TensorShape({2, 4}));
  ASSERT_EQ(dense.weights().size(), 2u);
  EXPECT_EQ(dense.kernel().shape(), tf::TensorShape({3, 4}));
  EXPECT_EQ(dense.kernel().name(), dense.name() + "/kernel:0");
  EXPECT_EQ(dense.bias().name(), dense.name() + "/bias:0");
  EXPECT_EQ(dense.count_params(), 16);
  for (float b : dense.bias().numpy<float>()) EXPECT_EQ(b, 0.0f);
}

TEST(LayerTest, NamesAreUniqueAsKerasMakesThem) {
  layers::Dense a(1), b(1), c(1, {.name = "head"});
  const std::string base = a.name();
  ASSERT_EQ(base.rfind("dense", 0), 0u);
  EXPECT_NE(a.name(), b.name());
  EXPECT_EQ(c.name(), "head");
  layers::ReLU relu;
  EXPECT_EQ(relu.name().rfind("re_lu", 0), 0u);
  Linear custom(2);
  EXPECT_EQ(custom.name().rfind("linear", 0), 0u);
  EXPECT_EQ(custom.class_name(), "Linear");
}

TEST(LayerTest, ClearSessionGivesPlainNamesAgain) {
  layers::Dense before(1), second(1);
  EXPECT_NE(before.name(), second.name());
  keras::utils::clear_session();
  layers::Dense after(1), next(1);
  EXPECT_EQ(after.name(), "dense");
  EXPECT_EQ(next.name(), "dense_1");
  EXPECT_NE(second.name(), "dense");  // layers made before keep their names
}

TEST(LayerTest, UnnamedObjectsShareKerasAutoNames) {
  keras::utils::clear_session();
  EXPECT_EQ(keras::metrics::Precision().name(), "precision");
  EXPECT_EQ(keras::metrics::Precision().name(), "precision_1");
  EXPECT_EQ(keras::metrics::Precision({.name = "precision"}).name(), "precision");  // a given name is kept
  EXPECT_EQ(keras::metrics::Mean().name(), "mean");  // Keras names a Mean "mean" every time
  EXPECT_EQ(keras::metrics::Mean().name(), "mean");
  EXPECT_EQ(keras::optimizers::Adam().name(), "adam");
  EXPECT_EQ(keras::optimizers::Adam().name(), "adam_1");
  EXPECT_EQ(keras::utils::auto_name("dense"), "dense");
  EXPECT_EQ(layers::Dense(1).name(), "dense_1");  // layers count with everything else named "dense"
  keras::utils::clear_session();
  EXPECT_EQ(keras::metrics::Precision().name(), "precision");
  EXPECT_EQ(keras::optimizers::Adam().name(), "adam");
}

TEST(LayerTest, CopiesAndRepeatedCallsShareWeights) {
  layers::Dense dense(2);
  layers::Dense copy = dense;
  tf::Tensor x = tf::constant({{1.0f, 2.0f}});
  tf::Tensor y1 = copy(x);
  EXPECT_TRUE(dense.built());
  tf::Tensor y2 = dense(x);
  EXPECT_EQ(y1.numpy<float>(), y2.numpy<float>());
  EXPECT_EQ(dense.kernel().id(), copy.kernel().id());
  dense(x);
  EXPECT_EQ(dense.weights().size(), 2u);
}

TEST(LayerTest, CustomLayerWithBuildAndAddWeight) {
  Linear layer(3);
  tf::Tensor y = layer(tf::ones({4, 5}));
  EXPECT_EQ(y.shape(), tf::TensorShape({4, 3}));
  ASSERT_EQ(layer.trainable_weights().size(), 2u);
  EXPECT_EQ(layer.trainable_weights()[0].name(), layer.name() + "/w:0");
  EXPECT_EQ(layer.variables().size(), 2u);  // also a tf::Module
}

TEST(LayerTest, FreezingMovesWeightsToNonTrainable) {
  layers::Dense dense(2);
  dense(tf::ones({1, 3}));
  dense.set_trainable(false);
  EXPECT_TRUE(dense.trainable_weights().empty());
  EXPECT_EQ(dense.non_trainable_weights().size(), 2u);
  dense.set_trainable(true);
  EXPECT_EQ(dense.trainable_weights().size(), 2u);
}

TEST(LayerTest, NonTrainableWeightsComeAfterTrainableOnes) {
  class WithStats : public keras::Layer {
   public:
    void build(const tf::TensorShape& s) override {
      add_weight("moving_mean", {s[-1]}, {.initializer = "zeros", .trainable = false});
      add_weight("gamma", {s[-1]}, {.initializer = "ones"});
    }
    tf::Tensor call(const tf::Tensor& x, bool) override { return (x - weight(0)) * weight(1); }
  } layer;
  layer(tf::ones({2, 3}));
  ASSERT_EQ(layer.weights().size(), 2u);
  EXPECT_NE(layer.weights()[0].name().find("gamma"), std::string::npos);
  EXPECT_NE(layer.weights()[1].name().find("moving_mean"), std::string::npos);
  EXPECT_EQ(layer.trainable_weights().size(), 1u);
}

// A layer that reads its input's mask: the sum over time of the unmasked steps.
class MaskedSum : public keras::Layer {
 public:
  MaskedSum() { set_supports_masking(); }
  std::vector<tf::Tensor> call_masked(const std::vector<tf::Tensor>& inputs, const std::vector<tf::Tensor>& masks,
                                      bool) override {
    if (!masks[0].defined()) return {tf::reduce_sum(inputs[0], {1})};
    return {tf::reduce_sum(inputs[0] * tf::expand_dims(tf::cast(masks[0], inputs[0].dtype()), -1), {1})};
  }
  tf::Tensor compute_mask(const std::vector<tf::Tensor>&, const std::vector<tf::Tensor>&) override { return {}; }
  TFPP_KERAS_LAYER(MaskedSum)
};

TEST(LayerTest, TrainingArgumentAndAddLoss) {
  ActivityLoss layer;
  tf::Tensor x = tf::constant({1.0f, 2.0f, 3.0f});
  EXPECT_EQ(layer(x).numpy<float>(), (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(layer(x, true).numpy<float>(), (std::vector<float>{2, 4, 6}));
  ASSERT_EQ(layer.losses().size(), 1u);  // replaced, not accumulated, by the second call
  EXPECT_FLOAT_EQ(layer.losses()[0].item<float>(), 3.0f);
}

TEST(LayerTest, LayerOverridingOnlyCallMaskedGetsMasksEagerlyAndInModels) {
  const tf::Tensor x = tf::constant({{{1.0f}, {2.0f}, {4.0f}}});
  MaskedSum layer;
  EXPECT_EQ(layer(x).numpy<float>(), std::vector<float>{7});
  EXPECT_EQ(layer(keras::with_keras_mask(x, tf::constant({{true, false, true}}))).numpy<float>(), std::vector<float>{5});
  // The Functional API infers the output shape through call_masked; the Embedding's mask reaches it.
  keras::KerasTensor ids = keras::Input({tf::None}, {.dtype = tf::int32});
  layers::Embedding embed(4, 1, {.mask_zero = true});
  keras::Model model(ids, MaskedSum()(embed(ids)));
  EXPECT_EQ(model.outputs()[0].shape(), tf::TensorShape({tf::None, 1}));
  embed.set_weights({tf::constant({{10.0f}, {1.0f}, {2.0f}, {3.0f}})});
  EXPECT_EQ(model(tf::constant({{1, 0, 3}, {2, 2, 0}})).numpy<float>(), (std::vector<float>{4, 4}));
}

// A layer that passes its input on and records the mask each call saw (undefined for none).
class MaskSpy : public keras::Layer {
 public:
  MaskSpy() { set_supports_masking(); }
  std::vector<tf::Tensor> call_masked(const std::vector<tf::Tensor>& inputs, const std::vector<tf::Tensor>& masks,
                                      bool) override {
    seen->push_back(masks[0]);
    return {inputs[0]};
  }
  std::shared_ptr<std::vector<tf::Tensor>> seen = std::make_shared<std::vector<tf::Tensor>>();
  TFPP_KERAS_LAYER(MaskSpy)
};

TEST(LayerTest, FunctionalConstructionGivesCallsTheMasksOfKerasTensors) {
  // As Keras' symbolic call: a layer called on a KerasTensor that carries a mask sees a mask of
  // its shape, and its output carries the mask compute_mask gives (here the same, passed on).
  keras::KerasTensor ids = keras::Input({tf::None}, {.dtype = tf::int32});
  layers::Embedding embed(4, 2, {.mask_zero = true});
  const keras::KerasTensor embedded = embed(ids);
  ASSERT_TRUE(embedded.mask_shape());
  EXPECT_EQ(*embedded.mask_shape(), tf::TensorShape({tf::None, tf::None}));
  EXPECT_FALSE(ids.mask_shape());
  MaskSpy spy;
  const keras::KerasTensor passed = spy(embedded);
  ASSERT_EQ(spy.seen->size(), 1u);
  ASSERT_TRUE((*spy.seen)[0].defined());
  EXPECT_EQ((*spy.seen)[0].dtype(), tf::bool_);
  EXPECT_EQ((*spy.seen)[0].shape(), tf::TensorShape({tf::None, tf::None}));
  ASSERT_TRUE(passed.mask_shape());
  // A layer that consumes the mask (an RNN without return_sequences) ends it; one without a mask sees none.
  EXPECT_FALSE(layers::LSTM(3)(passed).mask_shape());
  MaskSpy plain;
  plain(keras::Input({3}));
  EXPECT_FALSE((*plain.seen)[0].defined());
  keras::Model model(ids, passed);
  model(tf::constant({{1, 0, 3}}));
  ASSERT_EQ(spy.seen->size(), 2u);
  EXPECT_EQ((*spy.seen)[1].numpy<bool>(), (std::vector<bool>{true, false, true}));
}

TEST(LayerTest, RegularizersFeedLosses) {
  layers::Dense dense(1, {.kernel_initializer = "ones", .kernel_regularizer = keras::regularizers::L2(0.5)});
  dense(tf::ones({1, 4}));
  ASSERT_EQ(dense.losses().size(), 1u);
  EXPECT_FLOAT_EQ(dense.losses()[0].item<float>(), 2.0f);  // 0.5 * 4 * 1^2
  layers::Dense l1(1, {.kernel_initializer = keras::initializers::Constant(-2),
                       .kernel_regularizer = keras::regularizers::L1L2(0.1, 0.01)});
  l1(tf::ones({1, 2}));
  EXPECT_NEAR(l1.losses()[0].item<float>(), 0.1 * 4 + 0.01 * 8, 1e-6);
}

TEST(LayerTest, ConstraintsProjectWeights) {
  layers::Dense dense(2, {.kernel_initializer = keras::initializers::Constant(-3), .kernel_constraint = "non_neg"});
  dense(tf::ones({1, 2}));
  dense.apply_constraints();
  for (float v : dense.kernel().numpy<float>()) EXPECT_EQ(v, 0.0f);
  layers::Dense capped(1, {.kernel_initializer = keras::initializers::Constant(3),
                           .kernel_constraint = keras::constraints::MaxNorm(1.0)});
  capped(tf::ones({1, 4}));
  capped.apply_constraints();
  for (float v : capped.kernel().numpy<float>()) EXPECT_NEAR(v, 0.5f, 1e-5);  // column norm 6 -> 1
}

TEST(LayerTest, SetWeightsChecksShapes) {
  layers::Dense dense(2);
  dense(tf::ones({1, 3}));
  dense.set_weights({tf::ones({3, 2}), tf::constant({1.0f, 2.0f})});
  EXPECT_EQ(dense(tf::ones({1, 3})).numpy<float>(), (std::vector<float>{4, 5}));
  const std::string msg = tf::testing::error_of([&] { dense.set_weights({tf::ones({2, 2}), tf::ones({2})}); });
  EXPECT_NE(msg.find("(3, 2)"), std::string::npos) << msg;
  EXPECT_THROW(dense.set_weights({tf::ones({3, 2})}), tf::InvalidArgumentError);
}

TEST(LayerTest, WrongInputShapeNamesLayerAndShapes) {
  layers::Dense dense(2, {.name = "probe"});
  dense(tf::ones({1, 3}));
  const std::string msg = tf::testing::error_of([&] { dense(tf::ones({4, 5})); });
  EXPECT_EQ(msg.rfind("[probe]", 0), 0u) << msg;
  EXPECT_NE(msg.find("expected axis -1 of input shape to have value 3"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(4, 5)"), std::string::npos) << msg;
  EXPECT_THROW(layers::Dense(0), tf::InvalidArgumentError);
  EXPECT_THROW(layers::Dense(2, {.activation = "no_such_activation"}), tf::InvalidArgumentError);
  EXPECT_THROW(layers::Dense(2, {.kernel_initializer = "nope"}), tf::InvalidArgumentError);
}

TEST(LayerTest, MergeLayersRejectShapesThatDoNotBroadcast) {
  EXPECT_EQ(tf::testing::error_of([] { layers::Multiply({.name = "mul"})({tf::ones({2, 4, 3}), tf::ones({2, 4, 2})}); }),
            "[mul] Inputs have incompatible shapes. Received shapes (4, 3) and (4, 2)");
  EXPECT_EQ(tf::testing::error_of([] { layers::Add({.name = "sum"})({tf::ones({2, 3}), tf::ones({4, 3})}); }),
            "[sum] Cannot merge tensors with different batch sizes. Received tensors with shapes [(2, 3), (4, 3)]");
  // The longer shape comes first, as in Keras' message.
  EXPECT_EQ(tf::testing::error_of([] { layers::Add({.name = "ranks"})({tf::ones({2, 3}), tf::ones({2, 4, 2})}); }),
            "[ranks] Inputs have incompatible shapes. Received shapes (4, 2) and (3,)");
  EXPECT_EQ(layers::Multiply()({tf::ones({2, 4, 4, 3}), tf::ones({2, 1, 1, 3})}).shape(), tf::TensorShape({2, 4, 4, 3}));
}

TEST(LayerTest, BuildRunsEagerlyInsideATrace) {
  layers::Dense dense(3);
  auto fn = tf::function([&](const tf::Tensor& x) { return dense(x); });
  tf::Tensor y = fn(tf::ones({2, 4}));
  EXPECT_EQ(y.shape(), tf::TensorShape({2, 3}));
  EXPECT_TRUE(dense.built());
  EXPECT_FALSE(dense.kernel().read_value().is_symbolic());
  fn(tf::ones({5, 4}));
  EXPECT_EQ(dense.weights().size(), 2u);
}

TEST(LayerTest, ConfigRoundTrips) {
  layers::Dense dense(7, {.activation = "tanh", .use_bias = false, .kernel_initializer = "he_normal",
                          .kernel_regularizer = keras::regularizers::L2(0.25), .name = "roundtrip"});
  keras::Config c = dense.get_config();
  EXPECT_EQ(c.at("units").get<std::int64_t>(), 7);
  EXPECT_EQ(c.at("activation").get<std::string>(), "tanh");
  layers::Dense again = layers::Dense::from_config(c);
  EXPECT_EQ(keras::to_json(again.get_config()), keras::to_json(c));
  layers::Reshape r({2, -1}, {.name = "r"});
  EXPECT_EQ(keras::to_json(layers::Reshape::from_config(r.get_config()).get_config()), keras::to_json(r.get_config()));
  layers::ReLU relu({.max_value = 6.0, .name = "relu6"});
  EXPECT_EQ(keras::to_json(layers::ReLU::from_config(relu.get_config()).get_config()), keras::to_json(relu.get_config()));
  layers::Dot dot({1}, {.normalize = true, .name = "dot"});
  EXPECT_EQ(keras::to_json(layers::Dot::from_config(dot.get_config()).get_config()), keras::to_json(dot.get_config()));
}

TEST(LayerTest, InitializersHaveKerasStatistics) {
  namespace init = keras::initializers;
  tf::Tensor g = init::GlorotUniform({.seed = 3})({200, 300});
  const float limit = std::sqrt(6.0f / 500.0f);
  for (float v : g.numpy<float>()) ASSERT_LE(std::abs(v), limit);
  tf::Tensor h = init::HeNormal({.seed = 4})({400, 300});
  const double var = tf::reduce_mean(tf::math::square(h)).item<float>();
  EXPECT_NEAR(var, 2.0 / 400, 0.1 * 2.0 / 400);
  tf::Tensor o = init::Orthogonal()({6, 4});
  tf::Tensor gram = tf::matmul(tf::transpose(o), o);
  std::vector<float> gv = gram.numpy<float>();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) EXPECT_NEAR(gv[i * 4 + j], i == j ? 1.0f : 0.0f, 1e-5);
  EXPECT_EQ(init::Constant(2.5)({2}).numpy<float>(), (std::vector<float>{2.5f, 2.5f}));
  EXPECT_EQ(init::get("ones")({1}, tf::float64).dtype(), tf::float64);
}

TEST(LayerTest, CoreLayerShapes) {
  tf::Tensor x = tf::reshape(tf::cast(tf::range(24), tf::float32), {2, 3, 4});
  EXPECT_EQ(layers::Flatten()(x).shape(), tf::TensorShape({2, 12}));
  EXPECT_EQ(layers::Reshape({4, -1})(x).shape(), tf::TensorShape({2, 4, 3}));
  EXPECT_EQ(layers::Permute({2, 1})(x).shape(), tf::TensorShape({2, 4, 3}));
  EXPECT_EQ(layers::RepeatVector(5)(tf::ones({2, 3})).shape(), tf::TensorShape({2, 5, 3}));
  EXPECT_THROW(layers::Reshape({5})(x), tf::InvalidArgumentError);
  layers::Dropout drop(0.5, {.seed = 1});
  EXPECT_EQ(drop(x).numpy<float>(), x.numpy<float>());
  tf::Tensor dropped = drop(tf::ones({1000}), true);
  int zeros = 0;
  for (float v : dropped.numpy<float>()) {
    if (v == 0) ++zeros;
    else EXPECT_FLOAT_EQ(v, 2.0f);
  }
  EXPECT_GT(zeros, 400);
  EXPECT_LT(zeros, 600);
  EXPECT_EQ(layers::Lambda([](const tf::Tensor& t) { return t * 3.0f; })(tf::ones({2})).numpy<float>(),
            (std::vector<float>{3, 3}));
  EXPECT_EQ(layers::Rescaling(0.5, {.offset = 1})(tf::constant({2, 4})).numpy<float>(), (std::vector<float>{2, 3}));
}

}  // namespace
