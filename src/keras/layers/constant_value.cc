#include "keras/layers/constant_value.h"

#include <span>
#include <vector>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"

namespace tf::keras::detail {

namespace {

// Appends the numbers of nested lists row-major; `dims` is set by the first path to a number
// and every other path must agree with it.
void flatten(const ConfigValue& v, std::size_t depth, std::vector<std::int64_t>& dims, bool& dims_known,
             std::vector<double>& out, const std::string& who) {
  if (!v.holds<ConfigValue::List>()) {
    if (v.holds<std::string>() || v.holds<Config>() || v.is_null())
      throw InvalidArgumentError("[" + who + "] an array value must hold numbers only");
    if (!dims_known) dims_known = true;
    else if (depth != dims.size()) throw InvalidArgumentError("[" + who + "] the array value's lists are ragged");
    out.push_back(v.as_double());
    return;
  }
  const auto& list = v.get<ConfigValue::List>();
  if (!dims_known && depth == dims.size()) dims.push_back(static_cast<std::int64_t>(list.size()));
  if (depth >= dims.size() || dims[depth] != static_cast<std::int64_t>(list.size()))
    throw InvalidArgumentError("[" + who + "] the array value's lists are ragged");
  if (list.empty()) dims_known = true;  // an empty list ends the shape: [] or [[], []]
  for (const ConfigValue& item : list) flatten(item, depth + 1, dims, dims_known, out, who);
}

Tensor float64_array(const ConfigValue& v, const std::string& who) {
  std::vector<std::int64_t> dims;
  bool dims_known = false;
  std::vector<double> values;
  flatten(v, 0, dims, dims_known, values, who);
  return tf::detail::constant_from_vector(values, TensorShape(std::span<const std::int64_t>(dims)));
}

// Nested lists of `values` (row-major) in `shape`, from dimension `axis` on.
ConfigValue nest(const std::vector<double>& values, const TensorShape& shape, int axis, std::size_t& next, bool integral) {
  if (axis == shape.rank()) {
    const double x = values[next++];
    return integral ? ConfigValue(static_cast<std::int64_t>(x)) : ConfigValue(x);
  }
  ConfigValue::List list;
  for (std::int64_t i = 0; i < shape[axis]; ++i) list.push_back(nest(values, shape, axis + 1, next, integral));
  return list;
}

}  // namespace

Tensor array_from_config(const ConfigValue& value, const std::string& who) {
  if (!value.holds<Config>()) return float64_array(value, who);
  const Config& c = value.get<Config>();
  const std::string& kind = config_at(c, "class_name", who).get<std::string>();
  if (kind != "__numpy__" && kind != "__tensor__")
    throw InvalidArgumentError("[" + who + "] expected an array value, got an object of class '" + kind + "'");
  const Config& array = config_at(c, "config", who).get<Config>();
  return cast(float64_array(config_at(array, "value", who), who),
              dtype_from(config_at(array, "dtype", who).get<std::string>()));
}

ConfigValue numpy_array_config(const Tensor& value) {
  const std::vector<double> values = cast(value, float64).numpy<double>();
  std::size_t next = 0;
  const bool integral = is_integer(value.dtype()) || value.dtype() == bool_;
  return Config{{"class_name", "__numpy__"},
                {"config", Config{{"value", nest(values, value.shape(), 0, next, integral)},
                                  {"dtype", std::string(dtype_name(value.dtype()))}}}};
}

initializers::Initializer constant_initializer(const Tensor& value, ConfigValue recorded) {
  return initializers::Initializer("Constant", {}, [value](const TensorShape& shape, DType dtype) {
    return cast(value, dtype) * ones(shape, dtype);
  }, Config{{"value", std::move(recorded)}});
}

}  // namespace tf::keras::detail
