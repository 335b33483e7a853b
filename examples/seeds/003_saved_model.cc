// Seed 003, saving and loading with the SavedModel format: tf.saved_model.save(model, "path")
// writes the graph (saved_model.pb) and the weights (variables/), and tf.saved_model.load("path")
// loads it back without the code that built it; first a tf.Module, then a Keras model.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <tfpp/keras/keras.h>
#include <tfpp/module.h>
#include <tfpp/saved_model.h>
#include <tfpp/tfpp.h>

namespace fs = std::filesystem;
namespace keras = tf::keras;
namespace layers = tf::keras::layers;

class Dense : public tf::Module {
 public:
  Dense(std::int64_t in_features, std::int64_t out_features, std::string name)
      : Module(std::move(name)),
        w_(add_variable("w", tf::Variable(tf::reshape(tf::range(0.0, double(in_features * out_features), 1.0, tf::float32) * 0.25f - 1.0f,
                                                      {in_features, out_features}),
                                          {.name = "w"}))),
        b_(add_variable("b", tf::Variable(tf::zeros({out_features}), {.name = "b"}))) {}
  tf::Tensor operator()(const tf::Tensor& x) const { return tf::nn::relu(tf::matmul(x, w_) + b_); }

 private:
  tf::Variable w_, b_;
};

class SequentialModule : public tf::Module {
 public:
  explicit SequentialModule(std::string name)
      : Module(std::move(name)),
        dense_1_(add_module("dense_1", Dense(3, 3, "dense"))),
        dense_2_(add_module("dense_2", Dense(3, 2, "dense"))) {}
  tf::Tensor operator()(const tf::Tensor& x) const { return dense_2_(dense_1_(x)); }

 private:
  Dense dense_1_, dense_2_;
};

// Python's print of a sorted list of file names: ['a', 'b'].
void print_listing(const std::string& dir) {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  std::cout << "[";
  for (std::size_t i = 0; i < names.size(); ++i) std::cout << (i ? ", " : "") << "'" << names[i] << "'";
  std::cout << "]\n";
}

// Python's print of the dict a signature returns: {'output_0': <tf.Tensor: ...>}.
void print_outputs(const std::map<std::string, tf::Tensor>& outputs) {
  std::cout << "{";
  bool first = true;
  for (const auto& [name, tensor] : outputs) std::cout << (std::exchange(first, false) ? "" : ", ") << "'" << name << "': " << tensor.repr();
  std::cout << "}\n";
}

void print_signature_keys(const tf::saved_model::Loaded& loaded) {
  std::cout << "[";
  bool first = true;
  for (const auto& [key, signature] : loaded.signatures) std::cout << (std::exchange(first, false) ? "" : ", ") << "'" << key << "'";
  std::cout << "]\n";
}

void save_and_load_module() {
  SequentialModule my_model("the_model");
  auto call = tf::function([&](const tf::Tensor& x) { return my_model(x); },
                           {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float32, "x")}});
  const tf::Tensor x = tf::constant({{2.0f, 2.0f, 2.0f}});
  std::cout << call(x) << "\n";
  tf::saved_model::save(my_model, "the_saved_model",
                        {.signatures = {{"serving_default", call.get_concrete_function(tf::TensorSpec({tf::None, 3}, tf::float32, "x"))}}});
  print_listing("the_saved_model");
  print_listing("the_saved_model/variables");

  tf::saved_model::Loaded new_model = tf::saved_model::load("the_saved_model");
  print_signature_keys(new_model);
  print_outputs(new_model.signatures.at("serving_default")({{"x", x}}));
  std::cout << new_model.variable("dense_2/w") << "\n";
  std::cout << new_model.variable("dense_2/b") << "\n";
}

void save_and_load_keras_model() {
  keras::Sequential model({layers::Dense(2, {.activation = "relu", .kernel_initializer = keras::initializers::Constant(0.5), .input_shape = {3}}),
                           layers::Dense(1, {.kernel_initializer = keras::initializers::Constant(-0.25)})});
  const tf::Tensor x = tf::constant({{1.0f, 2.0f, 3.0f}});
  std::cout << model(x) << "\n";
  tf::saved_model::save(model, "keras_saved_model");

  tf::saved_model::Loaded loaded = tf::saved_model::load("keras_saved_model");
  print_signature_keys(loaded);
  const tf::saved_model::LoadedFunction& signature = loaded.signatures.at("serving_default");
  for (const tf::TensorSpec& spec : signature.input_specs()) std::cout << spec.to_string() << "\n";
  print_outputs(signature({{"inputs", x}}));
}

int main() {
  save_and_load_module();
  save_and_load_keras_model();
  return 0;
}
