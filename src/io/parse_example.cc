// parse_single_example / parse_example: Example records into tensors.
#include <algorithm>

#include "core/tensor_impl.h"
#include "data/tensor_copy.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/io/parsing.h"
#include "tfpp/train/example.h"

namespace tf::io {
namespace {

const char* list_name(const train::Feature& f) {
  switch (f.kind.index()) {
    case 1: return "bytes_list";
    case 2: return "float_list";
    case 3: return "int64_list";
    default: return "no list";
  }
}

DType spec_dtype(const FeatureSpec& spec) {
  return std::visit([](const auto& s) { return s.dtype; }, spec);
}

void check_spec(const std::string& name, const FeatureSpec& spec) {
  const DType d = spec_dtype(spec);
  if (d != float32 && d != int64 && d != string)
    throw InvalidArgumentError("[ParseExample] feature '" + name + "': dtype must be float32, int64 or string, got " +
                               std::string(dtype_name(d)));
  if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) {
    if (!fixed->shape.is_fully_defined())
      throw InvalidArgumentError("[ParseExample] feature '" + name + "': FixedLenFeature needs a fully defined shape, got " +
                                 fixed->shape.debug_string());
    const Tensor& dv = fixed->default_value;
    if (dv.defined() && (dv.dtype() != d || (dv.num_elements() != 1 && dv.num_elements() != fixed->shape.num_elements())))
      throw InvalidArgumentError("[ParseExample] feature '" + name + "': default_value must be " +
                                 std::string(dtype_name(d)) + " with 1 or " + std::to_string(fixed->shape.num_elements()) +
                                 " elements, got " + std::string(dtype_name(dv.dtype())) + " " + dv.shape().debug_string());
  }
}

// The values of feature `f` as a 1-D tensor of `dtype`; throws if the list kind differs.
Tensor values_of(const std::string& name, const train::Feature& f, DType dtype) {
  auto mismatch = [&](const char* want) {
    return InvalidArgumentError("[ParseExample] feature '" + name + "': the spec's dtype " + std::string(dtype_name(dtype)) +
                                " needs a " + want + " but the example holds " + list_name(f));
  };
  if (dtype == float32) {
    const auto* l = std::get_if<train::FloatList>(&f.kind);
    if (!l) throw mismatch("float_list");
    return constant(l->value);
  }
  if (dtype == int64) {
    const auto* l = std::get_if<train::Int64List>(&f.kind);
    if (!l) throw mismatch("int64_list");
    return constant(l->value);
  }
  const auto* l = std::get_if<train::BytesList>(&f.kind);
  if (!l) throw mismatch("bytes_list");
  return constant(l->value);
}

Tensor fixed_value(const std::string& name, const FixedLenFeature& spec, const train::Features& features) {
  const auto it = features.feature.find(name);
  // An empty list counts as missing, as in TensorFlow.
  if (it == features.feature.end() || it->second.kind.index() == 0) {
    if (!spec.default_value.defined())
      throw InvalidArgumentError("[ParseExample] feature '" + name + "' is required but missing (no default_value)");
    if (spec.default_value.num_elements() == 1) return fill(spec.shape, spec.default_value);
    return core::view(spec.default_value, spec.shape);
  }
  Tensor v = values_of(name, it->second, spec.dtype);
  if (v.num_elements() != spec.shape.num_elements())
    throw InvalidArgumentError("[ParseExample] feature '" + name + "': expected " +
                               std::to_string(spec.shape.num_elements()) + " values (shape " + spec.shape.debug_string() +
                               ") but the example has " + std::to_string(v.num_elements()));
  return core::view(v, spec.shape);
}

Tensor var_value(const std::string& name, const VarLenFeature& spec, const train::Features& features) {
  const auto it = features.feature.find(name);
  if (it == features.feature.end() || it->second.kind.index() == 0) return zeros({0}, spec.dtype);
  return values_of(name, it->second, spec.dtype);
}

train::Example decode(const Tensor& serialized, std::int64_t i) {
  try {
    return train::Example::FromString(serialized.data<std::string>()[i]);
  } catch (const DataLossError& e) {
    throw InvalidArgumentError("[ParseExample] record " + std::to_string(i) + ": " + e.what());
  }
}

std::map<std::string, Tensor> parse_one(const train::Example& ex, const std::map<std::string, FeatureSpec>& features) {
  std::map<std::string, Tensor> out;
  for (const auto& [name, spec] : features) {
    if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) out[name] = fixed_value(name, *fixed, ex.features);
    else out[name] = var_value(name, std::get<VarLenFeature>(spec), ex.features);
  }
  return out;
}

void check_inputs(const Tensor& serialized, int rank, const std::map<std::string, FeatureSpec>& features) {
  if (!serialized.defined() || serialized.dtype() != string || serialized.rank() != rank)
    throw InvalidArgumentError(std::string("[ParseExample] serialized must be a string ") +
                               (rank == 0 ? "scalar" : "vector") + ", got " +
                               (serialized.defined() ? std::string(dtype_name(serialized.dtype())) + " " +
                                                           serialized.shape().debug_string()
                                                     : std::string("an undefined tensor")));
  for (const auto& [name, spec] : features) check_spec(name, spec);
}

}  // namespace

std::map<std::string, Tensor> parse_single_example(const Tensor& serialized,
                                                   const std::map<std::string, FeatureSpec>& features) {
  check_inputs(serialized, 0, features);
  return parse_one(decode(serialized, 0), features);
}

std::map<std::string, Tensor> parse_example(const Tensor& serialized, const std::map<std::string, FeatureSpec>& features) {
  check_inputs(serialized, 1, features);
  const std::int64_t n = serialized.shape().dim(0);
  std::vector<std::map<std::string, Tensor>> rows;
  rows.reserve(n);
  for (std::int64_t i = 0; i < n; ++i) {
    try {
      rows.push_back(parse_one(decode(serialized, i), features));
    } catch (const InvalidArgumentError& e) {
      const std::string msg = e.what();
      if (msg.rfind("[ParseExample] record ", 0) == 0) throw;
      throw InvalidArgumentError("[ParseExample] record " + std::to_string(i) + ": " + msg);
    }
  }
  std::map<std::string, Tensor> out;
  for (const auto& [name, spec] : features) {
    std::vector<const Tensor*> parts;
    for (const auto& r : rows) parts.push_back(&r.at(name));
    if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) {
      TensorShape shape = fixed->shape;
      shape.insert_dim(0, n);
      out[name] = n == 0 ? zeros(shape, fixed->dtype) : data::detail::stack(parts, "[ParseExample] feature '" + name + "'");
    } else {
      std::int64_t longest = 0;
      for (const Tensor* p : parts) longest = std::max(longest, p->num_elements());
      out[name] = n == 0 ? zeros({0, 0}, spec_dtype(spec))
                         : data::detail::pad_stack(parts, TensorShape{longest}, Tensor(), "[ParseExample] feature '" + name + "'");
    }
  }
  return out;
}

}  // namespace tf::io
