// Model::input_shape() / output_shape() (Keras' Model.input_shape / output_shape), per-channel
// Rescaling, and op layers computed by an installed compute function or factory (what the Python
// front end uses for keras.ops on KerasTensors): serialized as Keras writes op nodes, rebuilt by
// from_config through the factory.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "error_of.h"
#include "keras/engine/call_arguments.h"
#include "keras/engine/call_context.h"
#include "keras/models/op_layers.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using List = keras::ConfigValue::List;

TEST(ModelShapesTest, SingleInputAndOutput) {
  auto x = keras::Input({4});
  keras::Model model(x, layers::Dense(2)(x));
  EXPECT_EQ(model.input_shape(), tf::TensorShape({tf::None, 4}));
  EXPECT_EQ(model.output_shape(), tf::TensorShape({tf::None, 2}));
}

TEST(ModelShapesTest, SeveralInputsOrOutputsAsk) {
  auto a = keras::Input({4});
  auto b = keras::Input({3});
  keras::Model model({a, b}, {layers::Dense(2)(a), layers::Dense(5)(b)}, {.name = "two"});
  EXPECT_EQ(tf::testing::error_of([&] { model.input_shape(); }), "[two] has 2 inputs; use inputs()[i].shape()");
  EXPECT_EQ(tf::testing::error_of([&] { model.output_shape(); }), "[two] has 2 outputs; use outputs()[i].shape()");
  EXPECT_EQ(model.outputs()[1].shape(), tf::TensorShape({tf::None, 5}));
}

TEST(ModelShapesTest, SequentialOnceBuilt) {
  keras::Sequential model({layers::Dense(3)}, {.name = "seq"});
  EXPECT_THROW(model.output_shape(), tf::FailedPreconditionError);
  model.build({tf::None, 5});
  EXPECT_EQ(model.input_shape(), tf::TensorShape({tf::None, 5}));
  EXPECT_EQ(model.output_shape(), tf::TensorShape({tf::None, 3}));
}

TEST(RescalingTest, PerChannelScaleAndOffset) {
  layers::Rescaling rescale(std::vector<double>{1.0, 0.5, 0.25}, {.offsets = {0.0, 1.0, -1.0}});
  tf::Tensor y = rescale(tf::constant(std::vector<float>{0, 1, 2, 3, 4, 5}, {2, 3}));
  EXPECT_EQ(y.numpy<float>(), (std::vector<float>{0.0f, 1.5f, -0.5f, 3.0f, 3.0f, 0.25f}));
  const keras::Config config = rescale.get_config();
  EXPECT_EQ(config.at("scale"), keras::ConfigValue(List{1.0, 0.5, 0.25}));
  EXPECT_EQ(config.at("offset"), keras::ConfigValue(List{0.0, 1.0, -1.0}));
  layers::Rescaling again = layers::Rescaling::from_config(config);
  EXPECT_EQ(again(tf::constant(std::vector<float>{0, 1, 2, 3, 4, 5}, {2, 3})).numpy<float>(), y.numpy<float>());
  EXPECT_EQ(layers::Rescaling::from_config(layers::Rescaling(2.0).get_config()).get_config().at("scale"), keras::ConfigValue(2.0));
  EXPECT_NE(tf::testing::error_of([&] { rescale(tf::ones({2, 4})); }).find("Rescaling has 3 per-channel values"), std::string::npos);
}

TEST(NameScopeTest, PrefixesNewWeightPaths) {
  keras::detail::CallContext::push_name_scope("block");
  layers::Dense dense(2, {.name = "scoped_dense"});
  dense.build({tf::None, 3});
  keras::detail::CallContext::pop_name_scope();
  EXPECT_EQ(dense.weights()[0].name(), "block/scoped_dense/kernel:0");
  layers::Dense outside(2, {.name = "plain_dense"});
  outside.build({tf::None, 3});
  EXPECT_EQ(outside.weights()[0].name(), "plain_dense/kernel:0");
}

// {"args": [x, 3.0]} with x the node's input 0.
std::shared_ptr<keras::detail::CallArguments> tensor_and_constant(double c) {
  auto arguments = std::make_shared<keras::detail::CallArguments>();
  arguments->args = List{keras::detail::input_reference(0), c};
  return arguments;
}

TEST(OpLayerTest, ComputeFunctionAndKerasConfig) {
  auto x = keras::Input({2}, {.name = "x"});
  auto arguments = tensor_and_constant(3.0);
  auto op = std::make_shared<keras::detail::OpLayer>(
      "Add", "keras.src.ops.numpy", keras::Config{{"name", "plus_three"}}, arguments,
      [](const std::vector<tf::Tensor>& in) { return std::vector<tf::Tensor>{in.at(0) + 3.0f}; });
  op->layer_state().instance = op;
  keras::Model model(x, op->call_all({x}, arguments).at(0), {.name = "ops"});
  EXPECT_EQ(model(tf::constant(std::vector<float>{1.0f, 2.0f}, {1, 2})).numpy<float>(), (std::vector<float>{4.0f, 5.0f}));
  const keras::Config config = model.get_config();
  const keras::Config& entry = config.at("layers").get<List>().at(1).get<keras::Config>();
  EXPECT_EQ(entry.at("module"), keras::ConfigValue("keras.src.ops.numpy"));
  EXPECT_EQ(entry.at("registered_name"), keras::ConfigValue("Add"));
  const List& args = entry.at("inbound_nodes").get<List>().at(0).get<keras::Config>().at("args").get<List>();
  EXPECT_EQ(args.at(1), keras::ConfigValue(3.0));

  // from_config asks the installed factory first: here one that doubles instead of adding.
  int asked = 0;
  keras::detail::set_op_layer_factory([&](const keras::Config& e, std::shared_ptr<const keras::detail::CallArguments> a) {
    ++asked;
    auto layer = std::make_shared<keras::detail::OpLayer>(
        e.at("class_name").get<std::string>(), e.at("module").get<std::string>(), e.at("config").get<keras::Config>(), a,
        [](const std::vector<tf::Tensor>& in) { return std::vector<tf::Tensor>{in.at(0) * 2.0f}; });
    layer->layer_state().instance = layer;
    return layer;
  });
  keras::Model doubled = keras::Model::from_config(config);
  keras::detail::set_op_layer_factory(nullptr);
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(doubled(tf::constant(std::vector<float>{1.0f, 2.0f}, {1, 2})).numpy<float>(), (std::vector<float>{2.0f, 4.0f}));
  // Without a factory, tfpp's own table computes Add with the node's constant.
  keras::Model own = keras::Model::from_config(config);
  EXPECT_EQ(own(tf::constant(std::vector<float>{1.0f, 2.0f}, {1, 2})).numpy<float>(), (std::vector<float>{4.0f, 5.0f}));
}

}  // namespace
