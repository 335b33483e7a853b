// Sequential, Functional and subclassed models: building, calling, layers, sharing, nesting.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "error_of.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;

TEST(ModelTest, SequentialWithInputShapeBuildsAtOnce) {
  keras::Sequential model({layers::Reshape({28 * 28}, {.input_shape = {28, 28}}),
                           layers::Dense(100, {.activation = "relu"}), layers::Dense(10)},
                          {.name = "seq_built"});
  EXPECT_TRUE(model.built());
  EXPECT_EQ(model.layers().size(), 3u);
  EXPECT_EQ(model.count_params(), 78500 + 1010);
  const std::string kernel = model.weights()[0].name();
  EXPECT_EQ(kernel, "seq_built/" + model.get_layer(1).name() + "/kernel:0");
  tf::Tensor y = model(tf::ones({5, 28, 28}));
  EXPECT_EQ(y.shape(), tf::TensorShape({5, 10}));
  EXPECT_EQ(model.output().shape(), tf::TensorShape({tf::None, 10}));
}

TEST(ModelTest, SequentialBuildsOnFirstCallAndAddPop) {
  keras::Sequential model;
  model.add(layers::Dense(4, {.activation = "relu"}));
  model.add(layers::Dense(2));
  EXPECT_FALSE(model.built());
  EXPECT_TRUE(model.weights().empty());
  tf::Tensor y = model(tf::ones({3, 5}));
  EXPECT_EQ(y.shape(), tf::TensorShape({3, 2}));
  EXPECT_TRUE(model.built());
  EXPECT_EQ(model.weights().size(), 4u);
  model.pop();
  EXPECT_EQ(model.layers().size(), 1u);
  EXPECT_EQ(model(tf::ones({3, 5})).shape(), tf::TensorShape({3, 4}));
  EXPECT_EQ(model.weights().size(), 2u);
  keras::Sequential built({layers::Dense(3)});
  built.build({tf::None, 4});
  EXPECT_EQ(built.count_params(), 15);
}

TEST(ModelTest, InputsOneAxisOffAnExpectedLastAxisOfOneAreAdjusted) {
  // As Keras' Functional._adjust_input_rank: a vector feeds a (None, 1) input, and an extra last
  // axis of size 1 is dropped.
  keras::Sequential column({layers::Dense(2, {.input_shape = {1}})});
  EXPECT_EQ(column(tf::ones({5})).shape(), tf::TensorShape({5, 2}));
  auto x = keras::Input({3});
  keras::Model functional(x, layers::Dense(2)(x));
  EXPECT_EQ(functional(tf::ones({4, 3, 1})).shape(), tf::TensorShape({4, 2}));
  EXPECT_NE(tf::testing::error_of([&] { functional(tf::ones({4})); }).find("is incompatible with the layer"), std::string::npos);
}

TEST(ModelTest, FunctionalMultiInputMultiOutput) {
  auto image = keras::Input({8}, {.name = "image"});
  auto meta = keras::Input({3}, {.name = "meta"});
  layers::Dense shared(4, {.activation = "relu", .name = "shared"});
  auto a = shared(image);
  auto b = layers::Dense(4, {.name = "meta_proj"})(meta);
  auto joined = layers::Concatenate({.name = "join"})({a, b});
  auto out1 = layers::Dense(2, {.name = "out1"})(joined);
  auto out2 = layers::Add({.name = "sum"})({a, b});
  keras::Model model({image, meta}, {out1, out2}, {.name = "two_heads"});
  EXPECT_EQ(model.layers().size(), 7u);
  EXPECT_EQ(model.layers()[0]->name(), "image");
  EXPECT_EQ(joined.shape(), tf::TensorShape({tf::None, 8}));
  std::vector<tf::Tensor> outs = model.call_all({tf::ones({2, 8}), tf::ones({2, 3})});
  ASSERT_EQ(outs.size(), 2u);
  EXPECT_EQ(outs[0].shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(outs[1].shape(), tf::TensorShape({2, 4}));
  // The same values as running the layers by hand.
  tf::Tensor ha = shared(tf::ones({2, 8}));
  tf::Tensor hb = model.get_layer("meta_proj")(tf::ones({2, 3}));
  EXPECT_EQ(outs[1].numpy<float>(), (ha + hb).numpy<float>());
  const std::string msg = tf::testing::error_of([&] { model.call_all({tf::ones({2, 8})}); });
  EXPECT_NE(msg.find("expects 2 input(s)"), std::string::npos) << msg;
  const std::string shape_msg = tf::testing::error_of([&] { model.call_all({tf::ones({2, 7}), tf::ones({2, 3})}); });
  EXPECT_NE(shape_msg.find("(None, 8)"), std::string::npos) << shape_msg;
}

TEST(ModelTest, SharedLayerUsedTwiceHasOneSetOfWeights) {
  auto left = keras::Input({5});
  auto right = keras::Input({5});
  layers::Dense encoder(3, {.name = "encoder"});
  auto distance = layers::Subtract()({encoder(left), encoder(right)});
  keras::Model siamese({left, right}, {distance});
  EXPECT_EQ(siamese.trainable_weights().size(), 2u);
  tf::Tensor x = tf::ones({1, 5});
  for (float v : siamese({x, x}).numpy<float>()) EXPECT_EQ(v, 0.0f);
}

TEST(ModelTest, FeatureExtractionThroughGetLayerOutput) {
  keras::Sequential base({layers::Dense(6, {.activation = "relu", .input_shape = {4}, .name = "fe_hidden"}),
                          layers::Dense(2, {.name = "fe_out"})});
  keras::Model extractor(base.inputs(), {base.get_layer("fe_hidden").output()});
  tf::Tensor x = tf::ones({3, 4});
  tf::Tensor features = extractor(x);
  EXPECT_EQ(features.shape(), tf::TensorShape({3, 6}));
  EXPECT_EQ(features.numpy<float>(), base.get_layer("fe_hidden")(x).numpy<float>());
}

TEST(ModelTest, NestedModelsAreLayers) {
  keras::Sequential inner({layers::Dense(3, {.input_shape = {2}})}, {.name = "inner"});
  auto x = keras::Input({2});
  auto y = layers::Dense(1)(inner(x));
  keras::Model outer(x, y);
  EXPECT_EQ(outer.weights().size(), 4u);
  EXPECT_EQ(outer(tf::ones({4, 2})).shape(), tf::TensorShape({4, 1}));
  keras::Sequential stacked({inner, layers::Dense(5)});
  EXPECT_EQ(stacked(tf::ones({1, 2})).shape(), tf::TensorShape({1, 5}));
  EXPECT_EQ(stacked.weights()[0].id(), inner.weights()[0].id());
}

class TwoLayerNet : public keras::Model {
 public:
  TwoLayerNet() : Model({.name = "two_layer_net"}) {}
  tf::Tensor call(const tf::Tensor& x, bool training) override {
    tf::Tensor h = hidden_(x);
    if (training) h = dropout_(h);
    return out_(h);
  }
  TFPP_KERAS_LAYER(TwoLayerNet)

 private:
  layers::Dense hidden_{8, {.activation = "relu"}};
  layers::Dropout dropout_{0.5};
  layers::Dense out_{2};
};

TEST(ModelTest, SubclassedModelTracksLayersItCalls) {
  TwoLayerNet net;
  EXPECT_TRUE(net.weights().empty());
  EXPECT_EQ(net(tf::ones({3, 4})).shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(net.layers().size(), 2u);  // dropout was not called in inference
  EXPECT_EQ(net.trainable_weights().size(), 4u);
  EXPECT_EQ(net.weights()[0].name(), "two_layer_net/" + net.layers()[0]->name() + "/kernel:0");
  net(tf::ones({3, 4}), true);
  EXPECT_EQ(net.layers().size(), 3u);
  net.set_trainable(false);
  EXPECT_TRUE(net.trainable_weights().empty());
}

TEST(ModelTest, InputsMustComeFromInput) {
  auto x = keras::Input({3});
  auto h = layers::Dense(2)(x);
  EXPECT_THROW(keras::Model(h, h), tf::InvalidArgumentError);
  auto other = keras::Input({3});
  auto y = layers::Add()({h, layers::Dense(2)(other)});
  const std::string msg = tf::testing::error_of([&] { keras::Model(x, y); });
  EXPECT_NE(msg.find("graph disconnected"), std::string::npos) << msg;
  EXPECT_THROW(keras::Sequential({layers::Dense(2, {.input_shape = {3}})}).get_layer("missing"), tf::NotFoundError);
}

}  // namespace
