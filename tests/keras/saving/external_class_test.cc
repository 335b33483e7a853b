// Layers whose class is written outside C++ (saving::ExternalClass, as the Python front end's
// subclasses are): layers::serialize writes the class' module and registered name, and the weights
// file holds its sublayers under the attributes the class names, a list as Keras' container
// (dense, dense_1), a layer met twice at its first path only; load_weights reads the same paths.
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "keras/saving/external_class.h"
#include "keras/saving/file_bytes.h"
#include "keras/saving/h5_file.h"

namespace tf::keras {
namespace {

namespace fs = std::filesystem;
using Names = std::vector<std::string>;

// A subclassed model as a foreign class gives it: three Dense layers, one in the attribute `head`,
// two in the list `stack`, the first of them also in `zalias`.
class AttributeModel : public Model, public saving::ExternalClass {
 public:
  AttributeModel()
      : Model(ModelOptions{.name = "attribute_model"}, "AttributeModel"),
        head_(std::make_shared<layers::Dense>(1)),
        stack_{std::make_shared<layers::Dense>(3), std::make_shared<layers::Dense>(2)} {}
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool) override {
    return {(*head_)((*stack_[1])((*stack_[0])(inputs[0])))};
  }
  ConfigValue class_module() const override { return "my_package.models"; }
  std::string registered_name() const override { return "Pkg>AttributeModel"; }
  std::vector<saving::AttributeLayers> attribute_layers() const override {
    return {{"head", {head_}, false}, {"stack", {stack_[0], stack_[1]}, true}, {"zalias", {stack_[0]}, false}};
  }
  TFPP_KERAS_LAYER(AttributeModel)

 private:
  std::shared_ptr<Layer> head_;
  std::vector<std::shared_ptr<Layer>> stack_;
};

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_external_class_" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir / name;
}

Tensor inputs() { return constant({{0.0f, 0.2f, 0.4f}, {0.6f, 0.8f, 1.0f}}); }

TEST(ExternalClass, SerializeNamesItsModuleAndRegisteredName) {
  AttributeModel model;
  model(inputs());
  const Config s = layers::serialize(model);
  EXPECT_EQ(s.at("class_name"), ConfigValue("AttributeModel"));
  EXPECT_EQ(s.at("module"), ConfigValue("my_package.models"));
  EXPECT_EQ(s.at("registered_name"), ConfigValue("Pkg>AttributeModel"));
}

TEST(ExternalClass, WeightsLiveUnderTheAttributesItNames) {
  AttributeModel model;
  model(inputs());
  const std::string path = scratch("attributes.weights.h5").string();
  model.save_weights(path);
  const saving::detail::H5Reader file(saving::detail::read_file_bytes(path, "[test]"), path);
  EXPECT_EQ(file.keys(""), (Names{"head", "stack", "vars"}));  // zalias holds a layer saved already
  EXPECT_EQ(file.keys("stack"), (Names{"dense", "dense_1"}));
  EXPECT_EQ(file.keys("stack/dense/vars"), (Names{"0", "1"}));
  EXPECT_EQ(file.dataset_info("stack/dense/vars/0").shape, (std::vector<std::int64_t>{3, 3}));
  EXPECT_EQ(file.dataset_info("stack/dense_1/vars/0").shape, (std::vector<std::int64_t>{3, 2}));
  EXPECT_EQ(file.dataset_info("head/vars/0").shape, (std::vector<std::int64_t>{2, 1}));

  AttributeModel copy;
  copy(inputs());
  copy.load_weights(path);
  EXPECT_EQ(copy(inputs()).numpy<float>(), model(inputs()).numpy<float>());
}

}  // namespace
}  // namespace tf::keras
