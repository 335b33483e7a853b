// Layer::get_build_config / build_from_config: the shapes a layer was built for, as Keras 3
// keeps them in serialized layers so a loaded layer can be built before its weights are set.
#include <set>

#include "keras/layers/config_util.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layer.h"

namespace tf::keras {

namespace {

ConfigValue shape_config(const TensorShape& shape) {
  if (shape.has_unknown_rank()) return nullptr;
  return detail::int_list(std::vector<std::int64_t>(shape.dims().begin(), shape.dims().end()));
}

// A list of dimensions (ints or None) or, for several inputs, a list of such lists.
bool is_shape_list(const ConfigValue::List& list) {
  for (const ConfigValue& v : list)
    if (!v.is_null() && !v.holds<std::int64_t>()) return false;
  return true;
}

TensorShape shape_from(const ConfigValue& value, const std::string& who) {
  if (value.is_null()) return TensorShape::unknown_rank();
  if (!value.holds<ConfigValue::List>() || !is_shape_list(value.get<ConfigValue::List>()))
    throw InvalidArgumentError("[" + who + "] build_config holds a " + std::string(value.type_name()) +
                               " where a shape (a list of ints and None) belongs");
  const std::vector<std::int64_t> dims = detail::int_list_from(value);
  return TensorShape(std::span<const std::int64_t>(dims));
}

// Keras layers whose class keeps Layer's default build(): Keras marks them built at creation
// and serializes no build_config for them.
bool keras_builds_by_default(const std::string& class_name) {
  static const std::set<std::string> names{
      "Activation", "ActivityRegularization", "AveragePooling1D", "AveragePooling2D", "AveragePooling3D", "Cropping1D",
      "Cropping2D", "Cropping3D", "Dropout", "ELU", "Flatten", "GaussianDropout", "GaussianNoise",
      "GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalAveragePooling3D", "GlobalMaxPooling1D",
      "GlobalMaxPooling2D", "GlobalMaxPooling3D", "Identity", "InputLayer", "LeakyReLU", "Masking",
      "MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "Permute", "ReLU", "RepeatVector", "Rescaling", "Reshape",
      "Softmax", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D", "UnitNormalization", "UpSampling1D",
      "UpSampling2D", "UpSampling3D", "ZeroPadding1D", "ZeroPadding2D", "ZeroPadding3D"};
  return names.count(class_name) > 0;
}

}  // namespace

Config Layer::get_build_config() const {
  if (!built() || keras_builds_by_default(class_name())) return {};
  const std::vector<TensorShape>& shapes = build_input_shapes();
  if (shapes.empty()) return {};
  if (shapes.size() == 1) return {{"input_shape", shape_config(shapes[0])}};
  ConfigValue::List list;
  for (const TensorShape& s : shapes) list.push_back(shape_config(s));
  return {{"input_shape", list}};
}

void Layer::build_from_config(const Config& build_config) {
  auto it = build_config.find("input_shape");
  if (it == build_config.end() || built()) return;
  const ConfigValue& v = it->second;
  std::vector<TensorShape> shapes;
  if (v.holds<ConfigValue::List>() && !v.get<ConfigValue::List>().empty() &&
      !is_shape_list(v.get<ConfigValue::List>())) {
    for (const ConfigValue& s : v.get<ConfigValue::List>()) shapes.push_back(shape_from(s, name()));
  } else {
    shapes.push_back(shape_from(v, name()));
  }
  build_for(shapes);
}

}  // namespace tf::keras
